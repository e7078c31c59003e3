// libtempo's C API, as a C program calls it: perft and solved scores equal the command line's, every
// malformed input is a status with a message and leaves the engine usable, a search stopped from
// another thread returns promptly.
#include "tempo/tempo.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <future>
#include <string>
#include <thread>

#include "bench/search_bench.hpp"

namespace {

using namespace std::chrono_literals;

// A small engine (1 thread, 16 MB) of `variant`, the shipped book unless `book` is 0.
tempo_engine* make_engine(const char* variant = "8x8", int book = 1) {
    tempo_options options;
    tempo_options_default(&options);
    options.variant = variant;
    options.hash_mb = 16;
    options.use_book = book;
    tempo_engine* engine = nullptr;
    EXPECT_EQ(tempo_create(&options, &engine), TEMPO_OK) << tempo_last_error(nullptr);
    return engine;
}

std::string board_of(tempo_engine* engine) {
    char board[80];
    EXPECT_EQ(tempo_get_board(engine, board, sizeof board), TEMPO_OK);
    return board;
}

TEST(CApi, PerftFromTheStartEqualsThePublishedCounts) {
    const uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284};
    for (int depth = 0; depth <= 10; ++depth) {
        uint64_t leaves = 0;
        ASSERT_EQ(tempo_perft("8x8", depth, &leaves), TEMPO_OK);
        EXPECT_EQ(leaves, expected[depth]) << depth;
    }
    uint64_t leaves = 0;
    EXPECT_EQ(tempo_perft("7x7", 3, &leaves), TEMPO_ERROR_BAD_OPTION);
    EXPECT_NE(std::string(tempo_last_error(nullptr)).find("7x7"), std::string::npos) << tempo_last_error(nullptr);
    EXPECT_EQ(tempo_perft("8x8", 21, &leaves), TEMPO_ERROR_BAD_OPTION);
    EXPECT_EQ(tempo_perft("8x8", 3, nullptr), TEMPO_ERROR_NULL);
}

TEST(CApi, BadOptionsAndFilesAreClearErrors) {
    tempo_options options;
    tempo_options_default(&options);
    tempo_engine* engine = reinterpret_cast<tempo_engine*>(1);
    options.variant = "7x7";
    EXPECT_EQ(tempo_create(&options, &engine), TEMPO_ERROR_BAD_OPTION);
    EXPECT_EQ(engine, nullptr);
    tempo_options_default(&options);
    options.threads = 0;
    EXPECT_EQ(tempo_create(&options, &engine), TEMPO_ERROR_BAD_OPTION);
    EXPECT_NE(std::string(tempo_last_error(nullptr)).find("threads 0"), std::string::npos);
    tempo_options_default(&options);
    options.weights_file = "/nonexistent/weights.tew";
    EXPECT_EQ(tempo_create(&options, &engine), TEMPO_ERROR_FILE);
    EXPECT_NE(std::string(tempo_last_error(nullptr)).find("/nonexistent/weights.tew"), std::string::npos);
    tempo_options_default(&options);
    options.book_file = "/nonexistent/book.tbk";
    EXPECT_EQ(tempo_create(&options, &engine), TEMPO_ERROR_FILE);
    EXPECT_EQ(tempo_create(nullptr, nullptr), TEMPO_ERROR_NULL);
}

TEST(CApi, ANullEngineIsAnErrorNotACrash) {
    int count = 0;
    tempo_result result;
    EXPECT_EQ(tempo_play(nullptr, 37), TEMPO_ERROR_NULL);
    EXPECT_STREQ(tempo_last_error(nullptr), "the engine is null");
    EXPECT_EQ(tempo_legal_moves(nullptr, nullptr, 0, &count), TEMPO_ERROR_NULL);
    EXPECT_EQ(tempo_search(nullptr, nullptr, nullptr, nullptr, &result, nullptr, 0, nullptr), TEMPO_ERROR_NULL);
    tempo_stop(nullptr);
    tempo_destroy(nullptr);
    EXPECT_STREQ(tempo_status_name(TEMPO_ERROR_ILLEGAL_MOVE), "TEMPO_ERROR_ILLEGAL_MOVE");
}

