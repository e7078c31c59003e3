// The time plan: within the clock, soft never after hard, a fixed move time respected.
#include "search/time_manager.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>


namespace tempo {
namespace {

using namespace std::chrono_literals;

TEST(TimePlan, NoLimitWithoutTime) { EXPECT_FALSE(plan_time(Limits{}, 40).limited()); }

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
                limits.clock =
                    Limits::Clock{std::chrono::milliseconds(left_ms), std::chrono::milliseconds(increment_ms), 0};
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

TEST(TimePlan, ClockKeepsAFixedAndAPerMoveReserve) {
    // 40 empties: at most 20 moves still to play; the reserve is 3 ms + 20 x 5 ms + a tenth of the clock.
    EXPECT_EQ(clock_reserve(2000ms, 20), 3ms + 20 * 5ms + 200ms);
    EXPECT_EQ(clock_reserve(60000ms, 20), 3ms + 20 * 5ms + 300ms);  // the fraction is capped
    Limits limits;
    limits.clock = Limits::Clock{2000ms, 0ms, 0};
    const TimePlan plan = plan_time(limits, 40);
    EXPECT_LE(*plan.hard, 2000ms - clock_reserve(2000ms, 20));
    EXPECT_GT(*plan.hard, 0ms);
    // Less than the reserve left: no time at all for the search, it answers with its first move.
    limits.clock = Limits::Clock{4ms, 0ms, 0};
    EXPECT_EQ(*plan_time(limits, 4).hard, 0ms);
    EXPECT_EQ(*plan_time(limits, 4).soft, 0ms);
}

// A whole game on one side's clock where every search runs to its hard limit (a solve to the
// solve's limit) and then costs a fixed overhead of just under the per-move reserve (set-up,
// output, a protocol's pipe): the clock never runs out, from tiny clocks to long ones.
TEST(TimePlan, ClockSurvivesAWholeGameOfOverheads) {
    const auto overhead = kClockReservePerMove - 50us;
    // A clock below the fixed reserve and 30 moves' overheads cannot last whatever the plan.
    const auto enough = kClockFixedReserve + 30 * kClockReservePerMove;
    for (int clock_ms : {1, 5, 10, 30, 100, 200, 300, 1000, 2000, 10000, 60000}) {
        for (int first_empties : {60, 59}) {
            std::chrono::microseconds left = std::chrono::milliseconds(clock_ms);
            for (int empties = first_empties; empties > 0; empties -= 2) {
                Limits limits;
                limits.clock = Limits::Clock{std::chrono::duration_cast<std::chrono::milliseconds>(left), 0ms, 0};
                const TimePlan plan = plan_time(limits, empties);
                const bool solves = plan_endgame(limits, plan, empties) != Limits::Endgame::kOff;
                left -= *(solves ? plan.for_solve() : plan).hard + overhead;
                if (std::chrono::milliseconds(clock_ms) >= enough) {
                    ASSERT_GT(left.count(), 0) << clock_ms << " ms, " << empties << " empties";
                }
            }
        }
    }
}

// A sudden-death game from 52 empties where every midgame move stops at 0.8 of its soft budget and
// the first solve planned takes its estimated time and ends the thinking: whatever the clock, less
// than a quarter of it is left unused (16-20% from 2 to 60 s; the reserve alone is a tenth, at most
// 300 ms). With the solve point fixed at 16 empties 28-31% was left.
TEST(TimePlan, SuddenDeathUsesMostOfTheClock) {
    for (int clock_ms : {2000, 5000, 15000, 60000}) {
        const std::chrono::microseconds clock = std::chrono::milliseconds(clock_ms);
        std::chrono::microseconds left = clock;
        for (int empties = 52; empties > 0; empties -= 2) {
            Limits limits;
            limits.clock = Limits::Clock{std::chrono::duration_cast<std::chrono::milliseconds>(left), 0ms, 0};
            const TimePlan plan = plan_time(limits, empties);
            const Limits::Endgame endgame = plan_endgame(limits, plan, empties);
            if (endgame != Limits::Endgame::kOff) {
                const int solved = endgame == Limits::Endgame::kExact ? empties : empties - 2;
                left -= std::min(estimated_solve_time(solved), *plan.for_solve().hard);
                break;
            }
            left -= *plan.soft * 4 / 5;
        }
        EXPECT_GT(left.count(), 0) << clock_ms << " ms";
        EXPECT_LT(left, clock / 4) << clock_ms << " ms: " << left.count() << " us left";
    }
}

TEST(TimePlan, MovesToGoSplitsTheClock) {
    Limits limits;
    limits.clock = Limits::Clock{10000ms, 0ms, 10};
    const TimePlan plan = plan_time(limits, 50);
    // A tenth of the usable time, stretched by 1.4 as a move uses about 0.7 of its soft budget.
    EXPECT_LE(*plan.soft, 1400ms);
    EXPECT_GE(*plan.soft, 1100ms);
}

// GTP's `time_settings 0 T 1` (the match runner's --move-time): the period's one move may use
// all of T but the reserve, not a quarter of it.
TEST(TimePlan, ByoYomiOfOneMoveUsesThePeriod) {
    Limits limits;
    limits.clock = Limits::Clock{100ms, 0ms, 1};
    const TimePlan plan = plan_time(limits, 40);
    EXPECT_EQ(*plan.hard, 100ms - clock_reserve(100ms, 1));
    EXPECT_EQ(*plan.soft, *plan.hard);
    EXPECT_TRUE(plan.use_all);
}

// Time that is this move's alone is searched to the end; a clock shared with later moves is not.
TEST(TimePlan, OnlyPerMoveTimeIsUsedToTheDeadline) {
    Limits per_move;
    per_move.move_time = 400ms;
    EXPECT_TRUE(plan_time(per_move, 40).use_all);

    Limits sudden_death;
    sudden_death.clock = Limits::Clock{60000ms, 0ms, 0};
    EXPECT_FALSE(plan_time(sudden_death, 40).use_all);

    Limits period;
    period.clock = Limits::Clock{10000ms, 0ms, 10};
    EXPECT_FALSE(plan_time(period, 40).use_all);

    // A per-move limit above a short clock: the clock's deadline comes first, and its rule holds.
    Limits both = sudden_death;
    both.clock->left = 1000ms;
    both.move_time = 5000ms;
    EXPECT_FALSE(plan_time(both, 40).use_all);
    both.move_time = 10ms;
    EXPECT_TRUE(plan_time(both, 40).use_all);
}

// The endgame plan: a level solves from its solve_empties when the time is not limited; under a
// clock the time decides within that ceiling.
TEST(EndgamePlan, ALevelsSolveEmptiesIsACeilingUnderAClock) {
    Limits level;  // level 60: solves from 60 empties, the whole game
    level.depth = 60;
    level.solve_empties = 60;
    const TimePlan untimed = plan_time(level, 40);
    EXPECT_EQ(plan_endgame(level, untimed, 40), Limits::Endgame::kExact);

    level.move_time = 100ms;  // 40 empties cannot be solved in 0.1 s: no solve is tried
    EXPECT_EQ(plan_endgame(level, plan_time(level, 40), 40), Limits::Endgame::kOff);
    EXPECT_EQ(plan_endgame(level, plan_time(level, 10), 10), Limits::Endgame::kExact);

    Limits level14;  // level 14: solves from 24 empties
    level14.depth = 14;
    level14.solve_empties = 24;
    level14.move_time = 1'000'000ms;
    EXPECT_EQ(plan_endgame(level14, plan_time(level14, 25), 25), Limits::Endgame::kOff);
    EXPECT_EQ(plan_endgame(level14, plan_time(level14, 24), 24), Limits::Endgame::kExact);
}

TEST(EndgamePlan, TheTimeChoosesExactThenNoSolveNeverWinLossDraw) {
    Limits limits;
    limits.move_time = 1000ms;
    std::vector<Limits::Endgame> plans;
    for (int empties = 10; empties <= 40; ++empties)
        plans.push_back(plan_endgame(limits, plan_time(limits, empties), empties));
    EXPECT_EQ(plans.front(), Limits::Endgame::kExact);
    EXPECT_EQ(plans.back(), Limits::Endgame::kOff);
    // Past the exact solve's reach the search goes to the end selectively (the ladder), whose
    // completed levels stand if time runs out; a win/loss/draw solve that runs out plays the
    // short search before it.
    EXPECT_EQ(std::find(plans.begin(), plans.end(), Limits::Endgame::kWld), plans.end());
    EXPECT_TRUE(std::is_partitioned(plans.begin(), plans.end(),
                                    [](Limits::Endgame e) { return e == Limits::Endgame::kExact; }));

    Limits forced = limits;
    forced.endgame = Limits::Endgame::kWld;
    EXPECT_EQ(plan_endgame(forced, plan_time(forced, 40), 40), Limits::Endgame::kWld);
}

}  // namespace
}  // namespace tempo
