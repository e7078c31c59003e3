// The Searcher as protocols see it: legal moves, passes and finished games, exact endgame results
// unchanged by the table and by threads, levels, and self-play at tiny clocks.
#include "search/searcher.hpp"

#include <gtest/gtest.h>

#include <ctime>
#include <random>

#include "engine/notation.hpp"
#include "engine/rules.hpp"
#include "search/midgame/probcut.hpp"
#include "tests/engine/random_positions.hpp"
#include "tests/sanitized.hpp"
#include "tests/search/search_reference.hpp"

namespace tempo {
namespace {

using namespace std::chrono_literals;

Game game_at(const Board& board, Variant variant = {}) { return Game(variant, Position{board, Color::kBlack}); }

// The first `count` positions of the random games of `seed` with `min_empties`..`max_empties`
// empties and at least `min_moves` moves to play.
std::vector<Board> game_positions(std::uint64_t seed, int min_empties, int max_empties, std::size_t count,
                                  int min_moves = 1) {
    std::vector<Board> out;
    for (const Board& board : testing::random_game_positions(4000, seed)) {
        if (out.size() == count) break;
        const int empties = board.empty_count();
        if (empties >= min_empties && empties <= max_empties && popcount(board.moves()) >= min_moves)
            out.push_back(board);
    }
    return out;
}

// A midgame search as deep as the game at `selectivity`, with no solve planned.
Limits to_the_end(int empties, int selectivity) {
    Limits limits;
    limits.depth = empties;
    limits.selectivity = selectivity;
    limits.endgame = Limits::Endgame::kOff;
    return limits;
}

// `r`, an exact search of `board`: its score is the position's, `expected`, and so is its move's.
void expect_exact(const Board& board, const SearchResult& r, int expected) {
    EXPECT_EQ(r.score, expected);
    EXPECT_EQ(testing::reference_solve(board.play(r.best), {}), -expected) << "best move must keep the score";
}

TEST(Searcher, PlaysALegalMoveAtEachDepth) {
    Searcher searcher({1, 4});  // small tables: page faults are slow on loaded machines
    for (int depth = 1; depth <= 6; ++depth) {
        Limits limits;
        limits.depth = depth;
        const SearchResult r = searcher.run(Game(), limits);
        EXPECT_TRUE(Game().is_legal(r.best)) << depth;
        EXPECT_EQ(r.depth, depth);
        ASSERT_FALSE(r.pv.empty());
        EXPECT_EQ(r.pv.front(), r.best);
    }
}

TEST(Searcher, PassWhenForcedAndNothingWhenOver) {
    // Black (g8 only) cannot move; white can take h8: black must pass.
    const Position pass = parse_board(std::string(56, 'O') + "OOOOOOX- X");
    Game passing(Variant{}, pass);
    ASSERT_TRUE(passing.must_pass());
    Searcher searcher({1, 4});  // small tables: page faults are slow on loaded machines
    EXPECT_EQ(searcher.run(passing, {}).best, kPass);

    const Position over = parse_board(std::string(64, 'X') + " O");
    const SearchResult r = searcher.run(Game(Variant{}, over), {});
    EXPECT_EQ(r.best, kNoMove);
    EXPECT_EQ(r.score, -64);
    EXPECT_TRUE(r.solved);
}

// Exact solves agree with a plain alpha-beta, with one thread or two, table kept or cleared.
TEST(Searcher, ExactEndgameIndependentOfTableAndThreads) {
    Searcher one({1, 4});
    Searcher two({2, 4});
    Limits limits;
    limits.endgame = Limits::Endgame::kExact;
    const std::vector<Board> boards = game_positions(7, 6, 11, 25);
    for (const Board& board : boards) {
        const int expected = testing::reference_solve(board, {});
        const Game game = game_at(board);
        const SearchResult a = one.run(game, limits);
        const SearchResult b = one.run(game, limits);  // second run: table full of the first
        const SearchResult c = two.run(game, limits);
        EXPECT_TRUE(a.solved);
        expect_exact(board, a, expected);
        EXPECT_EQ(b.score, expected);
        EXPECT_EQ(c.score, expected);
    }
    EXPECT_EQ(boards.size(), 25u);
}

// A midgame search as deep as the game (no selectivity) is exact, whichever way threads share it.
TEST(Searcher, MidgameThreadsBothWaysReachTheExactScore) {
    SearcherOptions lazy{2, 4};
    SearcherOptions ybwc{2, 4};
    ybwc.parallelism = Parallelism::kYbwc;
    Searcher lazy_searcher(lazy);
    Searcher ybwc_searcher(ybwc);
    const std::vector<Board> boards = game_positions(11, 8, 10, 12);
    for (const Board& board : boards) {
        const Limits limits = to_the_end(board.empty_count(), 0);
        const int expected = testing::reference_solve(board, {});
        const Game game = game_at(board);
        for (Searcher* searcher : {&lazy_searcher, &ybwc_searcher}) {
            searcher->clear();
            expect_exact(board, searcher->run(game, limits), expected);
        }
    }
    EXPECT_EQ(boards.size(), 12u);
}

// A selective search that reaches the end of the game goes on at lower selectivity, with time
// left (here: none limits it) down to an exact search, with one thread or a helper beside it.
TEST(Searcher, SelectiveSearchToTheEndClimbsToExact) {
    Searcher one({1, 4});
    Searcher two({2, 4});
    const std::vector<Board> boards = game_positions(13, 10, 12, 10);
    for (const Board& board : boards) {
        const int empties = board.empty_count();
        const Limits limits = to_the_end(empties, kDefaultSelectivity);
        const int expected = testing::reference_solve(board, {});
        for (Searcher* searcher : {&one, &two}) {
            searcher->clear();
            const SearchResult r = searcher->run(game_at(board), limits);
            EXPECT_TRUE(r.solved);
            EXPECT_EQ(r.selectivity, 100);
            EXPECT_EQ(r.depth, empties);
            expect_exact(board, r, expected);
        }
    }
    EXPECT_EQ(boards.size(), 10u);
}

// Allowed to the end of the game, a midgame search deepens one ply at a time while the end is more
// than the end reach (a tunable) plies beyond its next depth, then searches to the end, once a selectivity level.
TEST(Searcher, SearchNearTheEndGoesToTheEnd) {
    Searcher searcher({1, 4});
    const std::vector<Board> boards = game_positions(17, 12, 14, 6);
    for (const Board& board : boards) {
        const int empties = board.empty_count();
        std::vector<int> depths;
        const SearchResult r = searcher.run(game_at(board), to_the_end(empties, kDefaultSelectivity),
                                            [&depths](const SearchResult& info) { depths.push_back(info.depth); });
        std::vector<int> expected;
        for (int depth = 1; depth < empties - tunable(Tunable::kEndReach); ++depth) expected.push_back(depth);
        expected.insert(expected.end(), kDefaultSelectivity + 1, empties);
        EXPECT_EQ(depths, expected) << empties << " empties";
        expect_exact(board, r, testing::reference_solve(board, {}));
    }
    EXPECT_EQ(boards.size(), 6u);
}

// The exact tail's small table is kept from run to run, and clear() drops it with the
// transposition table: after other searches, a cleared searcher searches node for node as a new one.
TEST(Searcher, ClearedSearcherSearchesAsANewOne) {
    Searcher used({1, 4});
    const std::vector<Board> boards = game_positions(19, 14, 16, 4);
    for (const Board& board : boards) {
        const Limits limits = to_the_end(board.empty_count(), kDefaultSelectivity);
        used.run(game_at(boards.front()), limits);  // fills both tables
        used.clear();
        const SearchResult after_clear = used.run(game_at(board), limits);
        const SearchResult fresh = Searcher({1, 4}).run(game_at(board), limits);
        EXPECT_EQ(after_clear.score, fresh.score);
        EXPECT_EQ(after_clear.nodes, fresh.nodes);
        EXPECT_EQ(after_clear.best, fresh.best);
    }
    EXPECT_EQ(boards.size(), 4u);
}

// SearcherOptions::selectivity (`--selectivity`) is the level of a search whose limits name none;
// limits that name one keep it.
TEST(Searcher, OptionsSetTheSelectivityTheLimitsLeaveOpen) {
    SearcherOptions exact{1, 4};
    exact.selectivity = 0;
    Searcher exact_searcher(exact);
    Searcher default_searcher({1, 4});
    const std::vector<Board> boards = game_positions(17, 30, 40, 4);
    for (const Board& board : boards) {
        Limits limits;
        limits.depth = 8;
        exact_searcher.clear();
        const SearchResult by_options = exact_searcher.run(game_at(board), limits);
        limits.selectivity = 0;
        default_searcher.clear();
        const SearchResult by_limits = default_searcher.run(game_at(board), limits);
        EXPECT_EQ(by_options.selectivity, 100);
        EXPECT_EQ(by_options.score, by_limits.score);
        EXPECT_EQ(by_options.nodes, by_limits.nodes);  // the same search, from empty tables

        limits.selectivity = kDefaultSelectivity;
        exact_searcher.clear();
        EXPECT_EQ(exact_searcher.run(game_at(board), limits).selectivity, kSelectivityPercent[kDefaultSelectivity]);
    }
    EXPECT_EQ(boards.size(), 4u);
}

// Positions with 13-14 empties from the random games of `seed`, with the limits of a full-depth
// search without selectivity and the score a 1-thread search gives there: deep enough that the
// YBWC tests below split PV nodes (from 6 plies) and null-window nodes (from 4).
struct FullDepthCase {
    Board board;
    Limits limits;
    int expected;
};
std::vector<FullDepthCase> full_depth_cases(unsigned seed, std::size_t count) {
    Searcher reference({1, 4});
    std::vector<FullDepthCase> cases;
    for (const Board& board : game_positions(seed, 13, 14, count)) {
        const Limits limits = to_the_end(board.empty_count(), 0);
        reference.clear();
        cases.push_back({board, limits, reference.run(game_at(board), limits).score});
    }
    return cases;
}

Searcher ybwc_searcher() {
    SearcherOptions options{2, 4};
    options.parallelism = Parallelism::kYbwc;
    return Searcher(options);
}

// Split points cut off while helpers search under them, yet the score of a full-depth search is
// exact whatever the threads did, and the PV, partly built from the helpers' lines, is legal and
// ends on it.
TEST(Searcher, YbwcThreadsSplitNodesAndKeepTheExactScore) {
    Searcher split = ybwc_searcher();
    const std::vector<FullDepthCase> cases = full_depth_cases(12, 6);
    ASSERT_EQ(cases.size(), 6u);
    for (const FullDepthCase& c : cases) {
        split.clear();
        const SearchResult r = split.run(game_at(c.board), c.limits);
        EXPECT_EQ(r.score, c.expected);
        Board b = c.board;
        int sign = 1;
        for (const Move m : r.pv) {
            if (m == kPass) {
                ASSERT_FALSE(b.moves()) << "pass in the PV with a move available";
                b = b.passed();
            } else {
                ASSERT_TRUE(m < 64 && (b.moves() & square_bit(m))) << "illegal PV move";
                b = b.play(m);
            }
            sign = -sign;
        }
        ASSERT_TRUE(is_game_over(b)) << "a full-depth PV reaches the end";
        EXPECT_EQ(sign * final_margin(b, {}), c.expected) << "the PV ends on the score";
    }
}

// Searches cut short by a node limit while a helper works under a split point (the stop path of
// the split, also under ThreadSanitizer) play legal moves and leave only sound bounds in the
// shared table: a full-depth search on that table afterwards still finds the exact score. (A
// helper that stops leaves its move unsearched, so the split point's owner checks the stop itself
// before it stores the split point's score. Such a bound is rarely the one that matters: with
// that check removed, this test still passed 40 runs out of 40.)
TEST(Searcher, YbwcThreadsStoppedAtSplitPointsLeaveTheTableSound) {
    Searcher split = ybwc_searcher();
    const std::vector<FullDepthCase> cases = full_depth_cases(13, 4);
    ASSERT_EQ(cases.size(), 4u);
    for (const FullDepthCase& c : cases) {
        split.clear();
        for (std::uint64_t nodes = 3000; nodes < 1'000'000; nodes *= 2) {
            Limits cut = c.limits;
            cut.nodes = nodes;
            ASSERT_TRUE(game_at(c.board).is_legal(split.run(game_at(c.board), cut).best)) << nodes;
        }
        EXPECT_EQ(split.run(game_at(c.board), c.limits).score, c.expected);
    }
}

TEST(Searcher, MultiPvSolveScoresEachMove) {
    Searcher searcher({1, 4});
    Limits limits;
    limits.endgame = Limits::Endgame::kExact;
    limits.multi_pv = 3;
    const std::vector<Board> boards = game_positions(11, 7, 10, 10, 3);
    for (const Board& board : boards) {
        const SearchResult r = searcher.run(game_at(board), limits);
        ASSERT_EQ(r.multi_pv.size(), 3u);
        EXPECT_EQ(r.score, testing::reference_solve(board, {}));
        for (const MultiPvLine& m : r.multi_pv) EXPECT_EQ(m.score, -testing::reference_solve(board.play(m.move), {}));
        for (std::size_t i = 1; i < r.multi_pv.size(); ++i) EXPECT_GE(r.multi_pv[i - 1].score, r.multi_pv[i].score);
    }
    EXPECT_EQ(boards.size(), 10u);
}

TEST(Searcher, WinLossDrawSolve) {
    Searcher searcher({1, 4});
    Limits limits;
    limits.endgame = Limits::Endgame::kWld;
    for (const Board& board : game_positions(8, 6, 10, 15)) {
        const int expected = testing::reference_solve(board, {});
        const SearchResult r = searcher.run(game_at(board), limits);
        EXPECT_TRUE(r.wld);
        EXPECT_EQ(r.score, expected > 0 ? 1 : expected < 0 ? -1 : 0);
    }
}

TEST(Searcher, NodeLimitAndMultiPv) {
    Searcher searcher({1, 4});  // small tables: page faults are slow on loaded machines
    Limits limits;
    limits.nodes = 20000;
    const SearchResult r = searcher.run(Game(), limits);
    EXPECT_TRUE(Game().is_legal(r.best));
    EXPECT_LT(r.nodes, 40000u);

    Limits multi;
    multi.depth = 5;
    multi.multi_pv = 4;
    const SearchResult m = searcher.run(Game(), multi);
    ASSERT_EQ(m.multi_pv.size(), 4u);  // the start position has exactly four moves
    for (std::size_t i = 1; i < m.multi_pv.size(); ++i) EXPECT_GE(m.multi_pv[i - 1].score, m.multi_pv[i].score);
    EXPECT_EQ(m.multi_pv.front().move, m.best);
}

// CPU time of this process: the clock of the self-play test. Wall time on a loaded machine adds
// other processes' time slices, which no time plan can control.
std::chrono::microseconds cpu_now() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return std::chrono::microseconds(std::int64_t(t.tv_sec) * 1'000'000 + t.tv_nsec / 1000);
}

// Sanitizer builds run the search several times slower per node, so their "tiny" clock is longer:
// the test is about the time plan keeping a margin, not about the instrumented speed.
//
// 30 ms for a whole game (about 1 ms a move). The time plan keeps a fixed reserve and one per move
// still to play for each search's fixed cost (thread hand-offs), which outgrows the time left on
// the last moves: without it, one game in a hundred ran out by 77 us there.
#ifdef TEMPO_SANITIZED
constexpr std::chrono::milliseconds kTinyClock = 1000ms;
#else
constexpr std::chrono::milliseconds kTinyClock = 30ms;
#endif

// Many short games on tiny clocks: every move legal, no clock ever runs out.
TEST(Searcher, SelfPlayOnTinyClocksNeverLosesOnTime) {
    Searcher searcher({1, 4});
    searcher.prepare(Variant{});  // as a clocked caller must: decoding the weights is not stoppable
    std::mt19937 rng(9);
    int moves_played = 0;
    for (int g = 0; g < 100; ++g) {
        Game game;
        std::chrono::microseconds left[2] = {kTinyClock, kTinyClock};
        // A few random opening moves so the games differ.
        for (int i = 0; i < 4; ++i) {
            Bitboard legal = game.legal_moves();
            for (int skip = static_cast<int>(rng() % popcount(legal)); skip > 0; --skip) legal &= legal - 1;
            game.play(first_square(legal));
        }
        while (!game.is_over()) {
            const int side = game.to_move() == Color::kBlack ? 0 : 1;
            Limits limits;
            limits.clock = Limits::Clock{std::chrono::duration_cast<std::chrono::milliseconds>(left[side]), 0ms, 0};
            const auto start = cpu_now();
            const SearchResult r = searcher.run(game, limits);
            left[side] -= cpu_now() - start;
            ASSERT_GT(left[side].count(), 0) << "game " << g << " ply " << game.moves().size();
            ASSERT_TRUE(game.play(r.best)) << "game " << g << ": illegal " << move_name(r.best);
            ++moves_played;
        }
    }
    EXPECT_GT(moves_played, 100 * 50);
}

}  // namespace
}  // namespace tempo
