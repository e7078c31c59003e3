#include "tools/train/spsa.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>

#include "engine/parse_error.hpp"

namespace tempo::train {

namespace {

// A = N / 10: the learning rate's stability constant (Spall's advice for noisy measurements).
double stability(const SpsaSettings& settings) { return 0.1 * settings.iterations; }

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

}  // namespace

double spsa_c(const SpsaParameter& parameter, const SpsaSettings& settings, int k) {
    return parameter.c_end * std::pow(static_cast<double>(settings.iterations) / k, settings.gamma);
}

double spsa_a(const SpsaParameter& parameter, const SpsaSettings& settings, int k) {
    const double a = stability(settings);
    return parameter.r_end * parameter.c_end * parameter.c_end *
           std::pow((a + settings.iterations) / (a + k), settings.alpha);
}

SpsaPerturbation spsa_perturb(const std::vector<SpsaParameter>& parameters, const SpsaSettings& settings, int k) {
    std::mt19937_64 random(settings.seed * 1'000'003u + static_cast<std::uint64_t>(k));
    SpsaPerturbation perturbation;
    for (const SpsaParameter& p : parameters) {
        const int sign = (random() >> 63) ? 1 : -1;
        const double c = spsa_c(p, settings, k);
        const auto clamp = [&p](double v) { return static_cast<int>(std::lround(std::clamp(v, p.min, p.max))); };
        perturbation.signs.push_back(sign);
        perturbation.plus.push_back(clamp(p.value + sign * c));
        perturbation.minus.push_back(clamp(p.value - sign * c));
    }
    return perturbation;
}

void spsa_update(std::vector<SpsaParameter>& parameters, const SpsaSettings& settings, int k,
                 const SpsaPerturbation& perturbation, int result) {
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        SpsaParameter& p = parameters[i];
        const double step = spsa_a(p, settings, k) / spsa_c(p, settings, k) * result * perturbation.signs[i];
        p.value = std::clamp(p.value + step, p.min, p.max);
    }
}

std::string spsa_log_header(const SpsaSettings& settings, const std::vector<SpsaParameter>& parameters) {
    std::string header = "spsa iterations=" + std::to_string(settings.iterations) +
                         " seed=" + std::to_string(settings.seed) + " alpha=" + number(settings.alpha) +
                         " gamma=" + number(settings.gamma) + "\n";
    for (const SpsaParameter& p : parameters)
        header += "param " + p.name + " start=" + number(p.value) + " min=" + number(p.min) + " max=" + number(p.max) +
                  " c_end=" + number(p.c_end) + " r_end=" + number(p.r_end) + "\n";
    return header;
}

std::string spsa_log_line(const SpsaIteration& iteration, const std::vector<SpsaParameter>& parameters) {
    std::string line = "iteration " + std::to_string(iteration.k) + " wins=" + std::to_string(iteration.wins) +
                       " draws=" + std::to_string(iteration.draws) + " losses=" + std::to_string(iteration.losses);
    for (std::size_t i = 0; i < parameters.size(); ++i)
        line += " " + parameters[i].name + "=" + number(iteration.theta[i]);
    return line + "\n";
}

std::vector<SpsaIteration> read_spsa_log(std::string_view text, const std::string& path, const SpsaSettings& settings,
                                         const std::vector<SpsaParameter>& parameters) {
    const std::string header = spsa_log_header(settings, parameters);
    if (text.substr(0, header.size()) != header) {
        // Name the first header line that differs.
        std::istringstream expected(header), found{std::string(text.substr(0, header.size() + 200))};
        std::string want, got;
        int line = 0;
        while (std::getline(expected, want)) {
            ++line;
            if (!std::getline(found, got) || got != want)
                throw ParseError(path + ":" + std::to_string(line) + ": this log is of another SPSA run: " +
                                 quoted_input(got, 80) + " where this run has " + quoted_input(want, 80) +
                                 " (give another --log, or the run's own settings)");
        }
    }
    std::vector<SpsaIteration> iterations;
    std::size_t at = header.size();
    int line_number = static_cast<int>(parameters.size()) + 1;
    while (at < text.size()) {
        const std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) break;  // cut short by an interruption: that iteration is played again
        const std::string line(text.substr(at, end - at));
        at = end + 1;
        ++line_number;
        std::istringstream fields(line);
        SpsaIteration iteration;
        std::string word, wins, draws, losses;
        const auto bad = [&](const std::string& why) {
            return ParseError(path + ":" + std::to_string(line_number) + ": " + why + ": " + quoted_input(line, 80));
        };
        fields >> word >> iteration.k >> wins >> draws >> losses;
        if (!fields || word != "iteration") throw bad("not an iteration line");
        if (iteration.k != static_cast<int>(iterations.size()) + 1) throw bad("iteration out of order");
        if (std::sscanf(wins.c_str(), "wins=%d", &iteration.wins) != 1 ||
            std::sscanf(draws.c_str(), "draws=%d", &iteration.draws) != 1 ||
            std::sscanf(losses.c_str(), "losses=%d", &iteration.losses) != 1)
            throw bad("expected wins=, draws= and losses=");
        for (const SpsaParameter& p : parameters) {
            std::string field;
            fields >> field;
            const std::string prefix = p.name + "=";
            char* number_end = nullptr;
            const double value =
                field.rfind(prefix, 0) == 0 ? std::strtod(field.c_str() + prefix.size(), &number_end) : 0;
            if (!number_end || *number_end != '\0' || number_end == field.c_str() + prefix.size() ||
                !std::isfinite(value))
                throw bad("expected " + prefix + "VALUE");
            iteration.theta.push_back(value);
        }
        iterations.push_back(iteration);
    }
    return iterations;
}

}  // namespace tempo::train
