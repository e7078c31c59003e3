// Stopping a search through its job's stop token: before run() starts, during a midgame iteration
// and during an endgame solve (by the token and by the hard deadline). The bounds are generous
// (seconds for searches that would take minutes): the tests run on loaded machines.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <stop_token>
#include <string>
#include <thread>

#include "engine/game.hpp"
#include "formats/obf.hpp"
#include "search/deadline_timer.hpp"
#include "search/endgame/solver.hpp"
#include "search/searcher.hpp"
#include "search/tt.hpp"

namespace tempo {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// FForum #50: 26 empties, minutes to solve on one thread.
Board ffo50() { return read_obf_file(std::string(TEMPO_TEST_DATA) + "/fforum-40-59.obf").at(10).position.board; }

// How long from a stop request to the answer, recorded in the test's XML output.
void record_latency(Clock::time_point requested) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - requested).count();
    testing::Test::RecordProperty("stop_to_answer_ms", static_cast<int>(ms));
}

TEST(SearcherThread, StopBeforeRunReturnsAtOnce) {
    Searcher searcher({2, 4});
    searcher.prepare(Variant{});  // the latency recorded is the search's, not the weights' decoding
    std::stop_source stop;
    stop.request_stop();
    const Clock::time_point requested = Clock::now();
    auto result = std::async(std::launch::async, [&] { return searcher.run(Game(), Limits{}, {}, stop.get_token()); });
    ASSERT_EQ(result.wait_for(10s), std::future_status::ready) << "an unlimited search ignored an earlier stop";
    record_latency(requested);
    const SearchResult r = result.get();
    EXPECT_TRUE(r.stopped);
    EXPECT_TRUE(Game().is_legal(r.best));
    EXPECT_LT(r.depth, 60);
}

TEST(SearcherThread, StopDuringAnIterationEndsTheSearch) {
    Searcher searcher({2, 4});
    std::stop_source stop;
    std::promise<void> first_info;
    auto result = std::async(std::launch::async, [&] {
        bool told = false;
        return searcher.run(
            Game(), Limits{},
            [&](const SearchResult&) {
                if (!told) first_info.set_value();
                told = true;
            },
            stop.get_token());
    });
    ASSERT_EQ(first_info.get_future().wait_for(10s), std::future_status::ready);
    const Clock::time_point requested = Clock::now();
    stop.request_stop();  // from this thread, while the search goes deeper
    ASSERT_EQ(result.wait_for(10s), std::future_status::ready) << "the stop did not end the search";
    record_latency(requested);
    const SearchResult r = result.get();
    EXPECT_TRUE(r.stopped);
    EXPECT_TRUE(Game().is_legal(r.best));
    EXPECT_FALSE(r.solved);
}

TEST(SearcherThread, StopDuringTheEndgameSolveEndsIt) {
    Searcher searcher({2, 16});
    const Game game(Variant{}, Position{ffo50(), Color::kBlack});
    Limits limits;
    limits.endgame = Limits::Endgame::kExact;
    limits.multi_pv = 2;  // a short midgame search to 8 plies, then each root move solved
    std::stop_source stop;
    std::promise<void> presearch_done;
    auto result = std::async(std::launch::async, [&] {
        return searcher.run(
            game, limits,
            [&](const SearchResult& info) {
                if (info.depth == 8 && !info.solved) presearch_done.set_value();
            },
            stop.get_token());
    });
    ASSERT_EQ(presearch_done.get_future().wait_for(60s), std::future_status::ready);
    std::this_thread::sleep_for(200ms);  // into the solve, which takes minutes
    const Clock::time_point requested = Clock::now();
    stop.request_stop();
    ASSERT_EQ(result.wait_for(10s), std::future_status::ready) << "the stop did not end the solve";
    record_latency(requested);
    const SearchResult r = result.get();
    EXPECT_TRUE(r.stopped);
    EXPECT_FALSE(r.solved);
    EXPECT_TRUE(game.is_legal(r.best));
}

