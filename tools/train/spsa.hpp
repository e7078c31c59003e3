// SPSA (simultaneous perturbation stochastic approximation) over games, as `tempo-train spsa` runs
// it: each iteration k perturbs every parameter by +-c_k at once (the signs random), plays engines
// with theta + c_k*delta against theta - c_k*delta, and moves theta by a_k / c_k * result * delta,
// the result being the first engine's wins minus losses. The gains fall as in Spall's schedule:
// c_k = c_end * (N / k)^gamma, a_k = r_end * c_end^2 * ((A + N) / (A + k))^alpha, A = N / 10,
// so that c_end and r_end are the perturbation and the learning rate at the last iteration N.
//
// The log is the state: a header (the settings and parameters) and one line an iteration, written
// and flushed as each ends; a run that finds the log resumes after its last complete line, and
// its iterations' signs and openings depend only on the seed and k, so a resumed run goes on as
// the uninterrupted one would have.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tempo::train {

struct SpsaParameter {
    std::string name;  // a tunable's name (search/tunables.hpp)
    double value = 0;  // theta: the start, then the current estimate
    double min = 0;
    double max = 0;
    double c_end = 1;
    double r_end = 0.002;
};

struct SpsaSettings {
    int iterations = 1000;  // N
    std::uint64_t seed = 1;
    double alpha = 0.602;
    double gamma = 0.101;
};

// What one iteration plays: the two engines' integer values (clamped to the ranges) and the signs.
struct SpsaPerturbation {
    std::vector<int> plus;
    std::vector<int> minus;
    std::vector<int> signs;  // +1 or -1
};

double spsa_c(const SpsaParameter& parameter, const SpsaSettings& settings, int k);
double spsa_a(const SpsaParameter& parameter, const SpsaSettings& settings, int k);

// Iteration k's (1-based) perturbation: the signs from std::mt19937_64 seeded by (seed, k), whose
// output the standard fixes, so that every build gives them.
SpsaPerturbation spsa_perturb(const std::vector<SpsaParameter>& parameters, const SpsaSettings& settings, int k);

// Moves theta after iteration k, whose plus engine scored `result` = wins - losses; clamped to the ranges.
void spsa_update(std::vector<SpsaParameter>& parameters, const SpsaSettings& settings, int k,
                 const SpsaPerturbation& perturbation, int result);

// One iteration's record: its number, the plus engine's W/D/L, theta after it.
struct SpsaIteration {
    int k = 0;
    int wins = 0;
    int draws = 0;
    int losses = 0;
    std::vector<double> theta;
};

// The log's header lines for these settings and parameters (their starts), each ending in '\n'.
std::string spsa_log_header(const SpsaSettings& settings, const std::vector<SpsaParameter>& parameters);
std::string spsa_log_line(const SpsaIteration& iteration, const std::vector<SpsaParameter>& parameters);

// Reads a log: its header must be the one these settings and parameters give (throws ParseError
// saying which line differs: a resumed run must be the same run), then the iterations, the last
// one kept only when complete (a line cut short by an interruption is dropped). Throws ParseError
// naming the file and line of a malformed iteration line.
std::vector<SpsaIteration> read_spsa_log(std::string_view text, const std::string& path, const SpsaSettings& settings,
                                         const std::vector<SpsaParameter>& parameters);

}  // namespace tempo::train
