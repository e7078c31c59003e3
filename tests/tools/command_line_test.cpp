// The `tempo` command line: --json on `analyze`, `solve` and `book show` (one object a line with
// the values the text output shows: FForum #1 G8 +18, the shipped book's four first moves), and
// positions as people type them (a board starting with an empty square, text left over), Edax's
// book format in and out, the engine options' checks (tempo-train's too), and engine options before
// a command.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/run_tempo.hpp"

namespace tempo {
namespace {

using test::run_command;
using test::run_tempo;

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

TEST(JsonOutput, AnalyzeWritesAnObjectPerIterationThenTheAnswer) {
    const auto r = run_tempo("analyze f5d6c3 --depth 4 --json");
    ASSERT_EQ(r.status, 0) << r.output;
    const std::vector<std::string> lines = lines_of(r.output);
    ASSERT_EQ(lines.size(), 5u) << r.output;
    EXPECT_EQ(lines[0].rfind("{\"depth\":1,\"selectivity\":", 0), 0u) << lines[0];
    EXPECT_NE(lines[3].find("\"pv\":[\"d3\","), std::string::npos) << lines[3];
    EXPECT_EQ(lines[4].rfind("{\"best\":\"d3\",\"score\":", 0), 0u) << lines[4];
}

TEST(JsonOutput, SolveWritesAnObjectPerPositionThenASummary) {
    const auto r = run_tempo("solve " + std::string(TEMPO_TEST_DATA) + "/fforum-1-19.obf --shard 0/19 --json");
    ASSERT_EQ(r.status, 0) << r.output;
    std::vector<std::string> lines;
    for (const std::string& line : lines_of(r.output))
        if (line.rfind("{", 0) == 0) lines.push_back(line);  // progress lines go to stderr
    ASSERT_EQ(lines.size(), 2u) << r.output;
    EXPECT_EQ(lines[0].rfind("{\"index\":1,\"empties\":14,\"score\":18,\"move\":\"g8\",", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("\"ok\":true"), std::string::npos) << lines[0];
    EXPECT_EQ(lines[1].rfind("{\"solved\":1,", 0), 0u) << lines[1];
    EXPECT_NE(lines[1].find("\"mismatches\":0}"), std::string::npos) << lines[1];
}

TEST(JsonOutput, BookShowWritesThePositionAndItsMoves) {
    const auto r = run_tempo("book show --json");
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_EQ(r.output.rfind("{\"in_book\":true,\"games\":", 0), 0u) << r.output;
    for (const char* move : {"d3", "c4", "f5", "e6"})
        EXPECT_NE(r.output.find("{\"move\":\"" + std::string(move) + "\",\"value\":"), std::string::npos) << move;
    const auto bad = run_tempo("book show a1a1 --json");
    EXPECT_NE(bad.status, 0);
    EXPECT_NE(bad.output.find("move 1 (a1) is illegal for black"), std::string::npos) << bad.output;
}

// FForum #20 with a1 emptied: a board that starts with '-' needs no `--`; text after the side to
// move (a misplaced option) is an error, not silently dropped.
TEST(CommandLine, BoardArgumentsNeedNoDoubleDash) {
    const std::string board = "-XXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X";
    auto r = run_tempo("analyze '" + board + "' --depth 4");
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("best g6 score -22"), std::string::npos) << r.output;
    r = run_tempo("analyze -- '" + board + "' --depth 4");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.output.find("unexpected text after the side to move: '--depth 4'"), std::string::npos) << r.output;
    r = run_tempo("book show '" + board + " junk'");
    EXPECT_NE(r.status, 0);
    EXPECT_NE(r.output.find("unexpected text after the side to move: 'junk'"), std::string::npos) << r.output;
}

// --selectivity, shared by the engine modes: a level the engine has is taken, another is an error
// that names the option (what the level does: tests/search/searcher_test.cpp).
TEST(CommandLine, EngineSelectivityIsCheckedAndTaken) {
    auto r = run_tempo("gtp --selectivity 0 < /dev/null");
    EXPECT_EQ(r.status, 0) << r.output;
    r = run_tempo("gtp --selectivity 5 < /dev/null");
    EXPECT_NE(r.status, 0);
    EXPECT_NE(r.output.find("--selectivity: Value 5 not in range 0 to 4"), std::string::npos) << r.output;
}

// Weights that do not load stop the engine before it starts, naming the file: playing on the simple
// evaluation instead, with a line on stderr, went unnoticed in a match. The same for the commands
// that search without a protocol (`review` searched on the fallback in silence).
TEST(CommandLine, WeightsThatDoNotLoadAreAnError) {
    const std::string path = ::testing::TempDir() + "not-weights-" + std::to_string(::getpid()) + ".tew";
    std::ofstream(path) << "these are not weights\n";
    const std::string review = "review " + std::string(TEMPO_TEST_DATA) + "/WTH_1977.wtb --game 2 --depth 1";
    for (const std::string& command :
         {std::string("gtp"), std::string("nboard"), std::string("bench --depth 1"), review}) {
        const auto r = run_tempo(command + " --eval " + path + " < /dev/null");
        EXPECT_NE(r.status, 0) << command;
        EXPECT_NE(r.output.find("--eval: weights file " + path + ": "), std::string::npos) << r.output;
    }
    std::remove(path.c_str());
    EXPECT_EQ(run_tempo("gtp < /dev/null").status, 0);
}

// The engine options of bare `tempo` written before a command were parsed, then ignored: `tempo
// --eval W.tew gtp` played the shipped weights. Now that is an error naming the option and the
// command, and nothing runs; after the command the same option works.
TEST(CommandLine, EngineOptionsBeforeACommandAreRefused) {
    const std::string weights = std::string(TEMPO_SOURCE_DIR) + "/data/weights/standard-8x8.tew";
    auto r = run_tempo("--eval " + weights + " gtp < /dev/null");
    EXPECT_NE(r.status, 0);
    EXPECT_NE(r.output.find("--eval: given before the command 'gtp', which reads only the options after its name"),
              std::string::npos)
        << r.output;
    r = run_tempo("--threads 2 bench --depth 1");
    EXPECT_NE(r.status, 0);
    EXPECT_NE(r.output.find("--threads: given before the command 'bench'"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("bench depth"), std::string::npos) << "the command must not run: " << r.output;
    EXPECT_EQ(run_tempo("gtp --eval " + weights + " < /dev/null").status, 0);
    EXPECT_EQ(run_tempo("--threads 1 < /dev/null").status, 0);  // bare `tempo` takes them
}

// The engine options are declared once (tools/cli/engine_options.hpp) for `tempo` and for
// tempo-train: a bad value is an error naming the option and what is wrong, before anything runs
// or is written. `book build` took at most 64 threads, tempo-train's --threads had no range and
// its --variant no check: the same range and names everywhere now (and in any case, as
// Variant::parse reads them).
TEST(CommandLine, BadEngineOptionValuesAreClearErrors) {
    struct Case {
        std::string binary, arguments, message;
    };
    const std::string tempo = TEMPO_BINARY, train = TEMPO_TRAIN_BINARY;
    const std::string dir = ::testing::TempDir() + "bad-options-" + std::to_string(::getpid()) + "-";
    const std::string variants = "not in {8x8,6x6,anti,anti6x6}";
    const std::vector<Case> cases = {
        {tempo, "book build --book " + dir + "book.tbk --threads 300", "--threads: Value 300 not in range 1 to 256"},
        {tempo, "analyze f5 --variant 7x7", "--variant: 7x7 " + variants},
        {tempo, "solve --start --variant 6x6 --eval " + dir + "none.tew", "--eval: File does not exist: "},
        {tempo, "bench --selectivity 5", "--selectivity: Value 5 not in range 0 to 4"},
        {train, "solve --labels " + dir + "labels --threads 0", "--threads: Value 0 not in range 1 to 256"},
        {train, "fit --out " + dir + "w.tew --variant 7x7", "--variant: 7x7 " + variants},
        {train, "engine-games --out " + dir + "games.txt --eval " + dir + "none.tew", "--eval: File does not exist: "},
        {train, "solve --labels " + dir + "labels --search-depth 2 --search-selectivity 5",
         "--search-selectivity: Value 5 not in range 0 to 4"},
        {tempo, "gtp --tune end_reach=13", "--tune: tunable end_reach must be in 0..12, not 13"},
        {train, "spsa --engine tempo --param nope --log " + dir + "spsa.log", "unknown tunable 'nope'"},
    };
    for (const Case& c : cases) {
        const auto r = run_command(c.binary, c.arguments + " < /dev/null");
        EXPECT_NE(r.status, 0) << c.arguments;
        EXPECT_NE(r.output.find(c.message), std::string::npos) << c.arguments << ":\n" << r.output;
    }
    for (const char* written : {"book.tbk", "labels", "w.tew", "games.txt", "spsa.log"})
        EXPECT_FALSE(std::ifstream(dir + written).good()) << written << " was written";
    // A variant name in any case, as the board files write it.
    const auto upper_case = run_tempo("perft 3 --variant 6X6 --quiet");
    EXPECT_EQ(upper_case.status, 0) << upper_case.output;
    EXPECT_EQ(upper_case.output, run_tempo("perft 3 --variant 6x6 --quiet").output);
}

// tempo-train spsa resumes from its log: an interrupted run (its last line cut short) goes on after
// its last complete iteration, which stays as it was; a log of another run is refused.
TEST(CommandLine, SpsaResumesFromItsLog) {
    const std::string log = ::testing::TempDir() + "spsa-" + std::to_string(::getpid()) + ".log";
    const std::string header =
        "spsa iterations=2 seed=1 alpha=0.602 gamma=0.101\n"
        "param end_reach start=6 min=0 max=12 c_end=1 r_end=0.002\n";
    const std::string first = "iteration 1 wins=0 draws=2 losses=0 end_reach=6\n";
    std::ofstream(log) << header << first << "iteration 2 wi";
    const std::string command = "spsa --engine '" + std::string(TEMPO_BINARY) +
                                " gtp --threads 1' --param end_reach,1 --iterations 2 --pairs 1 --clock 0.3 --log " + log;
    const auto r = run_command(TEMPO_TRAIN_BINARY, command);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("resuming " + log + " after iteration 1"), std::string::npos) << r.output;
    std::ifstream in(log);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text.rfind(header + first + "iteration 2 wins=", 0), 0u) << text;
    EXPECT_EQ(lines_of(text).size(), 4u) << text;
    const auto other = run_command(TEMPO_TRAIN_BINARY, command + " --seed 2");
    EXPECT_NE(other.status, 0);
    EXPECT_NE(other.output.find(":1: this log is of another SPSA run"), std::string::npos) << other.output;
}

