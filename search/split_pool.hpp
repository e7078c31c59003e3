// The thread pool behind Young Brothers Wait, for the midgame (search/midgame/split.hpp) and the
// endgame (search/endgame/parallel.hpp): helper threads, each with its own searcher, sleep until
// the master opens a split point, join the newest one that still has moves and leave when its
// moves run out. Only the master opens split points, but it may open one inside a move it took
// from another (a fail-high re-search), so open points form a stack and helpers join its top.
//
// A `Point` says what to share: `bool has_moves() const` (moves left and no cut-off yet) and
// `void work(Worker&)` (take moves until none is left or one cuts off; called by the master and
// every helper that joins, concurrently). Both searches' points are SplitMoves, which has both.
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tempo {

// The cut-off flag of a split point and the split point it lies in: a search working under a
// split point stops when a cut-off is raised at it or at any split point above it.
struct SplitCutoff {
    std::atomic<bool> raised{false};
    const SplitCutoff* parent = nullptr;

    bool any_raised() const {
        for (const SplitCutoff* p = this; p; p = p->parent)
            if (p->raised.load(std::memory_order_relaxed)) return true;
        return false;
    }
};

// The moves a split point shares, next..end-1, and the best score found among them. The threads
// take moves in turn; a move that reaches beta raises the cut-off, so the moves still being
// searched there unwind and no more are handed out.
struct SplitMoves {
    std::atomic<int> next{0};
    int end = 0;
    std::atomic<int> alpha{0};  // rises as moves beat it (a null-window node's stays beta - 1)
    int beta = 0;
    SplitCutoff cutoff;
    std::mutex best_mutex;
    int best = 0;         // set below every score by the opener; stays so when no move completes
    int best_index = -1;  // of the move that gave `best`

    bool has_moves() const {
        return next.load(std::memory_order_relaxed) < end && !cutoff.raised.load(std::memory_order_relaxed);
    }

    // Takes moves on `search` until none is left, one reaches beta or the search stops:
    // `search_move(i, alpha)` searches move i at the current alpha and returns its score. The
    // Worker has `stopped()` and the `cutoff()` it works under (set here for the time of the work).
    template <class Worker, class SearchMove>
    void work(Worker& search, SearchMove&& search_move) {
        const SplitCutoff* enclosing = search.cutoff();
        search.set_cutoff(&cutoff);
        for (;;) {
            if (search.stopped() || cutoff.any_raised()) break;
            const int i = next.fetch_add(1);
            if (i >= end) break;
            const int score = search_move(i, alpha.load());
            // A move left unfinished by a stop or a cut-off has no score.
            if (search.stopped() || cutoff.any_raised()) break;
            std::lock_guard guard(best_mutex);
            if (score > best) {
                best = score;
                best_index = i;
                if (score > alpha.load()) alpha.store(score);
                if (score >= beta) cutoff.raised.store(true);
            }
        }
        search.set_cutoff(enclosing);
    }
};

template <class Worker, class Point>
class SplitPool {
public:
    // Starts `helpers` threads, each with its own Worker built from `args`.
    template <class... Args>
    explicit SplitPool(int helpers, Args&... args) {
        for (int i = 0; i < helpers; ++i) workers_.push_back(std::make_unique<Worker>(args...));
        for (auto& worker : workers_) threads_.emplace_back([this, w = worker.get()] { helper_loop(*w); });
    }

    ~SplitPool() {
        {
            std::lock_guard guard(mutex_);
            quit_ = true;
        }
        wake_.notify_all();
        for (std::thread& t : threads_) t.join();
    }

    SplitPool(const SplitPool&) = delete;
    SplitPool& operator=(const SplitPool&) = delete;

    // Whether a helper waits for work: only then does a split pay.
    bool idle() const { return idle_.load(std::memory_order_relaxed) > 0; }

    // Opens `point` to the helpers, works on it on the calling thread (the master), closes it and
    // returns once the helpers that joined have finished their moves.
    void share(Worker& master, Point& point) {
        Open open{&point};
        {
            std::lock_guard guard(mutex_);
            open.outer = open_;
            open_ = &open;
        }
        wake_.notify_all();
        point.work(master);
        bool reopened;
        {
            // No helper joins from now on; the enclosing split point is open again.
            std::lock_guard guard(mutex_);
            open_ = open.outer;
            reopened = open_ != nullptr;
        }
        if (reopened) wake_.notify_all();
        // Both `open` and `point` live on the master's stack: wait until no helper uses them. A
        // spin, not a wait: the helpers' last moves are short, and a sleep costs more.
        while (open.working.load(std::memory_order_acquire) > 0) std::this_thread::yield();
    }

    const std::vector<std::unique_ptr<Worker>>& workers() const { return workers_; }

private:
    struct Open {
        Point* point;
        Open* outer = nullptr;        // the split point open before this one
        std::atomic<int> working{0};  // helpers that joined and have not left
    };

    void helper_loop(Worker& worker) {
        for (;;) {
            Open* open;
            {
                std::unique_lock guard(mutex_);
                idle_.fetch_add(1, std::memory_order_relaxed);
                wake_.wait(guard, [&] { return quit_ || (open_ && open_->point->has_moves()); });
                idle_.fetch_sub(1, std::memory_order_relaxed);
                if (quit_) return;
                open = open_;
                open->working.fetch_add(1, std::memory_order_relaxed);
            }
            open->point->work(worker);
            open->working.fetch_sub(1, std::memory_order_release);
        }
    }

    std::vector<std::unique_ptr<Worker>> workers_;
    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    Open* open_ = nullptr;      // the newest split point, guarded by mutex_
    std::atomic<int> idle_{0};  // helpers waiting for a split point
};

}  // namespace tempo
