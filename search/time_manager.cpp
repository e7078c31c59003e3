#include "search/time_manager.hpp"

#include <algorithm>

#include "search/tunables.hpp"

namespace tempo {

namespace {

using std::chrono::microseconds;

// Moves the side to move still has to think about in sudden death: its half of the empties down to
// the solve point, plus kSolveMoves for the solve there, which may take several midgame moves' time;
// never less than two, so that one move cannot eat the clock. The solve point is the most empties
// (kMinSolvePoint..kMaxSolvePoint) whose exact solve is estimated at a solve_share-th (a tunable,
// search/tunables.hpp) of the clock left now at most: below it moves cost next to nothing. As the
// clock runs down the point comes later, and the moves before it get less. (With a fixed point at
// 16 empties, games on a 15 s clock ended with a quarter of it unused:
// bench/results/2026-12-05-solve-time.md.)
constexpr int kMinSolvePoint = 16;
constexpr int kMaxSolvePoint = 30;
constexpr int kSolveMoves = 3;
int solve_point(microseconds left) {
    int empties = kMinSolvePoint;
    while (empties < kMaxSolvePoint && estimated_solve_time(empties + 1) * tunable(Tunable::kSolveShare) <= left)
        ++empties;
    return empties;
}
int expected_moves_left(int empties, microseconds left) {
    return std::max(2, (empties - solve_point(left)) / 2 + kSolveMoves);
}

// The deepening stops once half of the soft budget is spent (an iteration costs about as much as
// all before it), so a move uses between half and all of it, about 0.7 on average: the budget is
// raised by that much (the tunable soft_stretch, 1.4 by default) so that a game's moves use the
// clock they are given.
double soft_stretch() { return tunable(Tunable::kSoftStretch) / 100.0; }

}  // namespace

microseconds clock_reserve(microseconds left, int moves_left) {
    // A fraction of the clock covers a loaded machine's hiccups in proportion to the time control;
    // the fixed part and the per-move part cover what no search sees: each search's own set-up and
    // thread hand-offs, writing the move, the pipe and the controller's clock. Counting the per-move
    // part for every move still to play keeps room for all of them even when the clock runs so low
    // that they are played at once (each still costs its overhead).
    return kClockFixedReserve + kClockReservePerMove * std::max(moves_left, 1) +
           std::min(left / 10, microseconds(300'000));
}

TimePlan plan_time(const Limits& limits, int empties) {
    TimePlan plan;
    if (limits.move_time) {
        const microseconds total = limits.move_time.value();
        // A small margin for returning the move: 2% and at most 20 ms.
        const microseconds margin = std::min(total / 50, microseconds(20'000));
        plan.hard = std::max(microseconds(100), total - margin);
        plan.soft = plan.hard;
        plan.use_all = true;
        plan.solve_limit = plan.hard;
    }
    if (limits.clock) {
        const Limits::Clock& clock = *limits.clock;
        const microseconds left = clock.left;
        const int moves = clock.moves_to_go > 0 ? clock.moves_to_go : expected_moves_left(empties, left);
        // The reserve counts every move the side may still have to play, not the expected number.
        const int most_moves = clock.moves_to_go > 0 ? clock.moves_to_go : (empties + 1) / 2;
        const microseconds usable = std::max(microseconds(0), left - clock_reserve(left, most_moves));
        // The increment comes after this move: a quarter of it is kept back as well.
        const microseconds increment = clock.increment * 3 / 4;
        microseconds soft = std::chrono::duration_cast<microseconds>(usable * soft_stretch() / moves) + increment;
        // Never more than a quarter of the usable time on one move (all of it when it is the period's
        // last move, as in GTP's per-move byo-yomi), whatever the increment says, and never past the
        // reserve: with nothing usable the search stops at once with its first move.
        const microseconds cap = usable / std::min(moves, 4) + increment;
        microseconds hard = std::min(std::max(soft * tunable(Tunable::kHardFactor) / 10, microseconds(100)), cap);
        hard = std::min(hard, usable);
        soft = std::min(soft, hard);
        // The sooner deadline governs, and with it its rule for the unused time.
        if (!plan.hard || hard < *plan.hard) {
            plan.hard = hard;
            plan.use_all = clock.moves_to_go == 1;
        }
        if (!plan.soft || soft < *plan.soft) plan.soft = soft;
        // A solve may take half of what is usable (the most one move may, if that is more): the
        // moves after it cost next to nothing.
        const microseconds solve = std::min(std::max(cap, usable / 2), usable);
        plan.solve_limit = plan.solve_limit ? std::min(*plan.solve_limit, solve) : solve;
    }
    return plan;
}

TimePlan TimePlan::for_solve() const {
    TimePlan plan = *this;
    if (solve_limit) plan.soft = plan.hard = solve_limit;
    return plan;
}

// 80 ms at 20 empties, growing 2.2-fold per empty square: a little above the means of `tempo solve
// --threads 1` on positions of real games (bench/data/game-positions-18-26.obf: 16 ms at 18 empties,
// 77 ms at 20, 345 ms at 22, 1.29 s at 24, 7.4 s at 26; bench/results/2026-12-05-solve-time.md).
microseconds estimated_solve_time(int empties) {
    double t = 80'000.0;
    for (int e = 20; e < empties; ++e) t *= 2.2;
    for (int e = empties; e < 20; ++e) t /= 2.2;
    return microseconds(static_cast<std::int64_t>(std::min(t, 1e15)));
}

Limits::Endgame plan_endgame(const Limits& limits, const TimePlan& time, int empties) {
    if (limits.endgame != Limits::Endgame::kAuto) return limits.endgame;
    // Under a clock a level's solve_empties is only a ceiling: a solve that cannot end in time
    // spends the move's time for nothing.
    if (limits.solve_empties && empties > *limits.solve_empties) return Limits::Endgame::kOff;
    if (time.limited()) {
        const microseconds budget = *time.solve_limit;
        if (estimated_solve_time(empties) * tunable(Tunable::kSolveMargin) / 10 <= budget)
            return Limits::Endgame::kExact;
        // Past that, no win/loss/draw solve: one that runs out of time leaves only the short
        // search before it (kMaxPreSolveDepth plies, searcher.cpp), after spending up to the
        // solve's limit. Without a solve the search goes to the end selectively (searcher.cpp,
        // kEndReach and the ladder), and each level it completes stands
        // (bench/results/2026-12-07-no-wld-plan.md).
        return Limits::Endgame::kOff;
    }
    if (limits.solve_empties) return Limits::Endgame::kExact;
    return empties <= limits.depth && !limits.nodes ? Limits::Endgame::kExact : Limits::Endgame::kOff;
}

}  // namespace tempo
