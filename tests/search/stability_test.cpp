// Stable discs: every disc reported stable keeps its colour along every legal continuation.
#include <gtest/gtest.h>

#include "engine/rules.hpp"
#include "search/stability.hpp"
#include "tests/engine/random_positions.hpp"

namespace tempo {
namespace {

// Walks every continuation (both sides, passes included) and fails if a disc of `stable_black`
// (player of the root) or `stable_white` changes colour.
void expect_never_flipped(const Board& board, Bitboard mine, Bitboard theirs, Bitboard playable = kPlayable8x8) {
    ASSERT_EQ(board.player & mine, mine) << "a stable disc flipped";
    ASSERT_EQ(board.opponent & theirs, theirs) << "a stable disc flipped";
    const Bitboard moves = board.moves(playable);
    if (!moves) {
        if (board.passed().moves(playable)) expect_never_flipped(board.passed(), theirs, mine, playable);
        return;
    }
    for_each_square(moves, [&](int sq) { expect_never_flipped(board.play(sq), theirs, mine, playable); });
}

TEST(Stability, StableDiscsNeverFlip) {
    int positions = 0, stable_total = 0;
    for (const Board& board : testing::random_game_positions(3000, 11)) {
        if (board.empty_count() > 8) continue;
        const Bitboard mine = stable_discs(board.player, board.opponent);
        const Bitboard theirs = stable_discs(board.opponent, board.player);
        ASSERT_EQ(mine & ~board.player, 0u);
        stable_total += popcount(mine | theirs);
        expect_never_flipped(board, mine, theirs);
        ++positions;
    }
    EXPECT_GT(positions, 100);
    EXPECT_GT(stable_total, positions);  // the test is not vacuous
}

TEST(Stability, StableDiscsNeverFlip6x6) {
    int positions = 0, stable_total = 0;
    for (const Board& board : testing::random_game_positions(3000, 12, kPlayable6x6)) {
        if (board.empty_count(kPlayable6x6) > 9) continue;
        const Bitboard mine = stable_discs_6x6(board.player, board.opponent);
        const Bitboard theirs = stable_discs_6x6(board.opponent, board.player);
        ASSERT_EQ(mine & ~board.player, 0u);
        stable_total += popcount(mine | theirs);
        expect_never_flipped(board, mine, theirs, kPlayable6x6);
        ++positions;
    }
    EXPECT_GT(positions, 100);
    EXPECT_GT(stable_total, 2 * positions);  // the test is not vacuous
}

TEST(Stability, CornersAndEdges6x6) {
    // b2 (the 6x6 corner) is stable alone; b3 next to it along column b too; a full 6x6 board is stable.
    EXPECT_EQ(stable_discs_6x6(square_bit(9), square_bit(18)), square_bit(9));
    EXPECT_EQ(stable_edge_discs_6x6(square_bit(9) | square_bit(17), square_bit(25)), square_bit(9) | square_bit(17));
    EXPECT_EQ(stable_edge_discs_6x6(square_bit(17), square_bit(25)), 0u);  // b3 alone on column b
    const Bitboard half = 0x00000000ffffffffULL & kPlayable6x6;
    EXPECT_EQ(stable_discs_6x6(half, kPlayable6x6 & ~half), half);
}

TEST(Stability, CornersFullEdgesAndFullBoard) {
    // A lone corner is stable; a full board is entirely stable.
    EXPECT_EQ(stable_discs(square_bit(0), square_bit(9)), square_bit(0));
    const Bitboard half = 0x00000000ffffffffULL;
    EXPECT_EQ(stable_discs(half, ~half), half);
    // A full top edge, mixed colours: all eight edge discs are stable.
    const Bitboard edge_player = 0x5a, edge_opponent = 0xa5;
    EXPECT_EQ(stable_edge_discs(edge_player, edge_opponent), edge_player);
    // Discs on a1..c1 next to an empty d1 with an opponent at e1: a1, b1 and c1 are stable
    // (nothing can flip a run anchored in the corner).
    EXPECT_EQ(stable_edge_discs(0x07, 0x10) & 0x07, 0x07u);
    // b1 alone with empties around is not stable.
    EXPECT_EQ(stable_edge_discs(0x02, 0x00), 0u);
}

}  // namespace
}  // namespace tempo
