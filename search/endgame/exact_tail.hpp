// The last plies of a midgame search that reaches the end of the game: from few empties on, the
// endgame solver's null-window search (search/endgame/search.hpp) gives the exact score for less
// than the midgame's own nodes cost there (no evaluation at every node, no ProbCut, table-free
// last plies), and the exact bounds it stores are the ones a following solve can use.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "engine/board.hpp"
#include "engine/variant.hpp"
#include "eval/evaluator.hpp"
#include "search/tt.hpp"

namespace tempo {

struct SplitCutoff;

class ExactTail {
public:
    // One per searching thread; `evaluator` orders the solver's moves at many empties (may be null).
    static std::unique_ptr<ExactTail> create(TranspositionTable& tt, Variant variant, const std::atomic<bool>& stop,
                                             const Evaluator* evaluator);
    virtual ~ExactTail() = default;

    // The exact final margin of `board` (side to move), fail-soft around the null window
    // (beta - 1, beta); meaningless when stopped(). Stops when `stop` or `cutoff` (the split point
    // the caller works under, or null) is raised. Adds the nodes it visits to `nodes`.
    virtual int nws(const Board& board, int beta, const SplitCutoff* cutoff, std::uint64_t& nodes) = 0;
    virtual bool stopped() const = 0;
    // Forgets every result kept between searches (the small table), as a new tail would: the
    // searcher's clear() keeps the tail itself, whose first use costs page faults (0.36 ms).
    virtual void clear() = 0;
};

}  // namespace tempo
