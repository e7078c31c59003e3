#include <gtest/gtest.h>

#include <algorithm>

#include "engine/symmetry.hpp"
#include "tests/engine/random_positions.hpp"

namespace tempo {
namespace {

TEST(Symmetry, EightDistinctTransformsWithInverses) {
    const Bitboard b2 = square_bit(9) | square_bit(2);  // b2 and c1: no symmetry of its own
    std::vector<Bitboard> images;
    for (int k = 0; k < kSymmetries; ++k) {
        images.push_back(transform(b2, k));
        EXPECT_EQ(transform(transform(b2, k), inverse_symmetry(k)), b2) << k;
    }
    std::sort(images.begin(), images.end());
    EXPECT_EQ(std::unique(images.begin(), images.end()), images.end());
}

TEST(Symmetry, MovesCommuteWithTransforms) {
    for (const Board& b : testing::random_game_positions(2000, 11)) {
        for (int k = 0; k < kSymmetries; ++k) {
            EXPECT_EQ(transform(b, k).moves(), transform(b.moves(), k));
            EXPECT_EQ(canonical(transform(b, k)), canonical(b));
        }
    }
}

TEST(Symmetry, CanonicalIsTheSmallestImage) {
    // The vector form (where the build has it) against the definition, on positions of games and
    // on symmetric ones (images tie on the side to move's discs: the opponent's decide).
    std::vector<Board> boards = testing::random_game_positions(2000, 12);
    boards.push_back(Board::start());
    boards.push_back({square_bit(0) | square_bit(63), square_bit(7)});
    boards.push_back({square_bit(0) | square_bit(63), square_bit(7) | square_bit(56)});
    for (const Board& b : boards) {
        Board smallest = b;
        for (int k = 1; k < kSymmetries; ++k) smallest = std::min(smallest, transform(b, k));
        ASSERT_EQ(canonical(b), smallest);
    }
    static_assert(canonical(Board{square_bit(63), 0}) == Board{square_bit(0), 0});  // usable at compile time
}

TEST(Symmetry, SixBySixAreaMapsToItself) {
    for (int k = 0; k < kSymmetries; ++k) EXPECT_EQ(transform(kPlayable6x6, k), kPlayable6x6);
}

}  // namespace
}  // namespace tempo
