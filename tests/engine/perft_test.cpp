#include <gtest/gtest.h>

#include "engine/perft.hpp"
#include "tests/engine/reference.hpp"

namespace tempo {
namespace {

// Aart Bik's published table (convention A: a forced pass uses a ply, a game over early is one leaf).
TEST(Perft, Published8x8CountsToDepth9) {
    const std::uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
    for (int depth = 0; depth <= 9; ++depth) EXPECT_EQ(perft(Board::start(), depth), expected[depth]) << depth;
}

// Depth 10 and 11 are where passes and early game ends start to matter.
TEST(Perft, Published8x8CountsDepth10And11) {
    EXPECT_EQ(perft(Board::start(), 10), 24571284u);
    EXPECT_EQ(perft(Board::start(), 11), 212258800u);
}

// 6x6 counts: no published source; the fast path and the naive reference must agree, and both
// must give the table below, computed by an independent implementation.
TEST(Perft, SixBySixFastMatchesReferenceAndTable) {
    const std::uint64_t expected[] = {1, 4, 12, 56, 244, 1364, 7604, 47740, 308716, 2114912, 14976792};
    for (int depth = 0; depth <= 7; ++depth)
        EXPECT_EQ(perft(Board::start(), depth, Geometry::k6x6), reference::perft(Board::start(), depth, kPlayable6x6));
    for (int depth = 0; depth <= 10; ++depth)
        EXPECT_EQ(perft(Board::start(), depth, Geometry::k6x6), expected[depth]) << depth;
}

TEST(Perft, FastMatchesReference8x8) {
    for (int depth = 1; depth <= 6; ++depth)
        EXPECT_EQ(perft(Board::start(), depth), reference::perft(Board::start(), depth));
}

}  // namespace
}  // namespace tempo
