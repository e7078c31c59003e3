#include "search/midgame/move_ordering.hpp"

#include <algorithm>

#include "engine/score.hpp"

namespace tempo {

namespace {

// From this depth on the static evaluation of each child is worth its cost.
constexpr int kEvalOrderingDepth = 3;

}  // namespace

int score_moves(MoveList& list, const Board& board, Move tt_move, int depth, const OrderingContext& context,
                const OrderingWeights& weights) {
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
    // The replies of eight children per register: one fill per direction serves eight children,
    // where the one-position generator spends a fill per child (as the endgame's move list does).
    for (int base = 0; base < list.size(); base += 8) {
        Bitboard8 next_player{}, next_opponent{};  // unused lanes: empty boards
        const int count = std::min(8, list.size() - base);
        for (int k = 0; k < count; ++k) {
            const Board child = board.after(list[base + k].square, list[base + k].flips);
            next_player[k] = child.player;
            next_opponent[k] = child.opponent;
        }
        const Bitboard8 replies = legal_moves_x8(next_player, next_opponent) & context.playable;
        const Bitboard8 potential = neighbours_of(next_opponent) & ~(next_player | next_opponent) & context.playable;
        const Bitboard8 cost = popcount_x8(replies) * weights.reply +
                               popcount_x8(replies & context.corners) * weights.corner_reply +
                               popcount_x8(potential) * weights.potential_reply;
        for (int k = 0; k < count; ++k) list[base + k].score = -static_cast<int>(cost[k]);
    }
#else
    for (int i = 0; i < list.size(); ++i) {
        const Board child = board.after(list[i].square, list[i].flips);
        const Bitboard replies = child.moves(context.playable);
        const Bitboard potential = neighbours_of(child.opponent) & ~(child.player | child.opponent) & context.playable;
        list[i].score = -popcount(replies) * weights.reply -
                        popcount(replies & context.corners) * weights.corner_reply -
                        popcount(potential) * weights.potential_reply;
    }
#endif
    int scored = list.size();
    for (int i = 0; i < list.size(); ++i) {
        OrderedMove& m = list[i];
        if (m.square == tt_move) {
            m.score = kTableMoveOrder;
            --scored;
            continue;
        }
        if (square_bit(m.square) & context.corners) m.score += weights.corner;
        if (depth >= kEvalOrderingDepth)
            m.score -= context.evaluator->evaluate(board.after(m.square, m.flips)) * weights.eval_disc;
    }
    return depth >= kEvalOrderingDepth ? 2 * scored : scored;
}

}  // namespace tempo
