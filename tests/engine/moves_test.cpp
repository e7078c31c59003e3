#include <gtest/gtest.h>

#include <vector>

#include "engine/moves.hpp"
#include "tests/engine/random_positions.hpp"
#include "tests/engine/reference.hpp"

namespace tempo {
namespace {

TEST(LegalMoves, StartPositionHasFourMoves) {
    const Board start = Board::start();
    // d3, c4, f5, e6 for black.
    EXPECT_EQ(legal_moves(start.player, start.opponent),
              square_bit(19) | square_bit(26) | square_bit(37) | square_bit(44));
}

TEST(LegalMoves, ScalarMatchesReferenceOnGamePositions) {
    for (const Board& b : testing::random_game_positions(100'000, 1))
        ASSERT_EQ(legal_moves_scalar(b.player, b.opponent), reference::legal_moves(b.player, b.opponent));
}

TEST(LegalMoves, ScalarMatchesReferenceOnArbitraryPatterns) {
    for (const Board& b : testing::random_bit_positions(100'000, 2))
        ASSERT_EQ(legal_moves_scalar(b.player, b.opponent), reference::legal_moves(b.player, b.opponent));
}

#if defined(__AVX2__)
TEST(LegalMoves, Avx2MatchesScalarOnAMillionPositions) {
    for (const Board& b : testing::random_game_positions(500'000, 3))
        ASSERT_EQ(legal_moves_avx2(b.player, b.opponent), legal_moves_scalar(b.player, b.opponent));
    for (const Board& b : testing::random_bit_positions(500'000, 4))
        ASSERT_EQ(legal_moves_avx2(b.player, b.opponent), legal_moves_scalar(b.player, b.opponent));
}
#endif

#if defined(__AVX512F__)
TEST(LegalMoves, EightLaneMatchesScalarPerLane) {
    const std::vector<Board> boards = testing::random_bit_positions(80'000, 5);
    for (std::size_t base = 0; base + 8 <= boards.size(); base += 8) {
        Bitboard8 player, opponent;
        for (int i = 0; i < 8; ++i) {
            player[i] = boards[base + i].player;
            opponent[i] = boards[base + i].opponent;
        }
        const Bitboard8 moves = legal_moves_x8(player, opponent);
        for (int i = 0; i < 8; ++i) ASSERT_EQ(moves[i], legal_moves_scalar(player[i], opponent[i]));
    }
}
#endif

// Both sides at once (one AVX-512 pass where the build has it) against two scalar calls.
TEST(LegalMoves, BothSidesMatchScalar) {
    for (const std::vector<Board>& boards :
         {testing::random_game_positions(100'000, 6), testing::random_bit_positions(100'000, 7)})
        for (const Board& b : boards) {
            Bitboard mine, theirs;
            legal_moves_both(b.player, b.opponent, mine, theirs);
            ASSERT_EQ(mine, legal_moves_scalar(b.player, b.opponent));
            ASSERT_EQ(theirs, legal_moves_scalar(b.opponent, b.player));
        }
}

}  // namespace
}  // namespace tempo
