#include <gtest/gtest.h>

#include "engine/notation.hpp"
#include "tests/engine/expect_parse_error.hpp"

namespace tempo {
namespace {

TEST(Notation, SquareNames) {
    EXPECT_EQ(square_name(0), "a1");
    EXPECT_EQ(square_name(7), "h1");
    EXPECT_EQ(square_name(63), "h8");
    EXPECT_EQ(parse_move("F5"), 37);
    EXPECT_EQ(parse_move("pass"), kPass);
    EXPECT_EQ(parse_move("PA"), kPass);
    // 6x6 names its own grid: a1 is b2 of the 8x8 word.
    EXPECT_EQ(parse_move("a1", Geometry::k6x6), 9);
    EXPECT_EQ(square_name(54, Geometry::k6x6), "f6");
}

TEST(Notation, BadMovesNameTheProblem) {
    for (const char* bad : {"", "i1", "a9", "a0", "a", "a10", "\x01\xff", "f5f5"}) {
        try {
            parse_move(bad);
            FAIL() << "accepted '" << bad << "'";
        } catch (const ParseError& e) {
            EXPECT_NE(std::string(e.what()).find("bad move"), std::string::npos);
        }
    }
    EXPECT_THROW(parse_move("g1", Geometry::k6x6), ParseError);
}

TEST(Notation, TranscriptRoundTrip) {
    const Game game = parse_transcript("f5d6c3d3c4");
    EXPECT_EQ(transcript(game.moves()), "f5d6c3d3c4");
    EXPECT_EQ(parse_transcript("F5 d6, c3-d3 c4").position(), game.position());
}

TEST(Notation, TranscriptErrorsNameTheMove) {
    try {
        parse_transcript("f5d6a1");
        FAIL();
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("move 3 (a1) is illegal for black"), std::string::npos) << e.what();
    }
    EXPECT_THROW(parse_transcript("f5d"), ParseError);
    EXPECT_THROW(parse_transcript("f5zz"), ParseError);
    EXPECT_THROW(parse_transcript("f5f5"), ParseError);  // occupied
    EXPECT_THROW(parse_transcript("pass"), ParseError);  // not a forced pass
}

TEST(Notation, BoardStringRoundTrip) {
    const std::string text = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    const Position p = parse_board(text);
    EXPECT_EQ(p.to_move, Color::kBlack);
    EXPECT_EQ(board_string(p), text);
    const Position start = parse_board(std::string(27, '-') + "OX------XO" + std::string(27, '-') + " O");
    EXPECT_EQ(start.to_move, Color::kWhite);
    EXPECT_EQ(start.black(), Position{}.black());
}

TEST(Notation, BoardStringErrors) {
    const std::string good(64, '-');
    EXPECT_THROW(parse_board(good.substr(0, 63) + " X"), ParseError);  // too short
    EXPECT_THROW(parse_board(good + "- X"), ParseError);               // too long
    EXPECT_THROW(parse_board(good), ParseError);                       // no side
    EXPECT_THROW(parse_board(good + " Z"), ParseError);                // bad side
    try {
        parse_board(std::string(10, '-') + "?" + std::string(53, '-') + " X");
        FAIL();
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("c2"), std::string::npos) << e.what();
    }
}

TEST(Notation, SixBySixBoardString) {
    const Position p = parse_board("--------------OX----XO-------------- X", Geometry::k6x6);
    EXPECT_EQ(p.board, Board::start());
}

// What people type: a board or a transcript, whichever it is; nothing may follow a board.
TEST(Notation, PositionTextIsABoardOrATranscript) {
    const std::string start = std::string(27, '-') + "OX------XO" + std::string(27, '-');
    EXPECT_EQ(parse_position_text(start + " X").position(), Position{});
    EXPECT_EQ(parse_position_text("f5d6").moves().size(), 2u);
    EXPECT_EQ(parse_position_text("").position(), Position{});
    EXPECT_PARSE_ERROR(parse_position_text(start + " X --depth 4"),
                       "unexpected text after the side to move: '--depth 4'");
    EXPECT_PARSE_ERROR(parse_position_text("?" + start.substr(1) + " X"), "bad board character");
    EXPECT_PARSE_ERROR(parse_position_text("f5f5"), "move 2 (f5) is illegal");
}

}  // namespace
}  // namespace tempo
