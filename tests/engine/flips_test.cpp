#include <gtest/gtest.h>

#include "engine/flips.hpp"
#include "tests/engine/random_positions.hpp"
#include "tests/engine/reference.hpp"

namespace tempo {
namespace {

// Every empty square of every position, legal or not: flips must be exactly the bracketed runs.
template <typename Flips>
void expect_matches_reference(const std::vector<Board>& boards, Flips&& under_test) {
    for (const Board& b : boards) {
        for (Bitboard e = ~(b.player | b.opponent); e; e &= e - 1) {
            const int sq = first_square(e);
            ASSERT_EQ(under_test(sq, b.player, b.opponent), reference::flips(sq, b.player, b.opponent))
                << "square " << sq << " player " << b.player << " opponent " << b.opponent;
        }
    }
}

TEST(Flips, ScalarMatchesReference) {
    expect_matches_reference(testing::random_game_positions(50'000, 5), flips_scalar);
    expect_matches_reference(testing::random_bit_positions(50'000, 6), flips_scalar);
}

#if defined(__AVX2__)
TEST(Flips, Avx2MatchesReference) {
    expect_matches_reference(testing::random_game_positions(50'000, 7), flips_avx2);
    expect_matches_reference(testing::random_bit_positions(50'000, 8), flips_avx2);
}
#endif

TEST(Flips, AllEightDirectionsFlipTogether) {
    // d4 empty, surrounded by white discs each backed by a black disc two squares away.
    Bitboard white = 0, black = 0;
    const int d4 = 27;
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
            if (!dr && !dc) continue;
            white |= square_bit(d4 + dr * 8 + dc);
            black |= square_bit(d4 + 2 * (dr * 8 + dc));
        }
    EXPECT_EQ(flips(d4, black, white), white);
}

TEST(Flips, UnbracketedRunToTheEdgeDoesNotFlip) {
    // a1 black to move; b1..h1 white to the edge: nothing flips.
    const Bitboard white = 0xfeULL;
    EXPECT_EQ(flips(0, 0, white), 0u);
    EXPECT_EQ(flips(0, square_bit(7) & 0, white), 0u);
}

}  // namespace
}  // namespace tempo
