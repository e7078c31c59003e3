// Lazy SMP's shared record of the deepest root search any thread of a run has completed. The main
// thread answers with a helper's deeper iteration instead of throwing it away, and a thread whose
// next iteration another thread has finished already starts past it.
#pragma once

#include <algorithm>
#include <mutex>
#include <optional>
#include <vector>

#include "engine/board.hpp"
#include "search/midgame/search.hpp"

namespace tempo {

// One completed root search: its depth, its Multi-ProbCut level (0 = exact) and its answer.
struct CompletedIteration {
    int depth = 0;
    int selectivity = 0;
    RootMove best;

    // Deeper, or as deep at a safer selectivity (the selectivity ladder's searches to the end).
    bool beyond(int other_depth, int other_selectivity) const {
        return depth > other_depth || (depth == other_depth && selectivity < other_selectivity);
    }
};

class DeepestIteration {
public:
    // Keeps `iteration` when it goes beyond the deepest so far. Called once an iteration: the lock
    // costs nothing beside the search.
    void offer(const CompletedIteration& iteration) {
        const std::lock_guard lock(mutex_);
        if (iteration.beyond(deepest_.depth, deepest_.selectivity)) deepest_ = iteration;
    }

    // The deepest completed iteration, if it goes beyond (depth, selectivity).
    std::optional<CompletedIteration> beyond(int depth, int selectivity) const {
        const std::lock_guard lock(mutex_);
        if (!deepest_.beyond(depth, selectivity)) return std::nullopt;
        return deepest_;
    }

private:
    mutable std::mutex mutex_;
    CompletedIteration deepest_;  // depth 0: none yet
};

// Puts `iteration`'s move first in `moves` with its score, depth and line, as if the calling
// thread had searched it: its next iteration then starts from that move and that score.
inline void take_iteration(std::vector<RootMove>& moves, const CompletedIteration& iteration) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (moves[i].move != iteration.best.move) continue;
        moves[i] = iteration.best;
        std::rotate(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(i),
                    moves.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        return;
    }
}

}  // namespace tempo
