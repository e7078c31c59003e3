#include "search/pv_split.hpp"

namespace tempo {

PvSplit::PvSplit(const MidgameSearch::Context& context, int helpers) {
    for (int i = 0; i < helpers; ++i) helpers_.push_back(std::make_unique<MidgameSearch>(context));
    for (int i = 0; i < helpers; ++i) threads_.emplace_back([this, i] { helper_loop(*helpers_[i]); });
}

PvSplit::~PvSplit() {
    {
        std::lock_guard guard(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
}

int PvSplit::share(MidgameSearch& master, const Board& node, std::vector<RootMove>& moves, std::size_t first,
                     int depth, int selectivity, int alpha, int beta, int ply) {
    Point point;
    point.node = &node;
    point.moves = &moves;
    point.depth = depth;
    point.selectivity = selectivity;
    point.beta = beta;
    point.ply = ply;
    point.next.store(first);
    point.alpha.store(alpha);
    {
        std::lock_guard guard(mutex_);
        point.outer = open_;
        open_ = &point;
    }
    wake_.notify_all();
    work(master, point);
    bool reopened;
    {
        std::lock_guard guard(mutex_);
        open_ = point.outer;
        reopened = open_ != nullptr;
    }
    if (reopened) wake_.notify_all();
    // The helpers finish the moves they took; the point lives on this stack frame.
    while (point.working.load(std::memory_order_acquire) > 0) std::this_thread::yield();
    return point.best;
}

void PvSplit::work(MidgameSearch& search, Point& point) {
    for (;;) {
        if (point.cutoff.load(std::memory_order_relaxed) || search.stopped()) return;
        const std::size_t i = point.next.fetch_add(1);
        if (i >= point.moves->size()) return;
        const int alpha = point.alpha.load();
        const int score = search.search_later_root_move(*point.node, (*point.moves)[i], point.depth, point.selectivity,
                                                        alpha, point.beta, true, point.ply);
        if (search.stopped()) return;
        std::lock_guard guard(point.best_mutex);
        if (score > point.best) point.best = score;
        if (score > point.alpha.load()) point.alpha.store(score);
        if (score >= point.beta) point.cutoff.store(true);
    }
}

void PvSplit::helper_loop(MidgameSearch& search) {
    for (;;) {
        Point* point;
        {
            std::unique_lock guard(mutex_);
            idle_.fetch_add(1, std::memory_order_relaxed);
            wake_.wait(guard, [&] { return quit_ || (open_ && open_->has_moves()); });
            idle_.fetch_sub(1, std::memory_order_relaxed);
            if (quit_) return;
            point = open_;
            point->working.fetch_add(1, std::memory_order_relaxed);
        }
        work(search, *point);
        point->working.fetch_sub(1, std::memory_order_release);
    }
}

std::uint64_t PvSplit::helper_nodes() const {
    std::uint64_t total = 0;
    for (const auto& h : helpers_) total += h->nodes();
    return total;
}

}  // namespace tempo
