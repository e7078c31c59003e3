// Parallel endgame search, Young Brothers Wait: once a node's first move is searched without a
// cut-off (a PV node's also narrowing the window), its other moves are shared by the master and
// the idle helper threads, each taking the next move, searching it with a null window at the
// current alpha and re-searching it with a full window when it fails high inside a PV window.
// Only the master opens split points, but it may open one inside a move it took from another:
// a helper that ran out of moves joins the master's newest split point instead of waiting for the
// master's last move. The transposition table is shared.
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "search/endgame_search.hpp"

namespace tempo::endgame {

template <class T>
class Parallel {
public:
    struct Shared {
        int score;
        Move move;
    };

    Parallel(TranspositionTable& tt, const std::atomic<bool>& stop, int helpers) {
        for (int i = 0; i < helpers; ++i) helpers_.push_back(std::make_unique<Search<T>>(tt, stop));
        for (int i = 0; i < helpers; ++i) threads_.emplace_back([this, i] { helper_loop(*helpers_[i]); });
    }

    ~Parallel() {
        {
            std::lock_guard<std::mutex> guard(mutex_);
            quit_ = true;
        }
        wake_.notify_all();
        for (std::thread& t : threads_) t.join();
    }

    // The helpers' ordering evaluation (see Search::set_evaluator).
    void set_evaluator(const Evaluator* evaluator) {
        for (auto& h : helpers_) h->set_evaluator(evaluator);
    }

    // Whether a helper waits for work: only then does a split pay.
    bool idle() const { return idle_.load(std::memory_order_relaxed) > 0; }

    // Sorts moves 1.. of `list` and searches them on the master and the helpers that join; returns
    // the best score and move among them. The master's current split point (if any) encloses this one.
    Shared split(Search<T>& master, Bitboard player, Bitboard opponent, MoveList& list, int alpha, int beta,
                 int empties_count, unsigned parity) {
        for (int j = 1; j < list.size; ++j) list.next(j);  // the threads take them in order
        SplitPoint point;
        point.player = player;
        point.opponent = opponent;
        point.list = &list;
        point.next.store(1);
        point.alpha.store(alpha);
        point.beta = beta;
        point.empties = empties_count;
        point.parity = parity;
        point.best = -kInfinity;
        point.cutoff.parent = master.cutoff();
        {
            std::lock_guard<std::mutex> guard(mutex_);
            point.outer = open_;
            open_ = &point;
        }
        wake_.notify_all();
        work(master, point);
        bool reopened;
        {
            // No helper joins from now on; the enclosing split point is open again.
            std::lock_guard<std::mutex> guard(mutex_);
            open_ = point.outer;
            reopened = open_ != nullptr;
        }
        if (reopened) wake_.notify_all();
        // The helpers that joined finish their last moves (the point lives on this stack frame).
        while (point.working.load(std::memory_order_acquire) > 0) std::this_thread::yield();
        return {point.best, point.best_move};
    }

    std::uint64_t nodes() const {
        std::uint64_t total = 0;
        for (const auto& h : helpers_) total += h->nodes;
        return total;
    }
    void reset_nodes() {
        for (auto& h : helpers_) h->nodes = 0;
    }

private:
    struct SplitPoint {
        Bitboard player = 0, opponent = 0;
        const MoveList* list = nullptr;
        std::atomic<int> next{0};
        std::atomic<int> alpha{0};
        int beta = 0;
        int empties = 0;
        unsigned parity = 0;
        std::mutex lock;
        int best = 0;
        Move best_move = kNoMove;
        SplitCutoff cutoff;
        std::atomic<int> working{0};  // helpers that joined and have not left
        SplitPoint* outer = nullptr;  // the split point open before this one

        bool has_moves() const {
            return next.load(std::memory_order_relaxed) < list->size && !cutoff.raised.load(std::memory_order_relaxed);
        }
    };

    // Takes moves from the split point until none is left or one cuts off.
    void work(Search<T>& search, SplitPoint& sp) {
        const SplitCutoff* enclosing = search.cutoff();
        search.set_cutoff(&sp.cutoff);
        for (;;) {
            if (search.stopped()) break;
            const int i = sp.next.fetch_add(1);
            if (i >= sp.list->size) break;
            const ScoredMove& m = sp.list->moves[i];
            const Bitboard np = sp.opponent ^ m.flips;
            const Bitboard no = sp.player | m.flips | square_bit(m.square);
            const unsigned child_parity = sp.parity ^ quadrant_bit(m.square);
            const int alpha = sp.alpha.load();
            int v = -search.nws(np, no, -alpha - 1, sp.empties - 1, child_parity);
            if (v > alpha && v < sp.beta && !search.stopped())
                v = -search.pvs(np, no, -sp.beta, -alpha, sp.empties - 1, child_parity);
            if (search.stopped()) break;
            std::lock_guard<std::mutex> guard(sp.lock);
            if (v > sp.best) {
                sp.best = v;
                sp.best_move = m.square;
                if (v > sp.alpha.load()) sp.alpha.store(v);
                if (v >= sp.beta) sp.cutoff.raised.store(true);
            }
        }
        search.set_cutoff(enclosing);
    }

    void helper_loop(Search<T>& search) {
        for (;;) {
            SplitPoint* sp;
            {
                std::unique_lock<std::mutex> guard(mutex_);
                idle_.fetch_add(1, std::memory_order_relaxed);
                wake_.wait(guard, [&] { return quit_ || (open_ && open_->has_moves()); });
                idle_.fetch_sub(1, std::memory_order_relaxed);
                if (quit_) return;
                sp = open_;
                sp->working.fetch_add(1, std::memory_order_relaxed);
            }
            work(search, *sp);
            sp->working.fetch_sub(1, std::memory_order_release);
        }
    }

    std::vector<std::unique_ptr<Search<T>>> helpers_;
    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    SplitPoint* open_ = nullptr;  // the newest split point of the master, guarded by mutex_
    std::atomic<int> idle_{0};    // helpers waiting for a split point
};

}  // namespace tempo::endgame
