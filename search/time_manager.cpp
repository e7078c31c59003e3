#include "search/time_manager.hpp"

#include <algorithm>

namespace tempo {

namespace {

using std::chrono::microseconds;

// Moves the side to move still has to play in sudden death: about half the empties, fewer near
// the end where exact solving is fast, never less than two so one move cannot eat the clock.
int expected_moves_left(int empties) { return std::max(2, (empties + 1) / 2 - 2); }

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
    }
    if (limits.clock) {
        const Limits::Clock& clock = *limits.clock;
        const microseconds left = clock.left;
        const int moves = clock.moves_to_go > 0 ? clock.moves_to_go : expected_moves_left(empties);
        // The reserve counts every move the side may still have to play, not the expected number.
        const int most_moves = clock.moves_to_go > 0 ? clock.moves_to_go : (empties + 1) / 2;
        const microseconds usable = std::max(microseconds(0), left - clock_reserve(left, most_moves));
        // The increment comes after this move: a quarter of it is kept back as well.
        const microseconds increment = clock.increment * 3 / 4;
        microseconds soft = usable / moves + increment;
        // Never more than a quarter of the usable time on one move (all of it when it is the period's
        // last move, as in GTP's per-move byo-yomi), whatever the increment says, and never past the
        // reserve: with nothing usable the search stops at once with its first move.
        const microseconds cap = usable / std::min(moves, 4) + increment;
        microseconds hard = std::min(std::max(soft * 3, microseconds(100)), cap);
        hard = std::min(hard, usable);
        soft = std::min(soft, hard);
        // The sooner deadline governs, and with it its rule for the unused time.
        if (!plan.hard || hard < *plan.hard) {
            plan.hard = hard;
            plan.use_all = clock.moves_to_go == 1;
        }
        if (!plan.soft || soft < *plan.soft) plan.soft = soft;
    }
    return plan;
}

}  // namespace tempo