TEST(CApi, MovesPlayAndUndoAndBadOnesLeaveTheGameAsItWas) {
    tempo_engine* engine = make_engine();
    int moves[64];
    int count = 0;
    ASSERT_EQ(tempo_legal_moves(engine, moves, 64, &count), TEMPO_OK);
    ASSERT_EQ(count, 4);
    EXPECT_EQ(moves[0], 19);  // d3
    EXPECT_EQ(moves[3], 44);  // e6
    EXPECT_EQ(tempo_legal_moves(engine, moves, 2, &count), TEMPO_ERROR_BUFFER);
    EXPECT_EQ(count, 4);

    const std::string start = board_of(engine);
    EXPECT_EQ(tempo_play(engine, 0), TEMPO_ERROR_ILLEGAL_MOVE);
    EXPECT_NE(std::string(tempo_last_error(engine)).find("a1 is not legal"), std::string::npos) << tempo_last_error(engine);
    EXPECT_EQ(tempo_play(engine, 99), TEMPO_ERROR_ILLEGAL_MOVE);
    EXPECT_EQ(tempo_play_text(engine, "z9"), TEMPO_ERROR_ILLEGAL_MOVE);
    EXPECT_EQ(tempo_play_text(engine, nullptr), TEMPO_ERROR_NULL);
    EXPECT_EQ(tempo_set_position(engine, "f5d6zz"), TEMPO_ERROR_BAD_POSITION);
    EXPECT_EQ(tempo_set_position(engine, "XXXX O"), TEMPO_ERROR_BAD_POSITION);
    EXPECT_EQ(board_of(engine), start) << "a refused call changes nothing";
    EXPECT_EQ(tempo_undo(engine), TEMPO_ERROR_NOTHING_TO_UNDO);

    ASSERT_EQ(tempo_play_text(engine, "f5"), TEMPO_OK);
    EXPECT_STREQ(tempo_last_error(engine), "");
    ASSERT_EQ(tempo_play(engine, 43), TEMPO_OK);  // d6
    int side = -1;
    ASSERT_EQ(tempo_side_to_move(engine, &side), TEMPO_OK);
    EXPECT_EQ(side, 0);
    ASSERT_EQ(tempo_undo(engine), TEMPO_OK);
    ASSERT_EQ(tempo_undo(engine), TEMPO_OK);
    EXPECT_EQ(board_of(engine), start);
    char small[8];
    EXPECT_EQ(tempo_get_board(engine, small, sizeof small), TEMPO_ERROR_BUFFER);
    tempo_destroy(engine);
}

