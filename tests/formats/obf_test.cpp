#include "formats/obf.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include <unistd.h>

#include "engine/notation.hpp"
#include "tests/engine/expect_parse_error.hpp"
#include "tests/engine/test_data.hpp"

namespace tempo {
namespace {

// FForum #1, the first line of fforum-1-19.obf.
constexpr const char* kFforum1 =
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; "
    "A3:+4; B1:-4; A4:-22; G2:-24;";

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// A scratch file in the temporary directory (named by process, as test runs may overlap), removed
// at the end of the test.
struct TempFile {
    std::string path;
    explicit TempFile(const std::string& name, const std::string& contents = "")
        : path((std::filesystem::temp_directory_path() / ("tempo_obf_test_" + std::to_string(getpid()) + "_" + name))
                   .string()) {
        std::ofstream(path, std::ios::binary) << contents;
    }
    ~TempFile() { std::remove(path.c_str()); }
};

TEST(Obf, ParsesFforumOne) {
    const ObfPosition obf = parse_obf_line(kFforum1);
    EXPECT_EQ(obf.position.to_move, Color::kBlack);
    EXPECT_EQ(obf.position.board.empty_count(), 14);
    ASSERT_EQ(obf.scores.size(), 8u);
    EXPECT_EQ(obf.scores[0], (ObfMoveScore{parse_move("g8"), 18}));
    EXPECT_EQ(obf.scores[1], (ObfMoveScore{parse_move("h1"), 12}));
    EXPECT_EQ(obf.scores[7], (ObfMoveScore{parse_move("g2"), -24}));
    EXPECT_EQ(format_obf_line(obf), kFforum1);
}

TEST(Obf, ReadsTheFiftyNineFforumPositions) {
    std::vector<ObfPosition> all;
    for (const char* name : {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf"}) {
        const std::vector<ObfPosition> part = read_obf_file(test::fixture(name));
        all.insert(all.end(), part.begin(), part.end());
    }
    ASSERT_EQ(all.size(), 59u);
    // Best moves and scores of #40-#59 as published (data/README.md lists them).
    const std::vector<std::pair<std::vector<std::string>, int>> known = {
        {{"a2"}, 38},        {{"h4"}, 0},   {{"g2"}, 6},  {{"g3", "c7"}, -12},
        {{"d2", "b8"}, -14}, {{"b2"}, 6},   {{"b3"}, -8}, {{"g2"}, 4},
        {{"f6"}, 28},        {{"e1"}, 16},  {{"d8"}, 10}, {{"e2", "a3"}, 6},
        {{"a3"}, 0},         {{"d8"}, -2},  {{"c7"}, -2}, {{"g6", "b7", "e2", "g4"}, 0},
        {{"h5"}, 2},         {{"a6"}, -10}, {{"g1"}, 4},  {{"h4", "g8", "e8"}, 64}};
    for (std::size_t i = 0; i < known.size(); ++i) {
        const ObfPosition& obf = all[39 + i];
        SCOPED_TRACE("FForum #" + std::to_string(40 + i));
        ASSERT_FALSE(obf.scores.empty());
        EXPECT_EQ(obf.scores[0].score, known[i].second);
        std::vector<std::string> best;
        for (const ObfMoveScore& item : obf.scores)
            if (item.score == obf.scores[0].score) best.push_back(move_name(item.move));
        std::sort(best.begin(), best.end());
        std::vector<std::string> expected = known[i].first;
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(best, expected);
    }
    EXPECT_EQ(all[39].position.board.empty_count(), 20);  // #40
    EXPECT_EQ(all[58].position.board.empty_count(), 34);  // #59
}

TEST(Obf, FormatGivesBackEveryFforumLine) {
    for (const char* name : {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf"})
        for (const std::string& line : lines_of(test::fixture(name))) {
            if (line.empty()) continue;
            EXPECT_EQ(format_obf_line(parse_obf_line(line)), line);
        }
}

TEST(Obf, PlainBoardsSentinelAndPass) {
    const std::string board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    EXPECT_TRUE(parse_obf_line(board).scores.empty());
    EXPECT_TRUE(parse_obf_line(board + ";").scores.empty());
    EXPECT_EQ(format_obf_line(parse_obf_line(board)), board + ";");
    // "--:-127;" ends the list; nothing after it is read, not even garbage.
    const ObfPosition cut = parse_obf_line(board + "; G8:+18; --:-127; zz:yy;");
    ASSERT_EQ(cut.scores.size(), 1u);
    EXPECT_EQ(cut.scores[0].score, 18);
    // A trailing comment and CRLF line ends are fine; the last item may omit its ';'.
    EXPECT_EQ(parse_obf_line(board + "; G8:+18; H1:+12 % FForum #1\r").scores.size(), 2u);
    EXPECT_EQ(parse_obf_line(board + "; g8:18").scores[0].score, 18);

    // White (g8 only) has no move; black then takes h8 and wins 64-0: PA scores -64 for white.
    const std::string blocked = std::string(62, 'X') + "O- O";
    const ObfPosition pass = parse_obf_line(blocked + "; PA:-64;");
    ASSERT_EQ(pass.scores.size(), 1u);
    EXPECT_EQ(pass.scores[0].move, kPass);
    EXPECT_EQ(format_obf_line(pass), blocked + "; PA:-64;");
}

TEST(Obf, SixBySix) {
    const std::string line = "------------XO----OX------------------ X; C2:+4;";
    // The 6x6 start (the 8x8 centre) and its perfect-play score: white wins 20-16 (6x6/SOLUTION.md).
    const std::string board36 = "--------------OX----XO-------------- X";
    const ObfPosition obf = parse_obf_line(board36 + "; c2:-4;", Geometry::k6x6);
    EXPECT_EQ(obf.position, Position{});
    EXPECT_EQ(obf.scores[0], (ObfMoveScore{parse_move("c2", Geometry::k6x6), -4}));
    EXPECT_EQ(format_obf_line(obf, Geometry::k6x6), board36 + "; C2:-4;");
    EXPECT_PARSE_ERROR(parse_obf_line(line, Geometry::k6x6), "board too long");
    EXPECT_PARSE_ERROR(parse_obf_line(board36 + "; c2:-40;", Geometry::k6x6), "outside -36..36");
}

TEST(Obf, MalformedLinesNameTheProblem) {
    const std::string board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";
    EXPECT_PARSE_ERROR(parse_obf_line(""), "board too short");
    EXPECT_PARSE_ERROR(parse_obf_line(board.substr(0, 40)), "board too short");
    EXPECT_PARSE_ERROR(parse_obf_line(board + "X X;"), "board too long");
    std::string bad_a1 = board + " X;";
    bad_a1[0] = 'Z';
    EXPECT_PARSE_ERROR(parse_obf_line(bad_a1), "bad board character 'Z' at square a1");
    EXPECT_PARSE_ERROR(parse_obf_line(board), "no side to move");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " "), "no side to move");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " Q; G8:+18;"), "bad side to move");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X G8:+18;"), "expected ';'");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X; G8+18;"), "solution 1 'G8+18': expected MOVE:SCORE");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X; G8:+18; H1;"), "solution 2");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X; G8:abc;"), "bad score 'abc'");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X; G8:;"), "bad score");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X; G8:+123456789;"), "bad score");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X; Z9:+2;"), "bad move 'Z9'");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X; A8:+2;"), "a8 is not a legal move");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X; PA:+2;"), "pass is not a legal move");
    EXPECT_PARSE_ERROR(parse_obf_line(board + " X; G8:+66;"), "score 66 outside -64..64");
    // The side to move matters: G8 is legal for black here, not for white.
    EXPECT_PARSE_ERROR(parse_obf_line(board + " O; G8:+18;"), "g8 is not a legal move");
}

