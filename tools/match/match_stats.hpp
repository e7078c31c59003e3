// Match statistics from one engine's point of view: W/D/L, score, Elo difference with a 95% interval
// from the per-game score variance (the simple trinomial model, no pentanomial pairing), and the
// GSPRT log-likelihood ratio that fishtest and cutechess-style runners use to stop a match early.
#pragma once

#include <optional>
#include <vector>

namespace tempo::match {

struct Tally {
    int wins = 0;
    int draws = 0;
    int losses = 0;
    long disc_sum = 0;  // sum of final disc differences (forfeits count +-64)

    int games() const { return wins + draws + losses; }
    // Points per game: win 1, draw 1/2, loss 0.
    double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
    // Variance of one game's points around the mean score.
    double variance() const;
    double average_discs() const { return games() ? static_cast<double>(disc_sum) / games() : 0.0; }
};

// Logistic Elo model: a score s is worth -400 log10(1/s - 1) Elo (+-infinity at 1 and 0).
double elo_from_score(double score);
double score_from_elo(double elo);

struct EloEstimate {
    double elo = 0;
    double lower = 0;  // 95% interval; may be infinite (score 0 or 1, or no variance)
    double upper = 0;
};
// Elo of the score, and the Elo of score -/+ 1.96 standard errors (clamped to [0, 1]); when every
// game had the same result, score -/+ 3/N (the rule of three) instead.
EloEstimate estimate_elo(const Tally& tally);

struct SprtSettings {
    double elo0 = 0;  // H0: the difference is elo0
    double elo1 = 5;  // H1: the difference is elo1
    double alpha = 0.05;
    double beta = 0.05;
    double lower_bound() const;  // log(beta / (1 - alpha)): accept H0 at or below
    double upper_bound() const;  // log((1 - beta) / alpha): accept H1 at or above
};

// Two runs of one match compared game by game: the same game number is the same opening with the
// same colours (same openings, seed and engine names), so pairing takes the openings' own spread out
// of the difference. `points` are engine 1's per game number (win 1, draw 1/2, loss 0; none where
// that run has no result).
struct PairedDifference {
    int games = 0;              // played in both runs
    double mean = 0;            // run a's points minus run b's, per game
    double standard_error = 0;  // of `mean`: the sample deviation of the differences over sqrt(games)
};
PairedDifference paired_difference(const std::vector<std::optional<double>>& a,
                                   const std::vector<std::optional<double>>& b);

enum class SprtVerdict { kContinue, kAcceptH0, kAcceptH1 };

// Generalised SPRT log-likelihood ratio in the normal approximation:
//   LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var),  s0/s1 = scores of elo0/elo1, s and var per game.
// An outcome (win/draw/loss) not seen yet counts as 1e-3 games, so the variance is never 0.
double sprt_llr(const Tally& tally, const SprtSettings& sprt);
SprtVerdict sprt_verdict(double llr, const SprtSettings& sprt);

}  // namespace tempo::match
