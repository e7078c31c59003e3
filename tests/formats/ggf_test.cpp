#include "formats/ggf.hpp"

#include <gtest/gtest.h>

#include <random>

#include "engine/notation.hpp"
#include "tests/engine/expect_parse_error.hpp"

namespace tempo {
namespace {

// The example NBoard sends (nboard.md §2), upper-case moves, standard start.
constexpr const char* kNboardExample =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]"
    "B[E7]W[F4];)";

// WTHOR 1977 game 2 (Heiberg - Jacobs, World Championship, 52-12) from its 11th move: a non-standard
// start board, three white passes at the end, evals and times on some moves.
constexpr const char* kHeibergJacobs =
    "(;GM[Othello]PC[WTHOR 1977]PB[Heiberg Thomas]PW[Jacobs Carol]RE[40]TI[5:00//2:00]TY[8]"
    "BO[8 -------------------O-*-----OOO-----*OO----**O**-----O----------- *]"
    "B[G5/2.5/1.25]W[D7//0.5]B[C7/-0.75]W[H5]B[C3]W[H6]B[E3]W[B6]B[C5]W[D8]B[C8]W[B8]B[A6]W[B5]B[G4]W[D2]"
    "B[E1]W[C1]B[F2]W[H4]B[A5]W[E2]B[F8]W[B3]B[F7]W[G1]B[H3]W[H2]B[G3]W[A4]B[C4]W[B4]B[C2]W[B1]B[A3]W[A7]"
    "B[A8]W[E8]B[B7]W[B2]B[A1]W[A2]B[D1]W[G8]B[H8]W[G2]B[G7]W[PA]B[H7]W[PA]B[F1]W[PA]B[H1/40/0.001];)";

TEST(Ggf, ReadsTheNboardExample) {
    const GgfGame game = parse_ggf(kNboardExample);
    EXPECT_EQ(game.variant, Variant{});
    EXPECT_EQ(game.start, Position{});
    EXPECT_EQ(game.place, "NBoard");
    EXPECT_EQ(game.date, "2014-02-21 20:52:27 GMT");
    EXPECT_EQ(game.black_name, "./mEdax");
    EXPECT_EQ(game.white_name, "chris");
    EXPECT_EQ(game.result, "?");
    EXPECT_EQ(game.time_control, "15:00");
    EXPECT_EQ(parse_ggf_clock(game.time_control), 900);
    ASSERT_EQ(game.moves.size(), 8u);
    EXPECT_EQ(game.moves[0].move, parse_move("f5"));
    EXPECT_FALSE(game.moves[0].eval);
    const Game replay = replay_ggf(game);
    EXPECT_EQ(replay.position(), parse_transcript("f5f6d3c5e6f7e7f4").position());
    EXPECT_EQ(write_ggf(game), kNboardExample);
}

TEST(Ggf, NonStandardStartPassesEvalsAndTimes) {
    const GgfGame game = parse_ggf(kHeibergJacobs);
    EXPECT_EQ(board_string(game.start), "-------------------O-X-----OOO-----XOO----XXOXX-----O----------- X");
    ASSERT_EQ(game.moves.size(), 53u);  // 50 discs and 3 passes
    EXPECT_EQ(game.moves[0], (GgfMove{parse_move("g5"), 2.5, 1.25}));
    EXPECT_EQ(game.moves[1], (GgfMove{parse_move("d7"), std::nullopt, 0.5}));
    EXPECT_EQ(game.moves[2], (GgfMove{parse_move("c7"), -0.75, std::nullopt}));
    EXPECT_EQ(game.moves[47].move, kPass);
    EXPECT_EQ(game.moves[52], (GgfMove{parse_move("h1"), 40.0, 0.001}));
    const GgfClock clock = parse_ggf_clock_parts(game.time_control);
    EXPECT_EQ(clock.seconds, 300);
    EXPECT_EQ(clock.increment, 0);
    EXPECT_EQ(clock.grace, 120);

    const Game replay = replay_ggf(game);
    EXPECT_TRUE(replay.is_over());
    EXPECT_EQ(replay.final_count_black_white().mine, 52);  // as stored in WTH_1977.wtb
    EXPECT_EQ(replay.final_count_black_white().theirs, 12);

    EXPECT_EQ(write_ggf(game), kHeibergJacobs);
    EXPECT_EQ(parse_ggf(write_ggf(game)), game);
}

TEST(Ggf, LeftOutPassesAreInferred) {
    // The same game without its W[PA]: three B moves in a row twice; the passes come back.
    std::string text = kHeibergJacobs;
    for (std::size_t at; (at = text.find("W[PA]")) != std::string::npos;) text.erase(at, 5);
    const GgfGame game = parse_ggf(text);
    EXPECT_EQ(game, parse_ggf(kHeibergJacobs));

    // A game built in code without passes: the replay infers them, the writer makes them explicit.
    GgfGame bare = game;
    std::erase_if(bare.moves, [](const GgfMove& m) { return m.move == kPass; });
    EXPECT_EQ(replay_ggf(bare).position(), replay_ggf(game).position());
    EXPECT_EQ(write_ggf(bare), kHeibergJacobs);
}

TEST(Ggf, SixBySixPerfectPlay) {
    // Feinstein's principal variation (8x8 coordinates; data/README.md): white wins 20-16.
    const std::string pv = "d3c5d6e3f5f4e2d2c2e6e7g5c4c3g4g3f3c7b5d7b7b3c6b6f7f6b4b2g6g7f2g2";
    Game played(Variant::parse("6x6"));
    for (std::size_t i = 0; i < pv.size(); i += 2) {
        if (played.must_pass()) played.play(kPass);
        ASSERT_TRUE(played.play(parse_move(pv.substr(i, 2))));
    }
    GgfGame game;
    game.variant = played.variant();
    for (Move m : played.moves()) game.moves.push_back({m, std::nullopt, std::nullopt});
    const std::string text = write_ggf(game);
    EXPECT_NE(text.find("TY[6]BO[6 --------------O*----*O-------------- *]B[C2]W[B4]"), std::string::npos) << text;
    EXPECT_NE(text.find("[PA]"), std::string::npos);  // the one forced pass
    const GgfGame parsed = parse_ggf(text);
    EXPECT_EQ(parsed, game);
    const Game replay = replay_ggf(parsed);
    EXPECT_TRUE(replay.is_over());
    EXPECT_EQ(replay.black_discs(), 16);
    EXPECT_EQ(replay.white_discs(), 20);
    EXPECT_EQ(parse_ggf("(;GM[Othello]TY[6a]B[c2];)").variant, Variant::parse("anti6x6"));
    EXPECT_EQ(parse_ggf("(;GM[Othello]BO[6 " + std::string(36, '-') + " O];)").variant, Variant::parse("6x6"));
}

TEST(Ggf, TolerantReading) {
    // GGS style: a game count first, lower-case moves, spaces between properties, Edax's spaced board,
    // unknown tags (kept, in order), tags in any order, '+' on evals, an unparsable time ignored.
    const GgfGame game = parse_ggf(
        "1 (;GM[Othello] PC[GGS/os] RB[2101.5] BO[8 -------- -------- -------- ---O*--- ---*O--- -------- "
        "-------- -------- *] TY[s8r14k] B[f5/+1.00/1.2E-2] W[d6//soon] CO[nice];)\n");
    EXPECT_EQ(game.variant, Variant{});
    EXPECT_EQ(game.start, Position{});
    ASSERT_EQ(game.moves.size(), 2u);
    EXPECT_EQ(game.moves[0], (GgfMove{parse_move("f5"), 1.0, 0.012}));
    EXPECT_EQ(game.moves[1], (GgfMove{parse_move("d6"), std::nullopt, std::nullopt}));
    ASSERT_EQ(game.other_tags.size(), 2u);
    EXPECT_EQ(game.other_tags[0], (std::pair<std::string, std::string>{"RB", "2101.5"}));
    EXPECT_EQ(game.other_tags[1], (std::pair<std::string, std::string>{"CO", "nice"}));
    EXPECT_EQ(parse_ggf(write_ggf(game)), game);
    EXPECT_EQ(parse_ggf("(;;)").moves.size(), 0u);
    EXPECT_EQ(parse_ggf("(;GM[Othello]TY[8a];)").variant, Variant::parse("anti"));
}

TEST(Ggf, WriterKeepsTheRecordWellFormed) {
    GgfGame game;
    game.black_name = "evil]name[with\nnewline";
    game.moves.push_back({parse_move("f5"), 1e-5, 12345.5});
    const std::string text = write_ggf(game);
    EXPECT_EQ(text.find('\n'), std::string::npos);
    EXPECT_NE(text.find("B[F5/0.00001/12345.5]"), std::string::npos) << text;  // no exponents for NBoard
    EXPECT_EQ(parse_ggf(text).black_name, "evil)name(with newline");
}

TEST(Ggf, MoveItemsAsNboardSendsThem) {
    // nboard.md §7: `move F5`, `move F5/0.50`, `move F5//1.2`, `move f5/-1.00/0.3`, `move PA`.
    EXPECT_EQ(parse_ggf_move("F5"), (GgfMove{parse_move("f5"), std::nullopt, std::nullopt}));
    EXPECT_EQ(parse_ggf_move("F5/0.50"), (GgfMove{parse_move("f5"), 0.5, std::nullopt}));
    EXPECT_EQ(parse_ggf_move("F5//1.2"), (GgfMove{parse_move("f5"), std::nullopt, 1.2}));
    EXPECT_EQ(parse_ggf_move("f5/-1.00/0.3"), (GgfMove{parse_move("f5"), -1.0, 0.3}));
    EXPECT_EQ(parse_ggf_move("PA").move, kPass);
    EXPECT_EQ(parse_ggf_move("c2", Geometry::k6x6).move, parse_move("d3"));
    EXPECT_EQ(format_ggf_move(parse_ggf_move("f5/-1.00/0.3")), "F5/-1/0.3");
    EXPECT_EQ(format_ggf_move(parse_ggf_move("f5//1.5")), "F5//1.5");
    EXPECT_EQ(format_ggf_move(parse_ggf_move("pa/-64")), "PA/-64");
    EXPECT_PARSE_ERROR(parse_ggf_move("F9/1.0"), "bad move 'F9'");
    EXPECT_PARSE_ERROR(parse_ggf_move("/1.0"), "bad move ''");
}

TEST(Ggf, Clocks) {
    EXPECT_EQ(parse_ggf_clock("15:00"), 900);
    EXPECT_EQ(parse_ggf_clock("05:00"), 300);
    EXPECT_EQ(parse_ggf_clock("1:00:00"), 3600);
    EXPECT_EQ(parse_ggf_clock("1.02:00:00"), 93600);
    EXPECT_EQ(parse_ggf_clock("90"), 90);
    EXPECT_EQ(parse_ggf_clock("0"), 0);
    EXPECT_EQ(parse_ggf_clock("2:30.5"), 150.5);
    const GgfClock clock = parse_ggf_clock_parts("10:00/5/1:00");
    EXPECT_EQ(clock.seconds, 600);
    EXPECT_EQ(clock.increment, 5);
    EXPECT_EQ(clock.grace, 60);
    EXPECT_EQ(parse_ggf_clock_parts("5:00//2:00").grace, 120);
    for (const char* bad : {"", " ", "abc", "5::00", "-5:00", "1:2:3:4", "5:00/x", "5:00/1/2/3", "1e3", "5:0a", "nan",
                            "inf", "12345678901234567890123456789012345678901234567890123456789012345"})
        EXPECT_PARSE_ERROR(parse_ggf_clock(bad), "bad clock");
}

TEST(Ggf, MalformedRecordsNameTheProblem) {
    const std::string board = "BO[8 ---------------------------O*------*O--------------------------- *]";
    EXPECT_PARSE_ERROR(parse_ggf(""), "expected '(;'");
    EXPECT_PARSE_ERROR(parse_ggf("GM[Othello];)"), "expected '(;'");
    EXPECT_PARSE_ERROR(parse_ggf("(;GM[Othello]B[F5]"), "missing ';)'");
    EXPECT_PARSE_ERROR(parse_ggf("(;GM[Othello]PB[abc"), "unbalanced brackets: the '[' of PB");
    EXPECT_PARSE_ERROR(parse_ggf("(;GM[Othello]PB[abc PW[def];)"), "'[' inside the value of PB");
    EXPECT_PARSE_ERROR(parse_ggf("(;GM[Othello]]PB[abc];)"), "unbalanced ']'");
    EXPECT_PARSE_ERROR(parse_ggf("(;GM[Othello]PB abc;)"), "tag PB at offset 13 has no '[value]'");
    EXPECT_PARSE_ERROR(parse_ggf("(;GM[Othello];) extra"), "text after the end");
    EXPECT_PARSE_ERROR(parse_ggf("(;GM[Chess];)"), "not an Othello game");
    EXPECT_PARSE_ERROR(parse_ggf("(;TY[10];)"), "board size 10 is not supported");
    EXPECT_PARSE_ERROR(parse_ggf("(;TY[8z];)"), "unknown game type letter 'Z'");
    EXPECT_PARSE_ERROR(parse_ggf("(;TY[6]" + board + ";)"), "TY says 6x6 but BO holds an 8x8 board");
    EXPECT_PARSE_ERROR(parse_ggf("(;BO[8 ----O*--- *];)"), "BO: board too short: 10 squares, expected 64");
    EXPECT_PARSE_ERROR(parse_ggf("(;BO[8 " + std::string(64, '-') + "];)"), "no side to move");
    EXPECT_PARSE_ERROR(parse_ggf("(;BO[8 " + std::string(65, '-') + " *];)"), "board too long");
    EXPECT_PARSE_ERROR(parse_ggf("(;BO[8 " + std::string(64, '-') + " Q];)"), "bad side to move 'Q'");
    EXPECT_PARSE_ERROR(parse_ggf("(;BO[8 ---?" + std::string(60, '-') + " *];)"), "BO: bad board character '?' at square d1");
    EXPECT_PARSE_ERROR(parse_ggf("(;BO[10 " + std::string(100, '-') + " *];)"), "board size 10");
    EXPECT_PARSE_ERROR(parse_ggf("(;BO[*];)"), "expected the board size");
    EXPECT_PARSE_ERROR(parse_ggf("(;" + board + "B[F5]W[Z9];)"), "move 2 W[Z9]: bad move 'Z9'");
    EXPECT_PARSE_ERROR(parse_ggf("(;" + board + "B[];)"), "move 1 B[]: bad move");
    EXPECT_PARSE_ERROR(parse_ggf("(;TY[6]B[g7];)"), "bad move 'g7'");  // no g on 6x6

    // Legality is checked by the replay, naming the move.
    EXPECT_PARSE_ERROR(replay_ggf(parse_ggf("(;" + board + "B[F5]W[F6]B[A1];)")), "move 3 (a1) is illegal for black");
    // Wrong side: white moves first from a start where black has moves, so black's pass is illegal.
    EXPECT_PARSE_ERROR(replay_ggf(parse_ggf("(;" + board + "W[F5];)")),
                       "move 1 (PA) is illegal: black has a legal move");
    EXPECT_PARSE_ERROR(replay_ggf(parse_ggf("(;" + board + "B[PA];)")), "black has a legal move and may not pass");
    // Moves after the end of a wiped-out game.
    const std::string wiped = "BO[8 X" + std::string(63, '-') + " *]";
    EXPECT_PARSE_ERROR(replay_ggf(parse_ggf("(;" + wiped + "B[PA];)")), "the game is already over");
    EXPECT_PARSE_ERROR(replay_ggf(parse_ggf("(;" + wiped + "B[B1];)")),
                       "move 1 (b1) is illegal for black: the game is already over");
    GgfGame bogus;
    bogus.moves.push_back({kNoMove, std::nullopt, std::nullopt});
    EXPECT_PARSE_ERROR(replay_ggf(bogus), "move 1: not a move");
}

TEST(Ggf, GarbageAndHugeInputThrowWithoutCrashing) {
    std::mt19937 random(11);
    const std::string alphabet = "(;)[]BWOPA*-8 f5/.:GMTYxo\x01\xff";
    for (int trial = 0; trial < 3000; ++trial) {
        std::string text = trial % 3 ? "(;" : "";
        const std::size_t length = random() % 300;
        for (std::size_t i = 0; i < length; ++i)
            text += trial % 2 ? alphabet[random() % alphabet.size()] : static_cast<char>(random());
        try {
            replay_ggf(parse_ggf(text));
        } catch (const ParseError&) {
        }
    }
    EXPECT_PARSE_ERROR(parse_ggf("(;PB[" + std::string(2'000'000, 'x') + "];)"), "GGF record too long");
    std::string many = "(;";
    for (int i = 0; i < 150; ++i) many += "B[F5]W[D6]";
    EXPECT_PARSE_ERROR(parse_ggf(many + ";)"), "too many moves");
    EXPECT_PARSE_ERROR(parse_ggf(std::string(100'000, '(')), "expected '(;'");
}

// Files of several games: a match's (one a line) and GGS's ("2 (;...;) (;...;)"); a ";)" inside a
// value does not end a record.
TEST(Ggf, SplitsAFileOfSeveralGames) {
    const std::vector<std::string_view> records = split_ggf_records(
        "(;GM[Othello]B[F5];)\n(;GM[Othello]C[a ;) in a comment]B[F5];)\n\n2 (;GM[Othello];) (;GM[Othello];)");
    ASSERT_EQ(records.size(), 4u);
    EXPECT_EQ(records[0], "(;GM[Othello]B[F5];)");
    EXPECT_EQ(records[1], "(;GM[Othello]C[a ;) in a comment]B[F5];)");
    EXPECT_EQ(records[3], "(;GM[Othello];)");
    EXPECT_TRUE(split_ggf_records(" \n").empty());
    EXPECT_PARSE_ERROR(split_ggf_records("(;GM[Othello];) junk"), "game 2: expected '(;' at offset 16");
    EXPECT_PARSE_ERROR(split_ggf_records("(;GM[Othello];)(;GM[Othello]B[F5]"),
                       "game 2: the record starting at offset 15 is never closed");
    EXPECT_PARSE_ERROR(split_ggf_records("(;GM[Othello;)"), "game 1: the record starting at offset 0 is never closed");
}

}  // namespace
}  // namespace tempo