TEST(CApi, SolvesFForum40AsTheCommandLineDoes) {
    tempo_engine* engine = make_engine("8x8", 0);
    // FForum #40 (tests/data/fforum-40-59.obf): a2, +38.
    ASSERT_EQ(tempo_set_position(engine, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"), TEMPO_OK)
        << tempo_last_error(engine);
    tempo_result result;
    ASSERT_EQ(tempo_solve(engine, 0, &result), TEMPO_OK) << tempo_last_error(engine);
    EXPECT_EQ(result.move, 8);  // a2
    EXPECT_EQ(result.score, 38);
    EXPECT_EQ(result.solved, 1);
    EXPECT_GT(result.pv_length, 10);
    ASSERT_EQ(tempo_solve(engine, 1, &result), TEMPO_OK);
    EXPECT_EQ(result.score, 1);
    EXPECT_EQ(result.wld, 1);
    tempo_destroy(engine);
}

// `tempo bench` through the API: its positions, each searched to depth 12 from a cleared table on
// one thread, count the search's signature.
TEST(CApi, TheBenchPositionsCountTheBenchSignature) {
    tempo_options options;
    tempo_options_default(&options);  // 1 thread, 64 MB: the bench's table
    tempo_engine* engine = nullptr;
    ASSERT_EQ(tempo_create(&options, &engine), TEMPO_OK) << tempo_last_error(nullptr);
    tempo_limits limits;
    tempo_limits_default(&limits);
    limits.depth = tempo::kBenchDepth;
    limits.endgame = 3;  // the bench never solves
    uint64_t nodes = 0;
    for (const char* position : tempo::bench_positions()) {
        ASSERT_EQ(tempo_set_position(engine, position), TEMPO_OK) << tempo_last_error(engine);
        ASSERT_EQ(tempo_clear(engine), TEMPO_OK);
        tempo_result result;
        ASSERT_EQ(tempo_search(engine, &limits, nullptr, nullptr, &result, nullptr, 0, nullptr), TEMPO_OK);
        nodes += result.nodes;
    }
    EXPECT_EQ(nodes, tempo::kBenchSignature);
    tempo_destroy(engine);
}

TEST(CApi, SearchReportsProgressAndLines) {
    tempo_engine* engine = make_engine();
    tempo_limits limits;
    tempo_limits_default(&limits);
    limits.depth = 6;
    limits.multi_pv = 4;
    int reports = 0;
    const auto on_progress = [](const tempo_result* progress, void* user) {
        EXPECT_GE(progress->depth, 1);
        ++*static_cast<int*>(user);
    };
    tempo_result result;
    tempo_line lines[8];
    int line_count = 0;
    ASSERT_EQ(tempo_search(engine, &limits, on_progress, &reports, &result, lines, 8, &line_count), TEMPO_OK);
    EXPECT_EQ(result.depth, 6);
    EXPECT_GE(reports, 1);
    ASSERT_EQ(line_count, 4);
    EXPECT_EQ(lines[0].move, result.move);
    for (int i = 1; i < 4; ++i) EXPECT_GE(lines[i - 1].score, lines[i].score);
    limits.multi_pv = 0;
    EXPECT_EQ(tempo_search(engine, &limits, nullptr, nullptr, &result, nullptr, 0, nullptr), TEMPO_ERROR_BAD_OPTION);
    double score = 100;
    ASSERT_EQ(tempo_evaluate(engine, &score), TEMPO_OK);
    EXPECT_LT(std::abs(score), 10.0);
    tempo_destroy(engine);
}

TEST(CApi, LevelsPlayFromTheBookAndOtherwiseSearch) {
    tempo_engine* engine = make_engine();
    tempo_book_move book[16];
    int count = 0;
    ASSERT_EQ(tempo_book_moves(engine, book, 16, &count), TEMPO_OK);
    EXPECT_EQ(count, 4) << "the shipped book knows the four first moves";
    tempo_result result;
    ASSERT_EQ(tempo_play_level(engine, "normal", 0, &result), TEMPO_OK);
    EXPECT_EQ(result.book, 1);
    ASSERT_EQ(tempo_play_level(engine, "easy", 0, &result), TEMPO_OK);
    EXPECT_EQ(result.book, 0);
    EXPECT_EQ(tempo_play(engine, result.move), TEMPO_OK);
    EXPECT_EQ(tempo_play_level(engine, "grandmaster", 0, &result), TEMPO_ERROR_BAD_OPTION);
    EXPECT_NE(std::string(tempo_last_error(engine)).find("bad level"), std::string::npos);
    tempo_destroy(engine);
}

TEST(CApi, AStopFromAnotherThreadEndsASearchPromptly) {
    tempo_engine* engine = make_engine("8x8", 0);
    tempo_limits limits;
    tempo_limits_default(&limits);  // to the end of the game: it would run for hours
    limits.endgame = 3;
    tempo_result result{};
    auto search = std::async(std::launch::async, [&] {
        return tempo_search(engine, &limits, nullptr, nullptr, &result, nullptr, 0, nullptr);
    });
    std::this_thread::sleep_for(200ms);
    const auto stopped_at = std::chrono::steady_clock::now();
    tempo_stop(engine);
    ASSERT_EQ(search.wait_for(10s), std::future_status::ready) << "the search did not stop";
    EXPECT_EQ(search.get(), TEMPO_OK);
    EXPECT_LT(std::chrono::steady_clock::now() - stopped_at, 2s);
    EXPECT_EQ(result.stopped, 1);
    int moves[64], count = 0;
    ASSERT_EQ(tempo_legal_moves(engine, moves, 64, &count), TEMPO_OK);
    bool legal = false;
    for (int i = 0; i < count; ++i) legal |= moves[i] == result.move;
    EXPECT_TRUE(legal) << "the best move so far is a legal one";
    tempo_destroy(engine);
}

TEST(CApi, TwoEnginesSearchAtOnce) {
    tempo_engine* a = make_engine("8x8", 0);
    tempo_engine* b = make_engine("6x6", 0);
    tempo_limits limits;
    tempo_limits_default(&limits);
    limits.depth = 8;
    limits.endgame = 3;  // 6x6 from the start could otherwise be solved: 12 s
    tempo_result ra, rb;
    auto first = std::async(std::launch::async, [&] { return tempo_search(a, &limits, nullptr, nullptr, &ra, nullptr, 0, nullptr); });
    auto second = std::async(std::launch::async, [&] { return tempo_search(b, &limits, nullptr, nullptr, &rb, nullptr, 0, nullptr); });
    EXPECT_EQ(first.get(), TEMPO_OK);
    EXPECT_EQ(second.get(), TEMPO_OK);
    EXPECT_EQ(ra.depth, 8);
    int count = 0;
    ASSERT_EQ(tempo_legal_moves(b, nullptr, 0, &count), TEMPO_ERROR_BUFFER);
    EXPECT_EQ(count, 4);
    tempo_destroy(a);
    tempo_destroy(b);
}

}  // namespace