// Edax's book through the commands: import shows Edax's values, export then import gives the same
// book file, and a file that is not an Edax book is a one-line error.
TEST(CommandLine, EdaxBooksGoInAndOut) {
    const std::string dir = ::testing::TempDir();
    const std::string edax = std::string(TEMPO_TEST_DATA) + "/edax-book-level4.dat";
    auto r = run_tempo("book import-edax " + edax + " --book " + dir + "edax1.tbk");
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("imported 34 positions (66 moves)"), std::string::npos) << r.output;
    r = run_tempo("book show --book " + dir + "edax1.tbk f5");
    EXPECT_NE(r.output.find("d6     +2"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("f4    -13"), std::string::npos) << r.output;
    r = run_tempo("book export-edax --book " + dir + "edax1.tbk " + dir + "edax.dat");
    ASSERT_EQ(r.status, 0) << r.output;
    r = run_tempo("book import-edax " + dir + "edax.dat --book " + dir + "edax2.tbk");
    ASSERT_EQ(r.status, 0) << r.output;
    const auto first = run_tempo("book export --book " + dir + "edax1.tbk");
    const auto second = run_tempo("book export --book " + dir + "edax2.tbk");
    EXPECT_EQ(first.output, second.output);
    r = run_tempo("book import-edax " + std::string(TEMPO_TEST_DATA) + "/WTH_1977.wtb --book " + dir + "x.tbk");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.output.find("WTH_1977.wtb: not an Edax book"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace tempo
