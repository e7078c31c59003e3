// How long to think: a soft budget (do not start another iteration past it) and a hard deadline
// (stop the search wherever it is) computed from the limits. The clock case keeps a reserve so
// that a move never overruns the clock, even with tiny clocks and the latency of a protocol.
#pragma once

#include <chrono>
#include <optional>

#include "search/limits.hpp"

namespace tempo {

struct TimePlan {
    std::optional<std::chrono::microseconds> soft;  // from the start of the search
    std::optional<std::chrono::microseconds> hard;
    // The time is this move's alone (a per-move limit, or the last move of a byo-yomi period): what
    // is not used is lost, so the search goes on to the hard deadline and plays the best move of the
    // unfinished iteration instead of stopping when the next iteration looks too long.
    bool use_all = false;
    // The most an endgame solve may take (at least `hard`): with a clock, a solve that ends the
    // game's thinking may use more than a midgame move, as the moves after it cost next to nothing.
    std::optional<std::chrono::microseconds> solve_limit;

    bool limited() const { return hard.has_value(); }
    // The plan of a move that ends in a solve: soft and hard raised to the solve's limit.
    TimePlan for_solve() const;
};

// Kept back from a clock whatever its size: a few ms, plus per move still to play an allowance for
// the overhead the search cannot see (set-up, thread hand-offs, output, the controller's pipe and
// its own clock). The protocol stress test (2 s a game on a loaded 2-core machine) measured 2-5 ms
// of such latency a move, driver to driver, and lost on time by 1-30 ms with 1 ms here.
constexpr std::chrono::microseconds kClockFixedReserve{3'000};
constexpr std::chrono::microseconds kClockReservePerMove{5'000};

// The part of a clock with `left` never budgeted when `moves_left` moves are still to play: the
// fixed and per-move reserves plus a tenth of `left` (at most 300 ms).
std::chrono::microseconds clock_reserve(std::chrono::microseconds left, int moves_left);

// The plan for one move with `empties` empty squares left on the board.
TimePlan plan_time(const Limits& limits, int empties);

// Rough time of an exact solve of a position with `empties` empty squares, on one thread.
std::chrono::microseconds estimated_solve_time(int empties);

// Whether the search of a position with `empties` empty squares ends in an exact solve (kExact),
// a win/loss/draw solve (kWld) or none (kOff): the limits' own choice when they make one; else a
// level's solve_empties as the most it solves, and under a time limit an exact solve where
// `time.solve_limit` allows one, no solve otherwise (never kWld: see time_manager.cpp).
Limits::Endgame plan_endgame(const Limits& limits, const TimePlan& time, int empties);

}  // namespace tempo
