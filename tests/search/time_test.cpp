// The time plan: within the clock, soft never after hard, a fixed move time respected.
#include "search/time_manager.hpp"

#include <gtest/gtest.h>

namespace tempo {
namespace {

using namespace std::chrono_literals;

TEST(TimePlan, NoLimitWithoutTime) {
    EXPECT_FALSE(plan_time(Limits{}, 40).limited());
}

TEST(TimePlan, MoveTimeLeavesAMargin) {
    Limits limits;
    limits.move_time = 1000ms;
    const TimePlan plan = plan_time(limits, 40);
    ASSERT_TRUE(plan.limited());
    EXPECT_LT(*plan.hard, 1000ms);
    EXPECT_GT(*plan.hard, 900ms);
}

TEST(TimePlan, ClockBudgetsStayWithinTheClock) {
    for (int left_ms : {1, 5, 50, 500, 5000, 60000, 600000}) {
        for (int empties = 1; empties <= 60; ++empties) {
            for (int increment_ms : {0, 100}) {
                Limits limits;
                limits.clock = Limits::Clock{std::chrono::milliseconds(left_ms), std::chrono::milliseconds(increment_ms), 0};
                const TimePlan plan = plan_time(limits, empties);
                ASSERT_TRUE(plan.limited());
                EXPECT_LE(*plan.soft, *plan.hard);
                // The hard limit leaves part of the clock untouched, increment or not.
                EXPECT_LT(*plan.hard, std::chrono::milliseconds(left_ms)) << left_ms << " " << empties;
                if (left_ms >= 5000) {
                    EXPECT_LT(*plan.hard, std::chrono::milliseconds(left_ms) / 2);
                }
            }
        }
    }
}

TEST(TimePlan, MovesToGoSplitsTheClock) {
    Limits limits;
    limits.clock = Limits::Clock{10000ms, 0ms, 10};
    const TimePlan plan = plan_time(limits, 50);
    EXPECT_LE(*plan.soft, 1000ms);
    EXPECT_GE(*plan.soft, 800ms);
}

}  // namespace
}  // namespace tempo
