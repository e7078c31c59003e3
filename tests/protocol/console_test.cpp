// `tempo play` (the console) and bare `tempo` (protocol picked from the first line), over pipes.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "tests/protocol/engine_process.hpp"
#include "tests/sanitized.hpp"

namespace tempo {
namespace {

using testing::EngineProcess;
using namespace std::chrono_literals;

bool contains(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& line : lines)
        if (line.find(text) != std::string::npos) return true;
    return false;
}

// Out of memory at start-up (a hash table larger than the address space allowed): one clear line on
// stderr and exit code 1, not std::terminate's abort. Sanitizer builds reserve terabytes of address
// space up front, so a ulimit on it stops them at once: the test exists only in the other builds
// (the Release run in CI has it).
#ifndef TEMPO_SANITIZED
TEST(CommandLine, OutOfMemoryIsOneErrorLineAndExitCodeOne) {
    EngineProcess engine({"/bin/sh", "-c", "ulimit -v 1000000 && exec \"$0\" nboard --hash 16384 2>&1", TEMPO_BINARY});
    const std::vector<std::string> lines = engine.read_all(20s);
    EXPECT_EQ(engine.wait_exit(), 1);
    ASSERT_EQ(lines.size(), 1u) << (lines.empty() ? "" : lines.back());
    EXPECT_EQ(lines[0].rfind("tempo: out of memory", 0), 0u) << lines[0];
}
#endif

// `tempo analyze` with its output and exit code (stderr merged into stdout).
struct Analysis {
    std::vector<std::string> lines;
    std::optional<int> status;
};
Analysis run_analyze(const std::string& arguments) {
    EngineProcess engine({"/bin/sh", "-c", "exec \"$0\" analyze " + arguments + " 2>&1", TEMPO_BINARY});
    Analysis run;
    run.lines = engine.read_all(60s);
    run.status = engine.wait_exit();
    return run;
}

// A board string that starts with '-' needs no `--`; options may follow it.
TEST(CommandLine, AnalyzeTakesABoardThatStartsWithADash) {
    // 64 squares a1..h8, then the side to move (a separate word for the shell).
    const std::string start = "---------------------------OX------XO--------------------------- X";
    const std::string dash_x = "-X-------------------------OX------XO--------------------------- X";
    const std::string dash_dash_x = "--X------------------------OX------XO--------------------------- X";
    for (const std::string& board : {start, dash_x, dash_dash_x}) {
        const Analysis run = run_analyze(board + " --depth 3");
        EXPECT_EQ(run.status, 0) << board << ": " << (run.lines.empty() ? "" : run.lines.back());
        EXPECT_TRUE(contains(run.lines, "depth 3@")) << board;
        EXPECT_FALSE(contains(run.lines, "depth 4@")) << "--depth 3 is obeyed: " << board;
    }
    // The README's older form still works when the options come first.
    const Analysis dashed = run_analyze("--depth 2 -- " + start);
    EXPECT_EQ(dashed.status, 0);
    EXPECT_TRUE(contains(dashed.lines, "depth 2@"));
}

// An option after `--` or a stray word is an error, not a search that ignores it and runs on.
TEST(CommandLine, AnalyzeRejectsArgumentsItWouldNotUse) {
    const std::string start = "---------------------------OX------XO--------------------------- X";
    const Analysis after_separator = run_analyze("-- " + start + " --depth 4");
    EXPECT_NE(after_separator.status, 0);
    EXPECT_TRUE(contains(after_separator.lines, "unexpected text after the side to move: '--depth 4'"));
    const Analysis stray = run_analyze(start + " --dpeth 4");
    EXPECT_NE(stray.status, 0);
    EXPECT_TRUE(contains(stray.lines, "--dpeth"));
    const Analysis none = run_analyze("--depth 2");
    EXPECT_NE(none.status, 0);
    EXPECT_TRUE(contains(none.lines, "position"));
}

TEST(AutoDetect, NboardFirstLine) {
    EngineProcess engine({TEMPO_BINARY, "--level", "1"});
    engine.send("nboard 2");
    engine.send("ping 1");
    EXPECT_EQ(*engine.read_line(), "set myname Tempo");
    EXPECT_EQ(*engine.read_line(), "status");
    EXPECT_EQ(*engine.read_line(), "pong 1");
}

TEST(AutoDetect, GtpOtherwise) {
    EngineProcess engine({TEMPO_BINARY, "--level", "1"});
    engine.send("");
    engine.send("1 protocol_version");
    EXPECT_EQ(*engine.read_line(), "=1 2");
    EXPECT_EQ(*engine.read_line(), "");
    engine.send("quit");
    EXPECT_EQ(*engine.read_line(), "=");
    EXPECT_EQ(engine.wait_exit(), 0);
}

TEST(AutoDetect, HelpStillWorks) {
    EngineProcess engine({TEMPO_BINARY, "--help"});
    const auto lines = engine.read_all(10s);
    EXPECT_TRUE(contains(lines, "nboard"));
    EXPECT_TRUE(contains(lines, "gtp"));
    EXPECT_TRUE(contains(lines, "play"));
}

TEST(Console, PlaysAGameAndReportsTheOfficialCount) {
    EngineProcess engine({TEMPO_BINARY, "play", "--side", "black", "--level", "1"});
    // Plain text (stdout is a pipe): board, coordinates, legal-move marks.
    engine.send("f5");
    engine.send("undo");
    engine.send("redo");
    engine.send("z9");
    engine.send("d4");
    engine.send("hint");
    engine.send("level easy");
    engine.send("variant 6x6");
    engine.send("quit");
    const auto lines = engine.read_all(20s);
    EXPECT_EQ(engine.wait_exit(), 0);
    EXPECT_TRUE(contains(lines, "  a b c d e f g h"));
    EXPECT_TRUE(contains(lines, "4  - - . O X - - -"));  // c4 marked for black
    EXPECT_TRUE(contains(lines, "Tempo plays"));
    EXPECT_TRUE(contains(lines, "Unknown command 'z9'") || contains(lines, "Illegal move"));
    EXPECT_TRUE(contains(lines, "Illegal move d4"));
    EXPECT_TRUE(contains(lines, "Hint: "));
    EXPECT_TRUE(contains(lines, "Level easy."));
    EXPECT_TRUE(contains(lines, "New 6x6 game"));
    for (const std::string& line : lines) EXPECT_EQ(line.find('\033'), std::string::npos) << "colour on a pipe";
}

TEST(Console, FinishedGameShowsResult) {
    // The person plays the first legal move (marked '.') until the end; the engine answers at level 1.
    EngineProcess engine({TEMPO_BINARY, "play", "--side", "white", "--level", "1", "--variant", "6x6"});
    std::vector<std::string> all;
    for (int turn = 0; turn < 60; ++turn) {
        // Read up to the prompt: the last board shows the legal moves as '.'.
        std::vector<std::string> board;
        while (const auto line = engine.read_line(10s)) {
            all.push_back(*line);
            if (line->size() > 2 && (*line)[0] >= '1' && (*line)[0] <= '6' && (*line)[1] == ' ') board.push_back(*line);
            if (line->find("Game over") != std::string::npos) break;
            if (line->find("White to move (you)") != std::string::npos) break;
        }
        if (contains(all, "Game over")) break;
        std::string move;
        for (std::size_t r = board.size() >= 6 ? board.size() - 6 : 0; r < board.size() && move.empty(); ++r)
            for (std::size_t c = 0; c < 6; ++c)
                if (board[r].size() > 3 + 2 * c && board[r][3 + 2 * c] == '.') {
                    move = std::string(1, static_cast<char>('a' + c)) + board[r][0];
                    break;
                }
        if (!move.empty()) engine.send(move);  // none marked: the console passes for the person
    }
    EXPECT_TRUE(contains(all, "Game over. Final count (official"));
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(), 0);
}

}  // namespace
}  // namespace tempo
