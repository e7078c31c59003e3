// How long to think: a soft budget (do not start another iteration past it) and a hard deadline
// (stop the search wherever it is) computed from the limits. The clock case keeps a reserve so
// that a move never overruns the clock, even with tiny clocks.
#pragma once

#include <chrono>
#include <optional>

#include "search/searcher.hpp"

namespace tempo {

struct TimePlan {
    std::optional<std::chrono::microseconds> soft;  // from the start of the search
    std::optional<std::chrono::microseconds> hard;

    bool limited() const { return hard.has_value(); }
};

// The plan for one move with `empties` empty squares left on the board.
TimePlan plan_time(const Limits& limits, int empties);

}  // namespace tempo
