#include "search/root_split.hpp"

namespace tempo {

RootSplit::RootSplit(const MidgameSearch::Context& context, int helpers) {
    for (int i = 0; i < helpers; ++i) helpers_.push_back(std::make_unique<MidgameSearch>(context));
    for (int i = 0; i < helpers; ++i) threads_.emplace_back([this, i] { helper_loop(*helpers_[i]); });
}

RootSplit::~RootSplit() {
    {
        std::lock_guard guard(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
}

int RootSplit::share(MidgameSearch& master, const Board& root, std::vector<RootMove>& moves, std::size_t first,
                     int depth, int selectivity, int alpha, int beta) {
    {
        std::lock_guard guard(mutex_);
        root_ = &root;
        moves_ = &moves;
        depth_ = depth;
        selectivity_ = selectivity;
        beta_ = beta;
        next_.store(first);
        alpha_.store(alpha);
        cutoff_.store(false);
        best_ = -65;
        working_.store(static_cast<int>(helpers_.size()));
        ++generation_;
    }
    wake_.notify_all();
    work(master);
    // The helpers finish the moves they took; the master must not touch `moves` before that.
    while (working_.load(std::memory_order_acquire) > 0) std::this_thread::yield();
    return best_;
}

void RootSplit::work(MidgameSearch& search) {
    for (;;) {
        if (cutoff_.load(std::memory_order_relaxed) || search.stopped()) return;
        const std::size_t i = next_.fetch_add(1);
        if (i >= moves_->size()) return;
        const int alpha = alpha_.load();
        const int score = search.search_later_root_move(*root_, (*moves_)[i], depth_, selectivity_, alpha, beta_, true);
        if (search.stopped()) return;
        std::lock_guard guard(best_mutex_);
        if (score > best_) best_ = score;
        if (score > alpha_.load()) alpha_.store(score);
        if (score >= beta_) cutoff_.store(true);
    }
}

void RootSplit::helper_loop(MidgameSearch& search) {
    std::uint64_t seen = 0;
    for (;;) {
        {
            std::unique_lock guard(mutex_);
            wake_.wait(guard, [&] { return quit_ || generation_ != seen; });
            if (quit_) return;
            seen = generation_;
        }
        work(search);
        working_.fetch_sub(1, std::memory_order_release);
    }
}

std::uint64_t RootSplit::helper_nodes() const {
    std::uint64_t total = 0;
    for (const auto& h : helpers_) total += h->nodes();
    return total;
}

}  // namespace tempo
