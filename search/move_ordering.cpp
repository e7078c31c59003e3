#include "search/move_ordering.hpp"

#include "engine/score.hpp"

namespace tempo {

namespace {

// Weights in arbitrary units; only their ratios matter.
constexpr int kMobilityWeight = 1 << 10;     // per reply left to the opponent
constexpr int kCornerReplyWeight = 1 << 10;  // per corner the opponent could then take
constexpr int kCornerWeight = 1 << 11;       // taking a corner
constexpr int kEvalWeight = 1 << 8;          // per disc of static evaluation
// From this depth on the static evaluation of each child is worth its cost.
constexpr int kEvalOrderingDepth = 3;

}  // namespace

void score_moves(MoveList& list, const Board& board, Move tt_move, int depth, const OrderingContext& context) {
    for (int i = 0; i < list.size(); ++i) {
        OrderedMove& m = list[i];
        if (m.square == tt_move) {
            m.score = kTableMoveOrder;
            continue;
        }
        const Board child = board.after(m.square, m.flips);
        const Bitboard replies = child.moves(context.playable);
        int score = -popcount(replies) * kMobilityWeight - popcount(replies & context.corners) * kCornerReplyWeight;
        if (square_bit(m.square) & context.corners) score += kCornerWeight;
        if (depth >= kEvalOrderingDepth) score -= context.evaluator->evaluate(child) * kEvalWeight;
        m.score = score;
    }
}

}  // namespace tempo
