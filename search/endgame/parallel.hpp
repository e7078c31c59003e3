// Parallel endgame search, Young Brothers Wait: once a node's first move is searched without a
// cut-off (a PV node's also narrowing the window), its other moves are shared by the master and
// the idle helper threads (search/split_pool.hpp), each taking the next move, searching it with a
// null window at the current alpha and re-searching it with a full window when it fails high
// inside a PV window. The transposition table is shared.
#pragma once

#include <atomic>

#include "search/endgame/search.hpp"
#include "search/split_pool.hpp"

namespace tempo::endgame {

template <class T>
class Parallel {
public:
    struct Shared {
        int score;
        Move move;
    };

    Parallel(TranspositionTable& tt, const std::atomic<bool>& stop, int helpers) : pool_(helpers, tt, stop) {}

    // The helpers' ordering evaluation (see Search::set_evaluator).
    void set_evaluator(const Evaluator* evaluator) {
        for (auto& h : pool_.workers()) h->set_evaluator(evaluator);
    }

    // The helpers' time limit (see Search::set_deadline).
    void set_deadline(Deadline* deadline) {
        for (auto& h : pool_.workers()) h->set_deadline(deadline);
    }

    // Whether a helper waits for work: only then does a split pay.
    bool idle() const { return pool_.idle(); }

    // Sorts moves 1.. of `list` and searches them on the master and the helpers that join; returns
    // the best score and move among them. The master's current split point (if any) encloses this one.
    Shared split(Search<T>& master, Bitboard player, Bitboard opponent, EndgameMoveList& list, int alpha, int beta,
                 int empties_count, unsigned parity) {
        for (int j = 1; j < list.size; ++j) list.next(j);  // the threads take them in order
        SplitPoint point;
        point.player = player;
        point.opponent = opponent;
        point.list = &list;
        point.next.store(1);
        point.end = list.size;
        point.alpha.store(alpha);
        point.beta = beta;
        point.empties = empties_count;
        point.parity = parity;
        point.best = -kInfinity;
        point.cutoff.parent = master.cutoff();
        pool_.share(master, point);
        return {point.best, point.best_index >= 0 ? Move(list.moves[point.best_index].square) : kNoMove};
    }

    std::uint64_t nodes() const {
        std::uint64_t total = 0;
        for (const auto& h : pool_.workers()) total += h->nodes;
        return total;
    }
    // Before a solve: the helpers' node counts to zero, their small tables emptied.
    void reset() {
        for (auto& h : pool_.workers()) {
            h->nodes = 0;
            h->clear_local();
        }
    }

private:
    struct SplitPoint : SplitMoves {
        Bitboard player = 0, opponent = 0;
        const EndgameMoveList* list = nullptr;
        int empties = 0;
        unsigned parity = 0;

        // A move: null window at the current alpha, full window when it fails high inside (alpha, beta).
        void work(Search<T>& search) {
            SplitMoves::work(search, [&](int i, int a) {
                const OrderedMove& m = list->moves[i];
                const Bitboard np = opponent ^ m.flips;
                const Bitboard no = player | m.flips | square_bit(m.square);
                const unsigned child_parity = parity ^ quadrant_bit(m.square);
                int v = -search.nws(np, no, -a - 1, empties - 1, child_parity);
                if (v > a && v < beta && !search.stopped())
                    v = -search.pvs(np, no, -beta, -a, empties - 1, child_parity);
                return v;
            });
        }
    };

    SplitPool<Search<T>, SplitPoint> pool_;
};

}  // namespace tempo::endgame
