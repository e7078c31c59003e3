// The search's parameters that games tune (`tempo-train spsa`): integers read where the search
// decides, their defaults the shipped values. A process sets them once, before it searches (the
// engine option --tune NAME=VALUE), so that the two engines of an SPSA game differ in them alone.
// Values are scaled integers (a unit of 0.01 or 0.1 where the parameter is a fraction) because SPSA
// steps them and engines take them on a command line.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace tempo {

enum class Tunable : std::uint8_t {
    kProbcutConfidence,  // the default selectivity level's t, in 0.01 standard deviations
    kAspirationWindow,   // discs each side of the previous iteration's score
    kEndReach,           // plies short of the end from which an unsolved search goes to the end
    kSoftStretch,        // the clock's soft budget a move, in 0.01 of its fair share
    kHardFactor,         // the hard deadline, in 0.1 of the soft budget
    kSolveShare,         // the solve point: an exact solve within this fraction (1/N) of the clock
    kSolveMargin,        // a solve starts when its estimated time, times this (in 0.1), fits the budget
    kCount
};

struct TunableSpec {
    std::string_view name;
    int default_value;
    int min;
    int max;
    std::string_view help;
};

// Every tunable, in the order of the enum.
const std::array<TunableSpec, static_cast<std::size_t>(Tunable::kCount)>& tunable_specs();

namespace detail {
// The values in force: defaults until set_tunable. Read in the search, written only before it.
extern std::array<int, static_cast<std::size_t>(Tunable::kCount)> g_tunables;
}  // namespace detail

inline int tunable(Tunable which) { return detail::g_tunables[static_cast<std::size_t>(which)]; }

// Sets the tunable called `name` to `value`. Returns "" or why not (an unknown name, a value out of
// its range), naming what was wrong.
std::string set_tunable(std::string_view name, int value);
// "NAME=VALUE", as the engine option takes it.
std::string set_tunable(std::string_view assignment);
// All back to their defaults (tests).
void reset_tunables();

}  // namespace tempo
