#include "formats/logbook.hpp"

#include <gtest/gtest.h>

#include <zlib.h>

#include <random>

#include "engine/notation.hpp"
#include "tests/engine/expect_parse_error.hpp"
#include "tests/engine/test_data.hpp"

namespace tempo {
namespace {

// The first and second lines of logbook.gam; the second ends with a black pass ("-b1-g1").
constexpr const char* kFirst =
    "+d3-c3+c4-e3+c2-b3+d2-e1+d1-c1+f4-d6+e6-g4+b2-f6+d7-c8+e7-d8+f3-f5+g5-h4+h6-f2+f7-h5+g6-c6+c5-c7+b6-b5+b4-e8"
    "+h3-g3+h2-e2+h7-g2+b1-a1+h1-a2+a3-g7+f8-h8+g8-a4+g1-f1+a6-a5+a7-a8+b8-b7: -04 10";
constexpr const char* kSecond =
    "+d3-c3+c4-e3+c2-b3+d2-e1+d1-c1+f4-d6+e6-g4+b2-f6+d7-c8+e7-d8+f3-f5+g5-h4+h6-f2+f7-h5+g6-c6+c5-c7+b6-b5+f8-a6"
    "+b4-a5+a4-e8+b8-h7+g8-b7+g2-g3+h2-a1+f1-e2+h3-a3+a8-a7+h8-g7+a2-b1-g1+h1: +00 10";

TEST(Logbook, ParsesAndReplaysLines) {
    const LogbookGame first = parse_logbook_line(kFirst);
    ASSERT_EQ(first.moves.size(), 60u);
    EXPECT_EQ(first.moves[0], parse_move("d3"));
    EXPECT_EQ(first.moves[59], parse_move("b7"));
    EXPECT_EQ(first.black_minus_white, -4);
    const Game replay = replay_logbook(first);
    EXPECT_TRUE(replay.is_over());
    EXPECT_EQ(replay.black_discs() - replay.white_discs(), -4);

    const LogbookGame second = parse_logbook_line(std::string(kSecond) + "\r\n");
    EXPECT_EQ(second.black_minus_white, 0);
    const Game drawn = replay_logbook(second);
    EXPECT_EQ(std::count(drawn.moves().begin(), drawn.moves().end(), kPass), 1);
    EXPECT_EQ(drawn.black_discs(), 32);
    EXPECT_EQ(drawn.white_discs(), 32);
    EXPECT_EQ(parse_logbook_line("+d3: +01").moves.size(), 1u);  // the trailing number is optional
}

TEST(Logbook, FirstGamesOfTheCollection) {
    const std::string path = test::fixture("logbook-first500.gam.gz");
    gzFile file = gzopen(path.c_str(), "rb");
    ASSERT_NE(file, nullptr) << path;
    char buffer[1024];
    int lines = 0;
    while (gzgets(file, buffer, sizeof buffer)) {
        ++lines;
        SCOPED_TRACE("line " + std::to_string(lines));
        const LogbookGame game = parse_logbook_line(buffer);
        EXPECT_EQ(game.moves.front(), parse_move("d3"));
        const Game replay = replay_logbook(game);
        EXPECT_TRUE(replay.is_over());
        EXPECT_EQ(replay.black_discs() - replay.white_discs(), game.black_minus_white);  // raw, empties not given
    }
    gzclose(file);
    EXPECT_EQ(lines, 500);
}

TEST(Logbook, MalformedLinesNameTheProblem) {
    EXPECT_PARSE_ERROR(parse_logbook_line(""), "no ':' and final score");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-c3+c4"), "no ':' and final score");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-c"), "move 2 is cut off");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3*c3: +00"),
                       "expected '+' (black) or '-' (white) before move 2, found '*'");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3+c3: +00"), "move 2 (c3) is marked black ('+') but white is to move");
    EXPECT_PARSE_ERROR(parse_logbook_line("-d3: +00"), "move 1 (d3) is marked white ('-') but black is to move");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-a1: +00"), "move 2 (a1) is illegal for white");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-z9: +00"), "move 2: bad move 'z9'");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-pa: +00"), "passes are not written");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-c3:"), "bad final score");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-c3: x"), "bad final score 'x'");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-c3: +99 10"), "final score 99 outside -64..64");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-c3: +00 10 junk"), "unexpected text");
    EXPECT_PARSE_ERROR(parse_logbook_line("+d3-c3: +00 1234"), "unexpected text");
    EXPECT_PARSE_ERROR(parse_logbook_line(std::string(kFirst).substr(0, 180) + "+a1: +00"), "move 61 (a1) is illegal");
    LogbookGame bad = parse_logbook_line(kFirst);
    std::swap(bad.moves[1], bad.moves[2]);
    EXPECT_PARSE_ERROR(replay_logbook(bad), "move 2 (c4) is illegal for white");
}

TEST(Logbook, GarbageAndHugeInputThrowWithoutCrashing) {
    std::mt19937 random(5);
    const std::string alphabet = "+-:abcdefgh12345678 \x01\xff";
    for (int trial = 0; trial < 3000; ++trial) {
        std::string line = trial % 3 ? "+d3-c3" : "";
        const std::size_t length = random() % 200;
        for (std::size_t i = 0; i < length; ++i)
            line += trial % 2 ? alphabet[random() % alphabet.size()] : static_cast<char>(random());
        try {
            replay_logbook(parse_logbook_line(line));
        } catch (const ParseError&) {
        }
    }
    EXPECT_PARSE_ERROR(parse_logbook_line(std::string(5'000'000, '+')), "logbook line too long");
}

}  // namespace
}  // namespace tempo
