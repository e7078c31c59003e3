// Young Brothers Wait for the midgame search: once the main thread has searched a PV node's first
// move (and so set alpha), the node's other moves are shared by all threads (search/split_pool.hpp),
// each taking the next one, searching it with a null window at the current alpha and re-searching
// it with the full window when it fails high. The root and every PV node below it from
// kPvSplitDepth plies split while a helper is idle. The transposition table is shared.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "search/midgame.hpp"
#include "search/split_pool.hpp"

namespace tempo {

class PvSplit {
public:
    // Starts `helpers` threads, each with its own MidgameSearch on `context`.
    PvSplit(const MidgameSearch::Context& context, int helpers);

    // Searches moves[first..] of `node` (at `ply` from the root) at `depth` within (alpha, beta)
    // on the calling thread (`master`) and the helpers; fills their RootMoves. Returns the best
    // score among them (-65 when none was completed). A fail high (>= beta) stops handing out
    // moves; the moves already taken are finished.
    int share(MidgameSearch& master, const Board& node, std::vector<RootMove>& moves, std::size_t first, int depth,
              int selectivity, int alpha, int beta, int ply = 0);

    // Whether a helper waits for work: only then does a split below the root pay.
    bool idle() const { return pool_.idle(); }

    // Nodes searched by the helpers so far.
    std::uint64_t helper_nodes() const;

private:
    struct Point {
        const Board* node = nullptr;
        std::vector<RootMove>* moves = nullptr;
        int depth = 0;
        int selectivity = 0;
        int beta = 0;
        int ply = 0;
        std::atomic<std::size_t> next{0};
        std::atomic<int> alpha{0};
        std::atomic<bool> cutoff{false};
        std::mutex best_mutex;
        int best = -65;

        bool has_moves() const {
            return next.load(std::memory_order_relaxed) < moves->size() && !cutoff.load(std::memory_order_relaxed);
        }
        // Takes moves until none is left or one fails high.
        void work(MidgameSearch& search);
    };

    SplitPool<MidgameSearch, Point> pool_;
};

}  // namespace tempo
