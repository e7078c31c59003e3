// Move ordering by the trained evaluation for the endgame search at many empties: each move is
// scored by a shallow alpha-beta search of its child on the pattern evaluation, in a window
// around the node's alpha, plus the fastest-first score as the tie-break. Far from the end the
// evaluation predicts the final margin well enough to find the refutation first, which mobility
// alone does not.
#pragma once

#include <cstdint>

#include "eval/evaluator.hpp"
#include "search/endgame_ordering.hpp"

namespace tempo::endgame {

// Alpha-beta on the evaluation to `depth` plies (fail-soft, side to move's view); counts every
// position it evaluates or expands in `nodes`.
template <class T>
int eval_search(const Evaluator& evaluator, Bitboard player, Bitboard opponent, int alpha, int beta, int depth,
                std::uint64_t& nodes) {
    ++nodes;
    if (depth == 0) return evaluator.evaluate(Board{player, opponent});
    Bitboard moves = T::moves(player, opponent);
    if (!moves) {
        if (!T::moves(opponent, player))
            return T::final_score(popcount(player), popcount(~(player | opponent) & T::kPlayable));
        return -eval_search<T>(evaluator, opponent, player, -beta, -alpha, depth, nodes);
    }
    int best = -kInfinity;
    for (; moves; moves &= moves - 1) {
        const int x = first_square(moves);
        const Bitboard f = flips(x, player, opponent);
        const int v = -eval_search<T>(evaluator, opponent ^ f, player | f | square_bit(x), -beta, -alpha, depth - 1,
                                      nodes);
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    return best;
}

// Depth (empties) from which the evaluation orders the moves (null-window and PV nodes), the
// look-ahead in plies below each move, the half-width of its window around the node's alpha and
// the weight of one disc of it against the fastest-first score (64 per opponent reply).
// FFO #40-#44 (145.3 M nodes with the mobility look-ahead; ordering nodes counted): from 18
// empties weight 16 133.5 M, 32 126.1 M, 64 121.6 M; from 14 empties with PV nodes weight 64
// 111.5 M, 128 116.7 M, from 12 118.0 M; 0 plies 141.7 M, 2 plies 135.3 M; window 4 or 16 the same.
// FFO #45-#49 (861.4 M at weight 64): weight 48 841.3 M, 96 900.3 M; 2 plies from 20 empties
// 899.1 M, 3 plies from 20 929.4 M, 3 plies from 22 888.7 M.
constexpr int kEvalOrderDepth = 14;
constexpr int kEvalOrderPlies = 1;
constexpr int kEvalOrderWindow = 8;
constexpr int kEvalOrderWeight = 64;

// Re-scores every move of `list` but the table move for a node whose window starts at `alpha`.
template <class T>
void score_by_evaluation(MoveList& list, const Evaluator& evaluator, Bitboard player, Bitboard opponent, int alpha,
                         std::uint64_t& nodes) {
    for (int i = 0; i < list.size; ++i) {
        ScoredMove& m = list.moves[i];
        if (m.score == 1 << 30) continue;
        const int v = -eval_search<T>(evaluator, opponent ^ m.flips, player | m.flips | square_bit(m.square),
                                      -alpha - kEvalOrderWindow, -alpha + kEvalOrderWindow, kEvalOrderPlies, nodes);
        m.score = v * kEvalOrderWeight + m.score;
    }
}

}  // namespace tempo::endgame
