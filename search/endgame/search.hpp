// The endgame search proper: null-window search (nws) and principal-variation search (pvs) on
// exact final margins. Near the end (kShallowDepth empties and fewer) a table-free search with
// parity ordering; above it, a table, enhanced transposition cut-offs and fastest-first move
// ordering (at many empties by the evaluation, when the solver has one). The table is the
// thread's own small one up to kLocalDepth empties, the shared transposition table above. One
// Search object per thread.
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <limits>

#include "engine/hash_key.hpp"
#include "search/endgame/eval_ordering.hpp"
#include "search/endgame/last_moves.hpp"
#include "search/endgame/local_table.hpp"
#include "search/endgame/ordering.hpp"
#include "search/split_pool.hpp"
#include "search/stability.hpp"
#include "search/tt.hpp"

namespace tempo::endgame {

// Depth (empties) at and below which the search uses no table and no move list.
constexpr int kShallowDepth = 6;
// Above kShallowDepth and up to this many empties the search keeps its results in its thread's
// small table (search/endgame/local_table.hpp), above it in the shared one: a little more work
// per result kept out of the shared table, much less time per node (bench/results/tuning-notes.md).
constexpr int kLocalDepth = 14;
constexpr int kLocalBits = 11;
// Depth from which children are probed in a table before searching (enhanced transposition
// cut-off): at kLocalDepth + 1 in the small table, above in the shared one
// (bench/results/tuning-notes.md).
constexpr int kEtcDepth = kLocalDepth + 1;
// Depth (empties) from which moves are sorted by a shallow look-ahead, and its depth in plies.
constexpr int kSearchOrderDepth = 14;
constexpr int kSearchOrderPlies = 1;
template <class T>
class Parallel;

// Positions with at most this many discs are checked for symmetric (equivalent) moves.
constexpr int kSymmetryDiscs = 14;

// Empties from which a node (PV or null-window) may share its remaining moves with helper threads.
// Null-window nodes in the small table (kLocalDepth empties and fewer) never split, so for them
// this reads as kLocalDepth + 1 (bench/results/tuning-notes.md).
constexpr int kSplitDepth = 12;

// The hard time limit of a solve, shared by its threads: each looks at the clock at its next node
// above kLocalDepth empties once kClockNodes nodes have passed (0.1 ms; a few ms under the
// sanitizers, whose clocks are as tight), and raises `stop`
// when the time is up. `at` is a steady_clock count; the maximum means no limit.
struct Deadline {
    using Clock = std::chrono::steady_clock;
    static constexpr Clock::rep kNone = std::numeric_limits<Clock::rep>::max();
    static constexpr std::uint64_t kClockNodes = std::uint64_t{1} << 12;

    explicit Deadline(std::atomic<bool>& stop) : stop(stop) {}
    std::atomic<bool>& stop;
    std::atomic<Clock::rep> at{kNone};
};

// A cache line of its own: the node counter is written at every node, and a line shared with
// the stop flag, which the helpers read at every node, cost 2 threads a quarter more CPU per
// node (bench/results/tuning-notes.md).
template <class T>
class alignas(64) Search : public LastMoves<T> {
public:
    using LastMoves<T>::nodes;

    Search(TranspositionTable& tt, const std::atomic<bool>& stop) : tt_(tt), stop_(stop) {}

    // Null-window search at any depth: the score if it is <= alpha or > alpha, fail-soft.
    int nws(Bitboard player, Bitboard opponent, int alpha, int empties_count, unsigned parity) {
        assert(-kInfinity <= alpha && alpha < kInfinity);  // the window (alpha, alpha + 1)
        if (empties_count > kLocalDepth) return nws_deep(player, opponent, alpha, empties_count, parity);
        if (empties_count > kShallowDepth) return nws_local(player, opponent, alpha, empties_count, parity);
        const Bitboard empties = ~(player | opponent) & T::kPlayable;
        switch (empties_count) {
            case 0:
                ++nodes;
                return T::final_score(popcount(player), 0);
            case 1:
                return this->solve1(player, opponent, first_square(empties));
            case 2: {
                const int x1 = first_square(empties);
                return this->solve2(player, opponent, alpha, x1, first_square(empties & (empties - 1)));
            }
            case 3: {
                const int x1 = first_square(empties);
                const Bitboard rest = empties & (empties - 1);
                return this->solve3(player, opponent, alpha, x1, first_square(rest), first_square(rest & (rest - 1)));
            }
            case 4:
                return this->solve4(player, opponent, alpha, empties, parity);
            default:
                return nws_shallow(player, opponent, alpha, empties_count, parity);
        }
    }