TEST(Obf, GarbageAndHugeInputThrowWithoutCrashing) {
    std::mt19937 random(7);
    for (int trial = 0; trial < 2000; ++trial) {
        std::string bytes(random() % 200, '\0');
        for (char& c : bytes) c = static_cast<char>(random());
        if (trial % 2) bytes = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;" + bytes;
        try {
            parse_obf_line(bytes);
        } catch (const ParseError&) {
        }
    }
    EXPECT_PARSE_ERROR(parse_obf_line(std::string(10'000'000, 'X')), "board too long");
    std::string many = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;";
    for (int i = 0; i < 200'000; ++i) many += " G8:+18;";
    EXPECT_EQ(parse_obf_line(many).scores.size(), 200'000u);  // long but well-formed: linear time
}

TEST(Obf, FileErrorsNameTheFileAndLine) {
    const TempFile good("good.obf", "% comment\n\n# another\n" + std::string(kFforum1) + "\r\n");
    EXPECT_EQ(read_obf_file(good.path).size(), 1u);
    const TempFile bad("bad.obf",
                       std::string(kFforum1) + "\n% ok\n" + std::string(kFforum1).substr(0, 67) + " ZZ:+1;\n");
    EXPECT_PARSE_ERROR(read_obf_file(bad.path), bad.path + ":3: solution 1: bad move 'ZZ'");
    const TempFile binary("binary.obf", std::string("\x7f"
                                                    "ELF\x02\x01\x01\0\0\0",
                                                    10));
    EXPECT_PARSE_ERROR(read_obf_file(binary.path), "not a text file");
    EXPECT_PARSE_ERROR(read_obf_file("/nonexistent/tempo.obf"), "/nonexistent/tempo.obf: cannot open");
    const TempFile huge("huge.obf");
    std::filesystem::resize_file(huge.path, (64u << 20) + 1);  // sparse: costs no disk and no time
    EXPECT_PARSE_ERROR(read_obf_file(huge.path), "file too large");
    EXPECT_PARSE_ERROR(read_obf_file(std::filesystem::temp_directory_path().string()), "cannot");
}

}  // namespace
}  // namespace tempo
