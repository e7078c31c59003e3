// Move ordering by the trained evaluation for the endgame search at many empties: each move is
// scored by a shallow alpha-beta search of its child on the pattern evaluation, in a window
// around the node's alpha, plus the fastest-first score as the tie-break. Far from the end the
// evaluation predicts the final margin well enough to find the refutation first, which mobility
// alone does not.
#pragma once

#include <cstdint>

#include "eval/evaluator.hpp"
#include "search/endgame/look_ahead.hpp"
#include "search/endgame/ordering.hpp"

namespace tempo::endgame {

// Depth (empties) from which the evaluation orders the moves (null-window and PV nodes), the
// look-ahead in plies below each move, the half-width of its window around the node's alpha and
// the weight of one disc of it against the fastest-first score (64 per opponent reply). At 24 a
// disc weighs 3/8 of an opponent reply: the evaluation overrides fastest-first only where it
// differs by a few discs. More plies lose: the look-ahead has no table and no ordering, and its
// own nodes outgrow what it saves (bench/results/tuning-notes.md).
template <class T>
constexpr int kEvalOrderDepth = T::kGeometry == Geometry::k8x8 ? 16 : 14;
constexpr int kEvalOrderPlies = 1;
constexpr int kEvalOrderWindow = 8;
constexpr int kEvalOrderWeight = 24;

// Re-scores every move of `list` but the table move for a node whose window starts at `alpha`.
template <class T>
void score_by_evaluation(EndgameMoveList& list, const Evaluator& evaluator, Bitboard player, Bitboard opponent,
                         int alpha, std::uint64_t& nodes) {
    const auto evaluate = [&evaluator](Bitboard p, Bitboard o) { return evaluator.evaluate(Board{p, o}); };
    for (int i = 0; i < list.size; ++i) {
        OrderedMove& m = list.moves[i];
        if (m.score == kTableMoveOrder) continue;
        const int v = -look_ahead<T>(evaluate, 1, opponent ^ m.flips, player | m.flips | square_bit(m.square),
                                     -alpha - kEvalOrderWindow, -alpha + kEvalOrderWindow, kEvalOrderPlies, nodes);
        m.score = v * kEvalOrderWeight + m.score;
    }
}

}  // namespace tempo::endgame
