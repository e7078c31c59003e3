// The transposition table: round trips, misses, replacement and clearing.
#include <gtest/gtest.h>

#include "search/tt.hpp"

namespace tempo {
namespace {

TEST(TranspositionTable, StoresAndFinds) {
    TranspositionTable tt(1);
    TranspositionTable::Data d{-12, 30, 42, 17, 3};
    tt.store(0x123456789abcdefULL, d);
    TranspositionTable::Data out;
    ASSERT_TRUE(tt.probe(0x123456789abcdefULL, out));
    EXPECT_EQ(out.lower, -12);
    EXPECT_EQ(out.upper, 30);
    EXPECT_EQ(out.move, 42);
    EXPECT_EQ(out.depth, 17);
    EXPECT_EQ(out.selectivity, 3);
    EXPECT_FALSE(tt.probe(0x123456789abcdeeULL, out));
}

TEST(TranspositionTable, ExtremeValuesRoundTrip) {
    TranspositionTable tt(1);
    std::uint64_t key = 77;
    for (const TranspositionTable::Data d :
         {TranspositionTable::Data{-64, -64, kPass, 60, 0}, TranspositionTable::Data{64, 64, kNoMove, 0, 255}}) {
        tt.store(++key, d);
        TranspositionTable::Data out;
        ASSERT_TRUE(tt.probe(key, out));
        EXPECT_EQ(out.lower, d.lower);
        EXPECT_EQ(out.upper, d.upper);
        EXPECT_EQ(out.move, d.move);
        EXPECT_EQ(out.depth, d.depth);
        EXPECT_EQ(out.selectivity, d.selectivity);
    }
}

TEST(TranspositionTable, TheDeeperSearchOfAPositionIsKept) {
    TranspositionTable tt(1);
    TranspositionTable::Data out;
    tt.store(5, {0, 10, 1, 20, 0});
    tt.store(5, {3, 3, 2, 5, 0});  // shallower: its bounds say less; its move is the newer
    ASSERT_TRUE(tt.probe(5, out));
    EXPECT_EQ(out.lower, 0);
    EXPECT_EQ(out.upper, 10);
    EXPECT_EQ(out.move, 2);
    EXPECT_EQ(out.depth, 20);
    tt.store(5, {-64, 64, kNoMove, 5, 0});  // no move: the deeper search's stays
    ASSERT_TRUE(tt.probe(5, out));
    EXPECT_EQ(out.move, 2);
    tt.store(5, {3, 3, 2, 21, 0});  // deeper: replaces
    ASSERT_TRUE(tt.probe(5, out));
    EXPECT_EQ(out.lower, 3);
    EXPECT_EQ(out.depth, 21);
    tt.store(5, {-64, 8, 4, 21, 2});  // as deep but pruned (selectivity 2): says less
    ASSERT_TRUE(tt.probe(5, out));
    EXPECT_EQ(out.selectivity, 0);
    EXPECT_EQ(out.lower, 3);
    EXPECT_EQ(out.move, 4);
}

TEST(TranspositionTable, BoundsOfTheSameDepthAreMerged) {
    TranspositionTable tt(1);
    TranspositionTable::Data out;
    tt.store(9, {5, 64, 3, 10, 1});          // a null-window search failed high: score >= 5
    tt.store(9, {-64, 12, kNoMove, 10, 1});  // another failed low: score <= 12
    ASSERT_TRUE(tt.probe(9, out));
    EXPECT_EQ(out.lower, 5);
    EXPECT_EQ(out.upper, 12);
    EXPECT_EQ(out.move, 3);  // the new entry named no move
    // Bounds that contradict each other (search instability): the newer stands alone.
    tt.store(9, {20, 64, 4, 10, 1});
    ASSERT_TRUE(tt.probe(9, out));
    EXPECT_EQ(out.lower, 20);
    EXPECT_EQ(out.upper, 64);
    EXPECT_EQ(out.move, 4);
}

TEST(TranspositionTable, ReplacementKeepsDeepEntriesOfThisSearch) {
    TranspositionTable tt(1);
    const std::uint64_t buckets = tt.size_bytes() / 64;
    // Five keys in one four-way bucket: the shallowest entry gives way to the fifth.
    for (std::uint64_t i = 0; i < 4; ++i) tt.store(7 + i * buckets, {0, 0, 0, static_cast<int>(10 + i), 0});
    tt.store(7 + 4 * buckets, {0, 0, 0, 30, 0});
    TranspositionTable::Data out;
    EXPECT_FALSE(tt.probe(7, out));
    for (std::uint64_t i = 1; i < 5; ++i) EXPECT_TRUE(tt.probe(7 + i * buckets, out)) << i;
    // After a new search, old entries go first, even deep ones.
    tt.new_search();
    tt.store(7 + 5 * buckets, {0, 0, 0, 1, 0});
    EXPECT_TRUE(tt.probe(7 + 5 * buckets, out));
}

TEST(TranspositionTable, ClearAndResizeForget) {
    TranspositionTable tt(1);
    tt.store(99, {1, 2, 3, 4, 0});
    tt.clear();
    TranspositionTable::Data out;
    EXPECT_FALSE(tt.probe(99, out));
    tt.store(99, {1, 2, 3, 4, 0});
    tt.resize(2);
    EXPECT_FALSE(tt.probe(99, out));
    EXPECT_EQ(tt.size_bytes(), 2u << 20);
}

// A clear only advances the table's epoch; when the 16-bit epoch wraps, the table is wiped, so an
// entry from 65,536 clears ago does not come back.
TEST(TranspositionTable, ClearsAcrossTheEpochWrap) {
    TranspositionTable tt(1);
    TranspositionTable::Data out;
    tt.store(99, {1, 2, 3, 4, 0});
    for (int i = 0; i < 65535; ++i) {
        tt.clear();
        if (i == 0) {
            EXPECT_FALSE(tt.probe(99, out));
        }
    }
    EXPECT_FALSE(tt.probe(99, out));
    tt.store(5, {1, 2, 3, 4, 0});
    tt.clear();
    tt.store(6, {-1, 1, 2, 3, 0});
    EXPECT_FALSE(tt.probe(5, out));
    ASSERT_TRUE(tt.probe(6, out));
    EXPECT_EQ(out.lower, -1);
}

}  // namespace
}  // namespace tempo