    // Full-window search for exact scores inside (alpha, beta); `best_move` gets the move found best.
    int pvs(Bitboard player, Bitboard opponent, int alpha, int beta, int empties_count, unsigned parity,
            Move* best_move = nullptr) {
        assert(-kInfinity <= alpha && alpha < beta && beta <= kInfinity);
        if (stopped()) return 0;
        ++nodes;
        if (deadline_ && nodes - clock_nodes_ >= Deadline::kClockNodes) check_clock();
        const Bitboard moves = T::moves(player, opponent);
        if (!moves) {
            if (!T::moves(opponent, player)) {
                if (best_move) *best_move = kNoMove;
                return T::final_score(popcount(player), empties_count);
            }
            if (best_move) *best_move = kPass;
            return -pvs(opponent, player, -beta, -alpha, empties_count, parity);
        }
        const std::uint64_t key = hash_key(Board{player, opponent});
        TranspositionTable::Data entry;
        Move tt_move = kNoMove;
        // Any entry's move orders (a midgame search's too); only a solve's bounds cut.
        if (tt_.probe(key, entry)) tt_move = entry.move;

        EndgameMoveList list;
        list.generate<T>(player, opponent, moves, parity, tt_move);
        if (T::kSquares - empties_count <= kSymmetryDiscs) list.drop_symmetric_duplicates(Board{player, opponent});
        int best = -kInfinity;
        Move best_square = kNoMove;
        const int alpha0 = alpha;
        const int look_ahead_from = evaluator_ ? look_ahead_start(list, moves, tt_move, empties_count) : -1;
        for (int i = 0; i < list.size; ++i) {
            if (i == look_ahead_from) order_by_look_ahead(list, player, opponent, alpha);
            if (i == 1 && splits(list, empties_count)) {
                // Young brothers wait: the eldest son is searched, the others go to all threads.
                const auto shared = parallel_->split(*this, player, opponent, list, alpha, beta, empties_count, parity);
                if (stopped()) return 0;
                if (shared.score > best) {
                    best = shared.score;
                    best_square = shared.move;
                    alpha = best > alpha ? best : alpha;
                }
                break;
            }
            const OrderedMove& m = list.next(i);
            const Bitboard np = opponent ^ m.flips;
            const Bitboard no = player | m.flips | square_bit(m.square);
            const unsigned child_parity = parity ^ quadrant_bit(m.square);
            int v;
            if (i == 0) {
                v = -pvs(np, no, -beta, -alpha, empties_count - 1, child_parity);
            } else {
                v = -nws(np, no, -alpha - 1, empties_count - 1, child_parity);
                if (v > alpha && v < beta) v = -pvs(np, no, -beta, -v, empties_count - 1, child_parity);
            }
            if (stopped()) return 0;
            if (v > best) {
                best = v;
                best_square = m.square;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) break;
                }
            }
        }
        store(key, alpha0, beta, best, best_square, empties_count);
        if (best_move) *best_move = best_square;
        return best;
    }

    bool stopped() const { return stop_.load(std::memory_order_relaxed) || (cutoff_ && cutoff_->any_raised()); }
    // The master thread's search splits nodes over `parallel`; helpers' searches have none.
    void set_parallel(Parallel<T>* parallel) { parallel_ = parallel; }
    // While working on a split point: its cut-off flags also stop this search.
    void set_cutoff(const SplitCutoff* cutoff) { cutoff_ = cutoff; }
    const SplitCutoff* cutoff() const { return cutoff_; }
    // Empties the small table, so that a solve does not depend on the ones before it (the shared
    // table's owner clears that one).
    void clear_local() { local_.clear(); }
    // The evaluation that orders moves at many empties (none: mobility look-ahead only).
    void set_evaluator(const Evaluator* evaluator) { evaluator_ = evaluator; }
    // The solve's time limit (none: the exact tail's searches, which the midgame search times).
    void set_deadline(Deadline* deadline) { deadline_ = deadline; }