TEST(EndgameSolverThread, StopBeforeAndDuringASolve) {
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{}, 2);
    const Board board = ffo50();

    std::stop_source early;
    early.request_stop();
    const EndgameResult before = solver.solve(board, -64, 64, 0, {early.get_token(), {}});
    EXPECT_TRUE(before.stopped);
    EXPECT_LT(before.nodes, 1000u);

    std::stop_source stop;
    auto result = std::async(std::launch::async, [&] {
        return solver.solve(board, -64, 64, 0, {stop.get_token(), {}});
    });
    std::this_thread::sleep_for(100ms);  // into the solve, which takes minutes
    const Clock::time_point requested = Clock::now();
    stop.request_stop();
    ASSERT_EQ(result.wait_for(10s), std::future_status::ready) << "the stop did not end the solve";
    record_latency(requested);
    EXPECT_TRUE(result.get().stopped);
}

TEST(EndgameSolverThread, DeadlineEndsASolve) {
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{}, 2);
    const Clock::time_point deadline = Clock::now() + 200ms;
    auto result = std::async(std::launch::async, [&] { return solver.solve(ffo50(), -64, 64, 0, {{}, deadline}); });
    ASSERT_EQ(result.wait_for(10s), std::future_status::ready) << "the deadline did not end the solve";
    record_latency(deadline);
    EXPECT_TRUE(result.get().stopped);
}

// One solver, one timer, many deadlines: each solve is stopped by its own deadline, never by an
// earlier one's.
TEST(EndgameSolverThread, EachSolveKeepsItsOwnDeadline) {
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{}, 1);
    // FForum #1: 14 empties, milliseconds.
    const Board short_solve = read_obf_file(std::string(TEMPO_TEST_DATA) + "/fforum-1-19.obf").at(0).position.board;
    for (int i = 0; i < 3; ++i) {
        const Clock::time_point deadline = Clock::now() + 200ms;
        auto stopped = std::async(std::launch::async, [&] {
            return solver.solve(ffo50(), -64, 64, 0, {{}, deadline});
        });
        ASSERT_EQ(stopped.wait_for(10s), std::future_status::ready) << "the deadline did not end solve " << i;
        EXPECT_TRUE(stopped.get().stopped);
        EXPECT_FALSE(solver.solve(short_solve, -64, 64, 0, {{}, Clock::now() + 600s}).stopped);
    }
}

// Whether `flag` is raised within `limit` (generous: the machine may be loaded), polled every ms.
bool rises_within(const std::atomic<bool>& flag, Clock::duration limit) {
    const Clock::time_point give_up = Clock::now() + limit;
    while (!flag.load() && Clock::now() < give_up) std::this_thread::sleep_for(1ms);
    return flag.load();
}

TEST(DeadlineTimerThread, RaisesTheFlagAtTheDeadlineNotBefore) {
    std::atomic<bool> flag{false};
    DeadlineTimer timer(flag);
    const Clock::time_point at = Clock::now() + 20ms;
    timer.arm(at);
    EXPECT_TRUE(rises_within(flag, 10s));
    EXPECT_GE(Clock::now(), at);
}

TEST(DeadlineTimerThread, ADisarmedOrReplacedDeadlineNeverFires) {
    std::atomic<bool> flag{false};
    DeadlineTimer timer(flag);
    timer.arm(Clock::now() + 30ms);
    timer.disarm();
    timer.arm(Clock::now() + 40ms);
    timer.arm(Clock::now() + 600s);  // replaces the one before
    std::this_thread::sleep_for(200ms);
    EXPECT_FALSE(flag.load());
    {
        const ArmedDeadline passed(timer, Clock::now());
        EXPECT_TRUE(rises_within(flag, 10s));
    }
    flag.store(false);
    std::this_thread::sleep_for(50ms);
    EXPECT_FALSE(flag.load());  // disarmed at the scope's end; nothing fires again
}

}  // namespace
}  // namespace tempo
