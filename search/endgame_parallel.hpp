// Parallel endgame search, Young Brothers Wait at PV nodes: once a PV node's first move is
// searched (and the window narrowed by it), its other moves are shared by the master and the
// helper threads, each taking the next move, searching it with a null window at the current
// alpha and re-searching it with a full window when it fails high. The transposition table is
// shared. One split point is active at a time; the helpers sleep in between.
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

    bool idle() const { return !active_.load(std::memory_order_relaxed); }

    // Searches moves 1.. of `list` (sorted) on all threads; returns the best score and move among them.
    Shared split(Search<T>& master, Bitboard player, Bitboard opponent, const MoveList& list, int alpha, int beta,
                 int empties_count, unsigned parity) {
        {
            std::lock_guard<std::mutex> guard(mutex_);
            point_.player = player;
            point_.opponent = opponent;
            point_.list = &list;
            point_.next.store(1);
            point_.alpha.store(alpha);
            point_.beta = beta;
            point_.empties = empties_count;
            point_.parity = parity;
            point_.best = -kInfinity;
            point_.best_move = kNoMove;
            point_.cutoff.store(false);
            point_.working.store(static_cast<int>(helpers_.size()));
            active_.store(true);
            ++generation_;
        }
        wake_.notify_all();
        work(master);
        // Wait for the helpers to finish their last moves.
        while (point_.working.load(std::memory_order_acquire) > 0) std::this_thread::yield();
        active_.store(false);
        return {point_.best, point_.best_move};
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
        std::atomic<bool> cutoff{false};
        std::atomic<int> working{0};
    };

    // Takes moves from the split point until none is left or one cuts off.
    void work(Search<T>& search) {
        SplitPoint& sp = point_;
        search.set_abort(&sp.cutoff);
        for (;;) {
            if (sp.cutoff.load(std::memory_order_relaxed) || search.stopped()) break;
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
                if (v >= sp.beta) sp.cutoff.store(true);
            }
        }
        search.set_abort(nullptr);
    }

    void helper_loop(Search<T>& search) {
        std::uint64_t seen = 0;
        for (;;) {
            {
                std::unique_lock<std::mutex> guard(mutex_);
                wake_.wait(guard, [&] { return quit_ || generation_ != seen; });
                if (quit_) return;
                seen = generation_;
            }
            work(search);
            point_.working.fetch_sub(1, std::memory_order_release);
        }
    }

    std::vector<std::unique_ptr<Search<T>>> helpers_;
    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    std::uint64_t generation_ = 0;
    std::atomic<bool> active_{false};
    SplitPoint point_;
};

}  // namespace tempo::endgame
