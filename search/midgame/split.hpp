// Young Brothers Wait for the midgame search: once the main thread has searched a node's first
// move without a cut-off, the node's other moves are shared by all threads (search/split_pool.hpp),
// each taking the next one. At a PV node (the root, and below it from kPvSplitDepth plies) a move
// is searched with a null window at the current alpha and re-searched with the full window when it
// fails high; at a null-window node (from kNwsSplitDepth plies) with the node's null window. A
// move that reaches beta cuts the split point off: the moves still being searched there unwind.
// Splits happen only while a helper is idle. The transposition table is shared.
#pragma once

#include <cstdint>
#include <vector>

#include "search/midgame/search.hpp"
#include "search/split_pool.hpp"

namespace tempo {

class MidgameSplit {
public:
    // Starts `helpers` threads, each with its own MidgameSearch on `context` and its own exact tail.
    MidgameSplit(const MidgameSearch::Context& context, int helpers);

    // Searches moves[first..] of `node` (at `ply` from the root) at `depth` within (alpha, beta)
    // on the calling thread (`master`) and the helpers; fills their RootMoves. Returns the best
    // score among them (-kInfinity when none was completed). A fail high (>= beta) cuts the split point
    // off: no more moves are handed out, and those being searched unwind.
    int share(MidgameSearch& master, const Board& node, std::vector<RootMove>& moves, std::size_t first, int depth,
              int selectivity, int alpha, int beta, int ply = 0);

    // Searches moves 1.. of the null-window node `node` (window beta - 1, beta) at `depth` on the
    // master and the helpers; returns the best score among them (fail-soft) and its move.
    int share_null_window(MidgameSearch& master, const Board& node, MoveList& list, int beta, int depth,
                          int selectivity, Move& best_move);

    // Whether a helper waits for work: only then does a split pay.
    bool idle() const { return pool_.idle(); }

    // What the helpers have searched so far.
    SearchCounts helper_counts() const;

private:
    // What the pool shares; the two kinds of node differ only in how a move is searched.
    struct Point : SplitMoves {
        int depth = 0;
        int selectivity = 0;

        virtual ~Point() = default;
        void work(MidgameSearch& search) {
            SplitMoves::work(search, [&](int i, int alpha) { return search_move(search, i, alpha); });
        }
        // Searches move i on `search` at `alpha` and returns its score (a PV node's also fills its RootMove).
        virtual int search_move(MidgameSearch& search, int i, int alpha) = 0;
    };
    struct PvPoint;
    struct NullWindowPoint;

    int open(MidgameSearch& master, Point& point, int first, int end, int depth, int selectivity, int alpha, int beta);

    MidgameSearch::Context helpers_context_;  // the caller's, less its exact tail
    SplitPool<MidgameSearch, Point> pool_;
};

}  // namespace tempo