private:
    // 5..kShallowDepth empties: moves straight from the move bitboard, odd quadrants first.
    int nws_shallow(Bitboard player, Bitboard opponent, int alpha, int empties_count, unsigned parity) {
        ++nodes;
        if (int bound; stability_cuts<T>(player, opponent, alpha, empties_count, bound)) return bound;
        const Bitboard moves = T::moves(player, opponent);
        if (!moves) {
            if (!T::moves(opponent, player)) return T::final_score(popcount(player), empties_count);
            return -nws_shallow(opponent, player, -alpha - 1, empties_count, parity);
        }
        int best = -kInfinity;
        const Bitboard odd = moves & kParityMask[parity];
        for (Bitboard part : {odd, moves & ~odd}) {
            for (; part; part &= part - 1) {
                const int x = first_square(part);
                const Bitboard f = flips(x, player, opponent);
                const Bitboard np = opponent ^ f;
                const Bitboard no = player | f | square_bit(x);
                const unsigned child_parity = parity ^ quadrant_bit(x);
                const int v = empties_count == 5
                                  ? -this->solve4(np, no, -alpha - 1, ~(np | no) & T::kPlayable, child_parity)
                                  : -nws_shallow(np, no, -alpha - 1, empties_count - 1, child_parity);
                if (v > best) {
                    if (v > alpha) return v;
                    best = v;
                }
            }
        }
        return best;
    }

    using Local = LocalTable<kLocalDepth - kShallowDepth, kLocalBits>;

    // kShallowDepth < empties <= kLocalDepth: the thread's small table, stability, enhanced
    // transposition cut-off on the small table, sorted move list.
    int nws_local(Bitboard player, Bitboard opponent, int alpha, int empties_count, unsigned parity) {
        if (stopped()) return alpha;
        ++nodes;
        if (int bound; stability_cuts<T>(player, opponent, alpha, empties_count, bound)) return bound;
        auto& entry = local_.slot(empties_count - kShallowDepth - 1, player, opponent);
        Move table_move = kNoMove;
        if (local_.holds(entry, player, opponent)) {
            if (entry.lower > alpha) return entry.lower;
            if (entry.upper <= alpha) return entry.upper;
            table_move = entry.move;
        }
        const Bitboard moves = T::moves(player, opponent);
        if (!moves) {
            if (!T::moves(opponent, player)) return T::final_score(popcount(player), empties_count);
            return -nws_local(opponent, player, -alpha - 1, empties_count, parity);
        }
        EndgameMoveList list;
        list.generate<T>(player, opponent, moves, parity, table_move);
        if (empties_count > kShallowDepth + 1) {
            // Enhanced transposition cut-off on the small table, where a probe is a cache hit; from
            // kShallowDepth + 2 empties (bench/results/tuning-notes.md).
            for (int i = 0; i < list.size; ++i) {
                const OrderedMove& m = list.moves[i];
                const int upper =
                    local_upper_bound(opponent ^ m.flips, player | m.flips | square_bit(m.square), empties_count - 1);
                if (-upper > alpha) return store_local(entry, player, opponent, alpha, -upper, m.square);
            }
        }
        int best = -kInfinity;
        Move best_square = kNoMove;
        for (int i = 0; i < list.size; ++i) {
            const OrderedMove& m = list.next(i);
            const int v = -nws(opponent ^ m.flips, player | m.flips | square_bit(m.square), -alpha - 1,
                               empties_count - 1, parity ^ quadrant_bit(m.square));
            if (v > best) {
                best = v;
                best_square = m.square;
                if (v > alpha) break;
            }
        }
        if (stopped()) return alpha;
        // The slot is still this board's: the children use other empties counts' slots.
        return store_local(entry, player, opponent, alpha, best, best_square);
    }

    // Records in `entry` a fail-soft null-window result at alpha and returns it.
    static int store_local(Local::Entry& entry, Bitboard player, Bitboard opponent, int alpha, int score, Move move) {
        entry.player = player;
        entry.opponent = opponent;
        entry.lower = static_cast<std::int8_t>(score > alpha ? score : -kMaxScore);
        entry.upper = static_cast<std::int8_t>(score > alpha ? kMaxScore : score);
        entry.move = static_cast<std::uint8_t>(move);
        return score;
    }

    // Above kLocalDepth: shared table, stability, enhanced transposition cut-off, sorted move list.
    int nws_deep(Bitboard player, Bitboard opponent, int alpha, int empties_count, unsigned parity) {
        if (stopped()) return alpha;
        ++nodes;
        if (deadline_ && nodes - clock_nodes_ >= Deadline::kClockNodes) check_clock();
        // The table line is fetched while the stability bound and the moves are computed.
        const std::uint64_t key = hash_key(Board{player, opponent});
        tt_.prefetch(key);
        if (int bound; stability_cuts<T>(player, opponent, alpha, empties_count, bound)) return bound;
        const Bitboard moves = T::moves(player, opponent);
        // The move list is built before the probe, so its work overlaps the table line's cache
        // miss; a cut-off by the table wastes it, and the trade still pays (bench/results/tuning-notes.md).
        EndgameMoveList list;
        if (moves) list.generate<T>(player, opponent, moves, parity, kNoMove);
        if (T::kSquares - empties_count <= kSymmetryDiscs) list.drop_symmetric_duplicates(Board{player, opponent});
        // The children's keys, when they use the shared table. Their lines are requested now, so
        // that their cache misses overlap this node's own and each other's instead of stalling
        // each child in turn; a cut-off by the table wastes them (bench/results/tuning-notes.md).
        std::uint64_t child_keys[kMaxMoves];  // set and read only when children_share
        const bool children_share = empties_count - 1 > kLocalDepth;
        if (children_share) {
            for (int i = 0; i < list.size; ++i) {
                const OrderedMove& m = list.moves[i];
                child_keys[i] = hash_key(Board{opponent ^ m.flips, player | m.flips | square_bit(m.square)});
                tt_.prefetch(child_keys[i]);
            }
        }
        TranspositionTable::Data entry;
        Move tt_move = kNoMove;
        if (tt_.probe(key, entry)) {
            if (entry.depth >= empties_count && entry.selectivity == 0) {
                if (entry.lower > alpha) return entry.lower;
                if (entry.upper <= alpha) return entry.upper;
            }
            tt_move = entry.move;
        }
        if (!moves) {
            if (!T::moves(opponent, player)) return T::final_score(popcount(player), empties_count);
            return -nws_deep(opponent, player, -alpha - 1, empties_count, parity);
        }
        list.put_first(tt_move);  // marks the move in place: child_keys stay in step with the list
        if (empties_count >= kEtcDepth) {
            // A child already known to score <= -alpha - 1 for the opponent refutes this node now
            // (the shared table's lines were requested above).
            for (int i = 0; i < list.size; ++i) {
                const OrderedMove& m = list.moves[i];
                const int upper = children_share
                                      ? shared_upper_bound(child_keys[i], empties_count - 1)
                                      : local_upper_bound(opponent ^ m.flips, player | m.flips | square_bit(m.square),
                                                          empties_count - 1);
                if (-upper > alpha) {
                    store(key, alpha, alpha + 1, -upper, m.square, empties_count);
                    return -upper;
                }
            }
        }
        int best = -kInfinity;
        Move best_square = kNoMove;
        const int look_ahead_from = look_ahead_start(list, moves, tt_move, empties_count);
        for (int i = 0; i < list.size; ++i) {
            if (i == look_ahead_from) order_by_look_ahead(list, player, opponent, alpha);
            if (i == 1 && splits(list, empties_count)) {
                // The eldest son did not cut off: the others go to all threads (young brothers wait).
                const auto shared =
                    parallel_->split(*this, player, opponent, list, alpha, alpha + 1, empties_count, parity);
                if (shared.score > best) {
                    best = shared.score;
                    best_square = shared.move;
                }
                break;
            }
            const OrderedMove& m = list.next(i);
            const int v = -nws(opponent ^ m.flips, player | m.flips | square_bit(m.square), -alpha - 1,
                               empties_count - 1, parity ^ quadrant_bit(m.square));
            if (v > best) {
                best = v;
                best_square = m.square;
                if (v > alpha) break;
            }
        }
        if (stopped()) return alpha;
        store(key, alpha, alpha + 1, best, best_square, empties_count);
        return best;
    }

    // What a table holds on a position (player to move, `empties` empties): an upper bound on its
    // score, kMaxScore when nothing. The small table serves kLocalDepth empties and fewer, the shared one
    // (by the position's key) more.
    int local_upper_bound(Bitboard player, Bitboard opponent, int empties) {
        const auto& entry = local_.slot(empties - kShallowDepth - 1, player, opponent);
        return local_.holds(entry, player, opponent) ? entry.upper : kMaxScore;
    }
    int shared_upper_bound(std::uint64_t key, int empties) const {
        TranspositionTable::Data entry;
        return tt_.probe(key, entry) && entry.depth >= empties && entry.selectivity == 0 ? entry.upper : kMaxScore;
    }

    // Whether the moves after the first go to the helper threads: the master's searches only, from
    // kSplitDepth empties, with at least two moves to share and a helper waiting for work.
    bool splits(const EndgameMoveList& list, int empties_count) const {
        return parallel_ && empties_count >= kSplitDepth && list.size > 2 && parallel_->idle();
    }

    // Where in the move list the look-ahead ordering starts: after the table move, which is searched
    // first unsorted (most nodes with one cut there, and the look-ahead is the costly part of a
    // node); -1 below the look-ahead depths and when at most one move would be sorted by it.
    int look_ahead_start(const EndgameMoveList& list, Bitboard moves, Move tt_move, int empties_count) const {
        if (empties_count < (evaluator_ ? kEvalOrderDepth<T> : kSearchOrderDepth)) return -1;
        const int start = tt_move < 64 && (moves & square_bit(tt_move)) ? 1 : 0;
        return list.size - start >= 2 ? start : -1;
    }

    // Re-scores the moves by the evaluation's look-ahead when there is an evaluation, else by the
    // mobility look-ahead.
    void order_by_look_ahead(EndgameMoveList& list, Bitboard player, Bitboard opponent, int alpha) {
        if (evaluator_)
            score_by_evaluation<T>(list, *evaluator_, player, opponent, alpha, nodes);
        else
            list.score_by_search<T>(player, opponent, kSearchOrderPlies, nodes);
    }

    // Raises the stop flag once the deadline has passed. `nodes` restarts at each solve, and the
    // unsigned difference then exceeds kClockNodes: the first deep node of a solve looks too.
    void check_clock() {
        clock_nodes_ = nodes;
        const auto at = deadline_->at.load(std::memory_order_relaxed);
        if (at != Deadline::kNone && Deadline::Clock::now().time_since_epoch().count() >= at)
            deadline_->stop.store(true, std::memory_order_relaxed);
    }

    // Records a fail-soft result of a search with window (alpha, beta).
    void store(std::uint64_t key, int alpha, int beta, int score, Move move, int empties_count) {
        TranspositionTable::Data d;
        d.lower = score > alpha ? score : -kMaxScore;
        d.upper = score < beta ? score : kMaxScore;
        d.move = move;
        d.depth = empties_count;
        d.selectivity = 0;
        tt_.store(key, d);
    }

    TranspositionTable& tt_;
    const std::atomic<bool>& stop_;
    const SplitCutoff* cutoff_ = nullptr;
    Parallel<T>* parallel_ = nullptr;
    const Evaluator* evaluator_ = nullptr;
    Deadline* deadline_ = nullptr;
    std::uint64_t clock_nodes_ = 0;  // `nodes` when the clock was last read
    Local local_;
};

}  // namespace tempo::endgame
