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

TEST(Symmetry, SixBySixAreaMapsToItself) {
    for (int k = 0; k < kSymmetries; ++k) EXPECT_EQ(transform(kPlayable6x6, k), kPlayable6x6);
}

}  // namespace
}  // namespace tempo
