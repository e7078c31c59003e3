#include "search/tunables.hpp"

#include <charconv>

namespace tempo {

namespace {

// The defaults are the values the search was tuned to by hand: bench/results/2026-11-29-midgame.md
// (the confidence), 2026-12-05-solve-time.md (the solve share and margin). The end reach: a midgame
// search allowed to the end of the game with no solve planned (play under a clock) deepens one ply
// at a time until its next iteration would stop within this many plies of the end; that one
// searches to the end instead, at the same selectivity: it costs little more than the plies it
// skips and scores the game's result, not an evaluation (a probable solve, as NTest's from 26
// empties at its depth 16; bench/results/tuning-notes.md). The ranges keep a tuner inside what
// still makes sense.
constexpr std::array<TunableSpec, static_cast<std::size_t>(Tunable::kCount)> kSpecs{{
    {"probcut_confidence", 110, 30, 250, "Multi-ProbCut t of the default selectivity, 0.01 sd"},
    {"aspiration_window", 3, 1, 16, "aspiration window, discs each side"},
    {"end_reach", 6, 0, 12, "plies short of the end from which an unsolved search goes to the end"},
    {"soft_stretch", 140, 60, 300, "soft time a move, 0.01 of the clock's fair share"},
    {"hard_factor", 30, 12, 60, "hard deadline, 0.1 of the soft budget"},
    {"solve_share", 8, 2, 32, "solve point: a solve estimated within 1/N of the clock left"},
    {"solve_margin", 20, 5, 60, "start a solve when 0.1 x N times its estimate fits the budget"},
}};

constexpr std::array<int, static_cast<std::size_t>(Tunable::kCount)> default_values() {
    std::array<int, static_cast<std::size_t>(Tunable::kCount)> values{};
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = kSpecs[i].default_value;
    return values;
}

}  // namespace

namespace detail {
std::array<int, static_cast<std::size_t>(Tunable::kCount)> g_tunables = default_values();
}  // namespace detail

const std::array<TunableSpec, static_cast<std::size_t>(Tunable::kCount)>& tunable_specs() { return kSpecs; }

std::string set_tunable(std::string_view name, int value) {
    for (std::size_t i = 0; i < kSpecs.size(); ++i) {
        if (kSpecs[i].name != name) continue;
        if (value < kSpecs[i].min || value > kSpecs[i].max)
            return "tunable " + std::string(name) + " must be in " + std::to_string(kSpecs[i].min) + ".." +
                   std::to_string(kSpecs[i].max) + ", not " + std::to_string(value);
        detail::g_tunables[i] = value;
        return "";
    }
    std::string names;
    for (const TunableSpec& spec : kSpecs) names += (names.empty() ? "" : ", ") + std::string(spec.name);
    return "unknown tunable '" + std::string(name) + "' (known: " + names + ")";
}

std::string set_tunable(std::string_view assignment) {
    const std::size_t equals = assignment.find('=');
    if (equals == std::string_view::npos)
        return "a tunable is set as NAME=VALUE, not '" + std::string(assignment) + "'";
    const std::string_view text = assignment.substr(equals + 1);
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty())
        return "tunable " + std::string(assignment.substr(0, equals)) + ": '" + std::string(text) +
               "' is not an integer";
    return set_tunable(assignment.substr(0, equals), value);
}

void reset_tunables() { detail::g_tunables = default_values(); }

}  // namespace tempo
