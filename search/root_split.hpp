// Young Brothers Wait at the root, the alternative to Lazy SMP for several threads: once the main
// thread has searched the first root move (and so set alpha), the other root moves are shared by
// all threads, each taking the next one, searching it with a null window at the current alpha and
// re-searching it with the full window when it fails high. The transposition table is shared.
// The helpers sleep between splits; one split is active at a time (the root search's).
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "search/midgame.hpp"

namespace tempo {

class RootSplit {
public:
    // Starts `helpers` threads, each with its own MidgameSearch on `context`.
    RootSplit(const MidgameSearch::Context& context, int helpers);
    ~RootSplit();
    RootSplit(const RootSplit&) = delete;
    RootSplit& operator=(const RootSplit&) = delete;

    // Searches moves[first..] of `root` at `depth` within (alpha, beta) on the calling thread
    // (`master`) and the helpers; fills their RootMoves. Returns the best score among them
    // (-65 when none was completed). A fail high (>= beta) stops handing out moves; the moves
    // already taken are finished.
    int share(MidgameSearch& master, const Board& root, std::vector<RootMove>& moves, std::size_t first, int depth,
              int selectivity, int alpha, int beta);

    // Nodes searched by the helpers so far.
    std::uint64_t helper_nodes() const;

private:
    void work(MidgameSearch& search);
    void helper_loop(MidgameSearch& search);

    // The split being searched: written under mutex_ before the helpers wake.
    const Board* root_ = nullptr;
    std::vector<RootMove>* moves_ = nullptr;
    int depth_ = 0;
    int selectivity_ = 0;
    int beta_ = 0;
    std::atomic<std::size_t> next_{0};
    std::atomic<int> alpha_{0};
    std::atomic<bool> cutoff_{false};
    std::atomic<int> working_{0};
    std::mutex best_mutex_;
    int best_ = 0;

    std::vector<std::unique_ptr<MidgameSearch>> helpers_;
    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    std::uint64_t generation_ = 0;
};

}  // namespace tempo
