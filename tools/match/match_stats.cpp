#include "tools/match/match_stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tempo::match {

namespace {
constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal distribution
constexpr double kInfinity = std::numeric_limits<double>::infinity();
}  // namespace

double Tally::variance() const {
    const int n = games();
    if (n == 0) return 0;
    const double s = score();
    return (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
}

double elo_from_score(double score) {
    if (score <= 0) return -kInfinity;
    if (score >= 1) return kInfinity;
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimate_elo(const Tally& tally) {
    const double s = tally.score();
    const int n = tally.games();
    // Every game the same result: no variance to go on, so the rule of three bounds the rate of the
    // results not seen yet (below 3/N at 95%) instead of a zero-width interval.
    const double variance = tally.variance();
    const double margin = n == 0 ? 0.5 : variance > 0 ? kZ95 * std::sqrt(variance / n) : 3.0 / n;
    return {elo_from_score(s), elo_from_score(std::max(0.0, s - margin)), elo_from_score(std::min(1.0, s + margin))};
}

PairedDifference paired_difference(const std::vector<std::optional<double>>& a,
                                   const std::vector<std::optional<double>>& b) {
    std::vector<double> differences;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        if (a[i] && b[i]) differences.push_back(*a[i] - *b[i]);
    PairedDifference paired;
    paired.games = static_cast<int>(differences.size());
    if (differences.empty()) return paired;
    for (const double d : differences) paired.mean += d;
    paired.mean /= paired.games;
    if (paired.games < 2) return paired;
    double squares = 0;
    for (const double d : differences) squares += (d - paired.mean) * (d - paired.mean);
    paired.standard_error = std::sqrt(squares / (paired.games - 1) / paired.games);
    return paired;
}

double SprtSettings::lower_bound() const { return std::log(beta / (1 - alpha)); }
double SprtSettings::upper_bound() const { return std::log((1 - beta) / alpha); }

double sprt_llr(const Tally& tally, const SprtSettings& sprt) {
    if (tally.games() == 0) return 0;
    // An empty outcome class counts as 1e-3 games (fishtest's regularisation): without it a run of
    // wins only has zero variance and the test could never decide.
    const auto regularised = [](int count) { return count > 0 ? static_cast<double>(count) : 1e-3; };
    const double w = regularised(tally.wins), d = regularised(tally.draws), l = regularised(tally.losses);
    const double n = w + d + l;
    const double s = (w + 0.5 * d) / n;
    const double variance = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
    const double s0 = score_from_elo(sprt.elo0), s1 = score_from_elo(sprt.elo1);
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * variance);
}

SprtVerdict sprt_verdict(double llr, const SprtSettings& sprt) {
    if (llr >= sprt.upper_bound()) return SprtVerdict::kAcceptH1;
    if (llr <= sprt.lower_bound()) return SprtVerdict::kAcceptH0;
    return SprtVerdict::kContinue;
}

}  // namespace tempo::match
