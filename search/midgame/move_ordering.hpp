// Move ordering for the midgame search: the transposition-table move first, then moves that leave
// the opponent few replies and few potential replies (mobility, potential mobility), take corners,
// and (deeper in the tree, where it pays for itself) evaluate well. Moves are picked best-first by
// selection, so a node that cuts on its first move never sorts the rest.
#pragma once

#include <array>
#include <cassert>
#include <utility>

#include "engine/board.hpp"
#include "eval/evaluator.hpp"
#include "search/ordered_move.hpp"

namespace tempo {

// `moves` in the three parts in which unscored moves are tried, each in square order: those in
// `first`, then the others, then those in `last`.
inline std::array<Bitboard, 3> unscored_order(Bitboard moves, Bitboard first, Bitboard last) {
    return {moves & first, moves & ~(first | last), moves & last & ~first};
}

class MoveList {
public:
    // The moves in square order, except those in `first` before all others and those in `last`
    // after: the order in which unscored lists (depth-1 nodes) are tried.
    MoveList(const Board& board, Bitboard moves, Bitboard first = 0, Bitboard last = 0) {
        for (const Bitboard part : unscored_order(moves, first, last))
            for_each_square(part, [&](int sq) {
                assert(count_ < kMaxMoves);
                moves_[count_++] = {sq, 0, board.flips_for(sq)};
            });
    }
    int size() const { return count_; }
    OrderedMove& operator[](int i) { return moves_[i]; }
    const OrderedMove& operator[](int i) const { return moves_[i]; }

    // Brings the best-scored move among i..size-1 to position i and returns it.
    const OrderedMove& pick(int i) {
        int best = i;
        for (int j = i + 1; j < count_; ++j)
            if (moves_[j].score > moves_[best].score) best = j;
        std::swap(moves_[i], moves_[best]);
        return moves_[i];
    }

private:
    OrderedMove moves_[kMaxMoves];
    int count_ = 0;
};

// How the midgame search orders a node's moves.
struct OrderingContext {
    const Evaluator* evaluator;
    Bitboard playable;
    Bitboard corners;
    // Unscored lists try these first and last: corners first and their neighbours last under
    // the standard rules, where an early cut-off at a depth-1 node saves evaluations (bench
    // depth 12: 8.35 M -> 7.59 M nodes); none under anti rules, where corners are not wanted.
    Bitboard try_first;
    Bitboard try_last;
};

// What each term of a move's order weighs, in arbitrary units (only the ratios matter): per reply
// left to the opponent, per potential reply (an empty square next to the mover's discs), per
// corner among the replies, for taking a corner, and per disc of the child's static evaluation.
struct OrderingWeights {
    int reply;
    int potential_reply;
    int corner_reply;
    int corner;
    int eval_disc;
};

// Inside the tree, where the order decides how soon a node cuts off: a disc of evaluation weighs
// as much as a reply, a potential reply a quarter of one. With the disc at a quarter of a reply
// and no potential mobility, `tempo bench --depth 18` searched 10% more nodes, and 120 positions
// of games against NTest 9% more (bench/results/tuning-notes.md).
inline constexpr OrderingWeights kTreeOrdering{1 << 10, 1 << 8, 1 << 10, 1 << 11, 1 << 10};
// At the root the first order only breaks ties (after the first iteration the scores order the
// moves, and of moves with the same score in whole discs the first searched is played), so it
// keeps the weights the matches against NTest measured before: the replies first, the evaluation
// a quarter of a reply. With the tree's weights at the root too, 300 paired games scored 1.7
// points less, standard error 2.7 (bench/results/2026-12-05-move-order.md).
inline constexpr OrderingWeights kRootOrdering{1 << 10, 0, 1 << 10, 1 << 11, 1 << 8};

// Scores every move of `list` (played from `board`) for a node with `depth` plies to go;
// `tt_move` (if any) gets the top score. Returns how many positions it scored: each child but the
// table's move (made, its replies counted) and, where it evaluates them, each one's evaluation.
int score_moves(MoveList& list, const Board& board, Move tt_move, int depth, const OrderingContext& context,
                const OrderingWeights& weights = kTreeOrdering);

}  // namespace tempo
