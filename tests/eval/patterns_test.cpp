#include "eval/patterns.hpp"

#include <gtest/gtest.h>

#include <set>

#include "engine/symmetry.hpp"
#include "eval/features.hpp"
#include "tests/engine/random_positions.hpp"

namespace tempo {
namespace {

TEST(Patterns, FortySixDistinctPlacementsGroupedByShape) {
    std::set<std::pair<int, Bitboard>> seen;
    int expected_per_shape[kPatternShapes] = {4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4};
    int count[kPatternShapes] = {};
    for (int i = 0; i < kPlacements; ++i) {
        const Placement& p = placements()[i];
        EXPECT_EQ(p.shape, kPlacementShape[i]) << "placement " << i;
        EXPECT_EQ(popcount(p.mask), kShapes[p.shape].squares);
        EXPECT_TRUE(seen.insert({p.shape, p.mask}).second) << "duplicate placement " << i;
        ++count[p.shape];
    }
    for (int s = 0; s < kPatternShapes; ++s) EXPECT_EQ(count[s], expected_per_shape[s]) << kShapes[s].name;
}

TEST(Patterns, FastIndicesMatchSquareBySquareReading) {
    for (const auto& positions : {testing::random_game_positions(3000, 11), testing::random_bit_positions(3000, 12)}) {
        for (const Board& board : positions) {
            std::array<std::uint16_t, kPlacements> index;
            pattern_indices(board, index);
            for (int i = 0; i < kPlacements; ++i) ASSERT_EQ(index[i], pattern_index_reference(board, i)) << i;
            pattern_indices_portable(board, index);
            for (int i = 0; i < kPlacements; ++i) ASSERT_EQ(index[i], pattern_index_reference(board, i)) << i;
        }
    }
}

TEST(Patterns, KnownIndicesOfTheStartPosition) {
    std::array<std::uint16_t, kPlacements> index;
    pattern_indices(Board::start(), index);
    // Corner and edge placements see only empty squares at the start.
    for (int i = 0; i < 16; ++i) EXPECT_EQ(index[i], 0) << i;
    // row4 (a4..h4): d4 is white (the opponent, digit 2 at position 3), e4 black (digit 1 at 4),
    // for the placement read in base order a4 -> h4.
    EXPECT_EQ(pattern_index_reference(Board::start(), 24), 2 * 27 + 1 * 81);
}

TEST(Patterns, MirrorCanonicalIndexIsTheSmallestImage) {
    // edge2x is symmetric under the column mirror: a1 alone (digit 0) and h1 alone (digit 7) tie.
    const int a1 = 1, h1 = pow3(7);
    EXPECT_EQ(mirror_canonical_index(2, h1), a1);
    EXPECT_EQ(mirror_canonical_index(2, a1), a1);
    // corner2x5 has no own symmetry: every index is its own representative.
    for (int index : {0, 5, 12345, pow3(10) - 1}) EXPECT_EQ(mirror_canonical_index(1, index), index);
    for (int s = 0; s < kPatternShapes; ++s)
        for (int index = 0; index < kShapes[s].table_size; index += 97) {
            const int c = mirror_canonical_index(s, index);
            EXPECT_LE(c, index);
            EXPECT_EQ(mirror_canonical_index(s, c), c);
        }
}

}  // namespace
}  // namespace tempo
