#include <gtest/gtest.h>

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

}  // namespace
}  // namespace tempo
