// Young Brothers Wait for the midgame search: once the main thread has searched a PV node's first
// move (and so set alpha), the node's other moves are shared by all threads, each taking the next
// one, searching it with a null window at the current alpha and re-searching it with the full
// window when it fails high. The root and every PV node below it from kPvSplitDepth plies split
// while a helper is idle; only the main thread splits, and a split point opened inside a move of
// another (a fail-high re-search) is the one idle helpers join. The transposition table is shared.
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "search/midgame.hpp"

namespace tempo {

class PvSplit {
public:
    // Starts `helpers` threads, each with its own MidgameSearch on `context`.
    PvSplit(const MidgameSearch::Context& context, int helpers);
    ~PvSplit();
    PvSplit(const PvSplit&) = delete;
    PvSplit& operator=(const PvSplit&) = delete;

    // Searches moves[first..] of `node` (at `ply` from the root) at `depth` within (alpha, beta)
    // on the calling thread (`master`) and the helpers; fills their RootMoves. Returns the best
    // score among them (-65 when none was completed). A fail high (>= beta) stops handing out
    // moves; the moves already taken are finished.
    int share(MidgameSearch& master, const Board& node, std::vector<RootMove>& moves, std::size_t first, int depth,
              int selectivity, int alpha, int beta, int ply = 0);

    // Whether a helper waits for work: only then does a split below the root pay.
    bool idle() const { return idle_.load(std::memory_order_relaxed) > 0; }

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
        std::atomic<int> working{0};  // helpers that joined and have not left
        std::mutex best_mutex;
        int best = -65;
        Point* outer = nullptr;  // the split point open before this one

        bool has_moves() const {
            return next.load(std::memory_order_relaxed) < moves->size() && !cutoff.load(std::memory_order_relaxed);
        }
    };

    void work(MidgameSearch& search, Point& point);
    void helper_loop(MidgameSearch& search);

    std::vector<std::unique_ptr<MidgameSearch>> helpers_;
    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    Point* open_ = nullptr;    // the newest split point, guarded by mutex_
    std::atomic<int> idle_{0};  // helpers waiting for a split point
};

}  // namespace tempo
