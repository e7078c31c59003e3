// The search's tunables: defaults are the values the search was tuned to (the bench signature
// depends on them), and a bad name or value is refused with a message naming it, changing nothing.
#include "search/tunables.hpp"

#include <gtest/gtest.h>

#include "search/midgame/probcut.hpp"

namespace tempo {
namespace {

struct Tunables : ::testing::Test {
    void TearDown() override { reset_tunables(); }
};

TEST_F(Tunables, DefaultsAreTheShippedValues) {
    EXPECT_EQ(probcut_t(kDefaultSelectivity), kSelectivityT[kDefaultSelectivity]);
    EXPECT_EQ(tunable(Tunable::kAspirationWindow), 3);
    EXPECT_EQ(tunable(Tunable::kEndReach), 6);
    EXPECT_EQ(tunable(Tunable::kSoftStretch), 140);
}

TEST_F(Tunables, SetByAssignmentAndReset) {
    EXPECT_EQ(set_tunable("probcut_confidence=95"), "");
    EXPECT_EQ(probcut_t(kDefaultSelectivity), 0.95);
    EXPECT_EQ(probcut_t(1), kSelectivityT[1]);  // the other levels stay fixed
    reset_tunables();
    EXPECT_EQ(tunable(Tunable::kProbcutConfidence), 110);
}

TEST_F(Tunables, BadInputIsRefusedAndNamed) {
    EXPECT_NE(set_tunable("end_reach=13").find("end_reach must be in 0..12, not 13"), std::string::npos);
    EXPECT_NE(set_tunable("nope=1").find("unknown tunable 'nope' (known: probcut_confidence,"), std::string::npos);
    EXPECT_NE(set_tunable("end_reach").find("NAME=VALUE"), std::string::npos);
    EXPECT_NE(set_tunable("end_reach=4x").find("'4x' is not an integer"), std::string::npos);
    EXPECT_NE(set_tunable("end_reach=").find("is not an integer"), std::string::npos);
    EXPECT_EQ(tunable(Tunable::kEndReach), 6);
}

}  // namespace
}  // namespace tempo
