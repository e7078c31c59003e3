#include "search/move_ordering.hpp"

#include <algorithm>

#include "engine/score.hpp"

namespace tempo {

namespace {

// Weights in arbitrary units; only their ratios matter.
// A disc of evaluation weighs as much as a reply, a potential reply a quarter of one: with the
// disc at a quarter of a reply and no potential mobility, `tempo bench --depth 18` searched 10%
// more nodes, and 120 positions of games against NTest 9% more (bench/results/tuning-notes.md).
constexpr int kMobilityWeight = 1 << 10;           // per reply left to the opponent
constexpr int kPotentialMobilityWeight = 1 << 8;   // per empty square next to the mover's discs
constexpr int kCornerReplyWeight = 1 << 10;        // per corner the opponent could then take
constexpr int kCornerWeight = 1 << 11;             // taking a corner
constexpr int kEvalWeight = 1 << 10;               // per disc of static evaluation
// From this depth on the static evaluation of each child is worth its cost.
constexpr int kEvalOrderingDepth = 3;

}  // namespace

void score_moves(MoveList& list, const Board& board, Move tt_move, int depth, const OrderingContext& context) {
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
        const Bitboard8 cost = popcount_x8(replies) * kMobilityWeight +
                               popcount_x8(replies & context.corners) * kCornerReplyWeight +
                               popcount_x8(potential) * kPotentialMobilityWeight;
        for (int k = 0; k < count; ++k) list[base + k].score = -static_cast<int>(cost[k]);
    }
#else
    for (int i = 0; i < list.size(); ++i) {
        const Board child = board.after(list[i].square, list[i].flips);
        const Bitboard replies = child.moves(context.playable);
        const Bitboard potential = neighbours_of(child.opponent) & ~(child.player | child.opponent) & context.playable;
        list[i].score = -popcount(replies) * kMobilityWeight - popcount(replies & context.corners) * kCornerReplyWeight -
                        popcount(potential) * kPotentialMobilityWeight;
    }
#endif
    for (int i = 0; i < list.size(); ++i) {
        OrderedMove& m = list[i];
        if (m.square == tt_move) {
            m.score = kTableMoveOrder;
            continue;
        }
        if (square_bit(m.square) & context.corners) m.score += kCornerWeight;
        if (depth >= kEvalOrderingDepth)
            m.score -= context.evaluator->evaluate(board.after(m.square, m.flips)) * kEvalWeight;
    }
}

}  // namespace tempo
