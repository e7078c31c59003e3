// NBoard sessions against the real `tempo` binary over pipes, in the order the NBoard GUI sends.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "play/book/book.hpp"
#include "play/book/location.hpp"
#include "tests/protocol/garbled_lines.hpp"
#include "tests/protocol/nboard_lines.hpp"

namespace tempo {
namespace {

using testing::EngineProcess;
using testing::read_until;
using testing::read_until_done;
using testing::sync;
using namespace std::chrono_literals;

constexpr const char* kStartBoard = "BO[8 ---------------------------O*------*O--------------------------- *]";

// `book` false: hints in opening positions come from the search (a book move gets its book row only).
EngineProcess start_nboard(const std::string& level = "2", bool book = true) {
    std::vector<std::string> argv{TEMPO_BINARY, "nboard", "--level", level, "--hash", "16"};
    if (!book) argv.push_back("--no-book");
    return EngineProcess(argv);
}

// The move of a `=== F5/...` line.
Move parse_reply(const std::string& line) {
    EXPECT_EQ(line.rfind("=== ", 0), 0u) << line;
    const std::string item = line.substr(4, line.find_first_of("/ ", 4) - 4);
    return parse_move(item);
}

std::string ggf(const std::string& board, const std::string& moves, const std::string& clock = "TI[5:00]") {
    return "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]" + clock + "TY[8]" + board + moves + ";)";
}

TEST(Nboard, OfficialExampleSession) {
    EngineProcess engine = start_nboard();
    engine.send("nboard 2");
    engine.send("set game " + ggf(kStartBoard, "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4]", "TI[15:00]"));
    engine.send("set depth 6");
    engine.send("ping 1");
    engine.send("go");
    EXPECT_EQ(*engine.read_line(), "set myname Tempo");
    EXPECT_EQ(*engine.read_line(), "status");  // ready: clears the GUI's "Loading Tempo"
    EXPECT_EQ(*engine.read_line(), "pong 1");
    std::vector<std::string> seen;
    const std::string reply = read_until(engine, "===", &seen);
    // === <move>/<eval>/<time>, fixed-point numbers, a legal move for black.
    Game game = parse_transcript("f5f6d3c5e6f7e7f4");
    EXPECT_TRUE(game.is_legal(parse_reply(reply))) << reply;
    EXPECT_NE(reply.find('/'), std::string::npos);
    EXPECT_EQ(reply.find('e'), std::string::npos) << "no exponent notation: " << reply;
    bool nodestats = false;
    for (const std::string& line : seen) nodestats |= line.rfind("nodestats ", 0) == 0;
    EXPECT_TRUE(nodestats);
    // go does not change the engine's board: a second go from the same position answers for black again.
    EXPECT_TRUE(sync(engine, 2).empty());
    engine.send("go");
    EXPECT_TRUE(game.is_legal(parse_reply(read_until(engine, "==="))));
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(), 0);
}

// A value field as the GUI shows it: fixed point with two decimals.
bool two_decimals(const std::string& value) {
    const std::size_t dot = value.find('.');
    const std::size_t digits = value[0] == '-' ? 1 : 0;
    return dot != std::string::npos && dot > digits && value.size() == dot + 3 &&
           value.find_first_not_of("0123456789", digits) == dot &&
           value.find_first_not_of("0123456789", dot + 1) == std::string::npos;
}

// The words of a line.
std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < line.size()) {
        const std::size_t end = std::min(line.find(' ', i), line.size());
        if (end > i) out.push_back(line.substr(i, end - i));
        i = end + 1;
    }
    return out;
}

// NBoard's own traffic, in the order its engine driver sends it (position, depth, ping, request),
// for start-up, a hint in the book, a move, a hint out of the book, a new game in mid-search,
// Analyze game and Learn game: what the GUI would show in its status line, hint rows and graph.
TEST(Nboard, GuiTrafficStatusLinesBookRowsAndValues) {
    // The README's engine line: no --level, the shipped book.
    EngineProcess engine({TEMPO_BINARY, "nboard", "--threads", "1", "--hash", "16"});
    // Start-up: the name, then an empty status, so that "Loading Tempo" goes.
    engine.send("nboard 2");
    EXPECT_EQ(*engine.read_line(), "set myname Tempo");
    EXPECT_EQ(*engine.read_line(), "status");

    // Hint 4 at the start: the book's rows (value, games, depth) for the four moves, no search row
    // that would replace them, then the status cleared.
    const std::shared_ptr<const book::Book> book = book::open_book(Variant{}, book::BookOptions{});
    ASSERT_TRUE(book);
    const std::vector<book::BookMove> known = book->moves(Board::start());
    ASSERT_EQ(known.size(), 4u);
    engine.send("set game " + ggf(kStartBoard, ""));
    engine.send("set depth 8");
    engine.send("ping 1");
    engine.send("hint 4");
    EXPECT_EQ(*engine.read_line(), "pong 1");
    std::vector<std::string> lines = read_until_done(engine);
    ASSERT_EQ(lines.size(), 5u);
    for (std::size_t i = 0; i < 4; ++i) {
        const std::vector<std::string> row = words(lines[i]);
        ASSERT_EQ(row.size(), 5u) << lines[i];
        EXPECT_EQ(row[0], "book");
        EXPECT_EQ(parse_move(row[1].substr(0, 2)), known[i].move) << lines[i];
        EXPECT_EQ(row[2], std::to_string(known[i].value)) << lines[i];
        EXPECT_EQ(row[3], std::to_string(known[i].games)) << lines[i];
        EXPECT_GT(known[i].games, 0u);
    }

    // The user plays F5 and the engine answers as White: thinking, then the move with its value
    // in discs (the GUI clears the status itself on `===`).
    engine.send("move F5//2.5");
    engine.send("ping 2");
    engine.send("go");
    EXPECT_EQ(*engine.read_line(), "pong 2");
    EXPECT_EQ(*engine.read_line(), "status Tempo is thinking");
    const std::vector<std::string> reply = words(read_until(engine, "=== "));
    ASSERT_EQ(reply.size(), 2u);
    const std::string item = reply[1];
    EXPECT_TRUE(parse_transcript("f5").is_legal(parse_move(item.substr(0, 2)))) << item;
    EXPECT_TRUE(two_decimals(item.substr(3, item.find('/', 3) - 3))) << item;

    // Hint 4 out of the book: thinking, the search's rows iteration by iteration, values with two
    // decimals (the evaluation's precision, not whole discs), then the status cleared.
    const std::string moves = "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4]";
    const Game out_of_book = parse_transcript("f5f6d3c5e6f7e7f4");
    ASSERT_TRUE(book->moves(out_of_book.board()).empty()) << "the position must be out of the book";
    engine.send("set game " + ggf(kStartBoard, moves));
    engine.send("ping 3");
    engine.send("hint 4");
    EXPECT_EQ(*engine.read_line(), "pong 3");
    EXPECT_EQ(*engine.read_line(), "status Tempo is thinking");
    lines = read_until_done(engine);
    std::vector<std::string> last_rows;  // the depth-8 rows
    int fractional = 0;
    for (const std::string& line : lines) {
        const std::vector<std::string> row = words(line);
        if (row[0] == "nodestats" || row[0] == "status") continue;
        ASSERT_EQ(row[0], "search") << line;
        ASSERT_EQ(row.size(), 5u) << line;
        EXPECT_TRUE(out_of_book.is_legal(parse_move(row[1].substr(0, 2)))) << line;
        EXPECT_TRUE(two_decimals(row[2])) << line;
        EXPECT_EQ(row[3], "0");
        fractional += row[2].substr(row[2].size() - 2) != "00";
        if (row[4] == "8") last_rows.push_back(line);
    }
    EXPECT_EQ(last_rows.size(), 4u);
    EXPECT_GT(fractional, 0) << "values finer than whole discs";

    // A new game while a deep hint runs: the status is cleared before the pong, nothing stale after.
    engine.send("set depth 30");
    engine.send("ping 4");
    engine.send("hint 2");
    EXPECT_EQ(*engine.read_line(), "pong 4");
    EXPECT_EQ(*engine.read_line(), "status Tempo is thinking");
    read_until(engine, "search ");
    engine.send("set game " + ggf(kStartBoard, ""));
    engine.send("ping 5");
    std::vector<std::string> seen;
    read_until(engine, "pong 5", &seen);
    ASSERT_GE(seen.size(), 2u);
    EXPECT_EQ(seen[seen.size() - 2], "status");
    engine.send("ping 6");
    EXPECT_EQ(*engine.read_line(), "pong 6");

    // Analyze game: one `analysis` line per position, the last first, then the status cleared.
    engine.send("set game " + ggf(kStartBoard, "B[F5]W[D6]B[C3]W[D3]B[C4]"));
    engine.send("set depth 4");
    engine.send("ping 7");
    engine.send("analyze");
    EXPECT_EQ(*engine.read_line(), "pong 7");
    EXPECT_EQ(*engine.read_line(), "status Tempo is analysing the game");
    lines = read_until_done(engine);
    ASSERT_EQ(lines.size(), 7u);
    for (int made = 5; made >= 0; --made) {
        const std::vector<std::string> row = words(lines[5 - made]);
        ASSERT_EQ(row.size(), 3u) << lines[5 - made];
        EXPECT_EQ(row[0], "analysis");
        EXPECT_EQ(row[1], std::to_string(made));
        EXPECT_TRUE(two_decimals(row[2]) || row[2].find_first_not_of("-0123456789") == std::string::npos) << row[2];
    }

    // Learn game (no --book: the shipped book stays as it is): answered `learned`.
    engine.send("ping 8");
    engine.send("learn");
    EXPECT_EQ(*engine.read_line(), "pong 8");
    EXPECT_EQ(read_until(engine, "learned"), "learned");
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(), 0);
}

TEST(Nboard, HintStreamsSearchLines) {
    EngineProcess engine = start_nboard("4", false);
    engine.send("nboard 2");
    engine.send("set game " + ggf(kStartBoard, "B[F5]W[D6]"));
    sync(engine, 1);
    engine.send("hint 3");
    const Game game = parse_transcript("f5d6");
    // The deepest iteration arrives last; the empty status ends the hint.
    const auto seen = read_until_done(engine);
    int searches = 0;
    for (const std::string& line : seen) {
        if (line.rfind("search ", 0) != 0) continue;
        ++searches;
        char pv[128];
        char eval[32];
        int zero = -1;
        char depth[32];
        ASSERT_EQ(std::sscanf(line.c_str(), "search %127s %31s %d %31s", pv, eval, &zero, depth), 4) << line;
        EXPECT_EQ(zero, 0);
        EXPECT_TRUE(game.is_legal(parse_move(std::string(pv, 2)))) << line;
        EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(depth[0]))) << line;
    }
    EXPECT_GE(searches, 3);
}

TEST(Nboard, NonStandardStartBoardWithPasses) {
    // The centre with colours swapped, then seeded random play until a forced pass: the record
    // holds the explicit PA, and the engine must answer for the position after it.
    const Position start =
        Position::from_colors(square_bit(27) | square_bit(36), square_bit(28) | square_bit(35), Color::kBlack);
    std::mt19937 random(7);
    Game game(Variant{}, start);
    for (int attempt = 0; attempt < 10000; ++attempt) {
        game = Game(Variant{}, start);
        while (!game.is_over() && !(game.moves().size() > 1 && game.moves()[game.moves().size() - 2] == kPass)) {
            if (game.must_pass()) {
                game.play(kPass);
                continue;
            }
            std::vector<Move> moves;
            for_each_square(game.legal_moves(), [&](int sq) { moves.push_back(sq); });
            game.play(moves[random() % moves.size()]);
        }
        if (!game.is_over()) break;
    }
    ASSERT_FALSE(game.is_over());
    std::string moves, shorter;  // all moves; all but the pass and the move after it
    Color mover = Color::kBlack;
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        const Move m = game.moves()[i];
        moves += std::string(mover == Color::kBlack ? "B[" : "W[") + (m == kPass ? "PA" : move_name(m)) + "//0.5]";
        if (i + 3 == game.moves().size()) shorter = moves;
        mover = opposite(mover);
    }
    std::string board = "BO[8 ";
    const std::string text = board_string(start);
    for (int i = 0; i < 64; ++i) board += text[i] == 'X' ? '*' : text[i] == 'O' ? 'O' : '-';
    board += " *]";
    EngineProcess engine = start_nboard();
    engine.send("nboard 2");
    engine.send("set game " + ggf(board, moves));
    sync(engine, 1);
    engine.send("go");
    const std::string reply = read_until(engine, "===");
    EXPECT_TRUE(game.is_legal(parse_reply(reply))) << reply << " after " << moves;
    // A pass position: the engine answers === PA.
    game.undo();
    game.undo();
    ASSERT_TRUE(game.must_pass());
    engine.send("set game " + ggf(board, shorter));
    sync(engine, 2);
    engine.send("go");
    EXPECT_EQ(read_until(engine, "==="), "=== PA");
}

// A full game, the engine playing both colours through go + move, checked move by move.
TEST(Nboard, FullGameBothWays) {
    EngineProcess engine = start_nboard("1");
    engine.send("nboard 2");
    engine.send("set game " + ggf(kStartBoard, ""));
    Game game;
    int ping = 1;
    while (!game.is_over()) {
        ASSERT_TRUE(sync(engine, ping++).size() <= 2);  // at most set myname and the ready status
        engine.send("go");
        const Move move = parse_reply(read_until(engine, "==="));
        ASSERT_TRUE(game.is_legal(move)) << move_name(move);
        game.play(move);
        engine.send(std::string("move ") + (move == kPass ? "PA" : move_name(move)) + "/0.00/0.1");
    }
    EXPECT_EQ(game.black_discs() + game.white_discs() <= 64, true);
    // The engine agrees on the final position: analyze ends with the final margin for the last position.
    engine.send("ping 999");
    read_until(engine, "pong 999");
    engine.send("analyze");
    const std::string last = read_until(engine, "analysis " + std::to_string(game.moves().size()) + " ");
    const int margin = final_margin(game.board(), game.variant());
    EXPECT_EQ(last, "analysis " + std::to_string(game.moves().size()) + " " + std::to_string(margin));
}

// ping during a long search: the pong comes at once and nothing of the old search follows it.
TEST(Nboard, PingAndNewPositionMidSearch) {
    EngineProcess engine = start_nboard("2", false);
    engine.send("nboard 2");
    engine.send("set game " + ggf(kStartBoard, "B[F5]W[D6]B[C3]"));
    engine.send("set depth 40");
    sync(engine, 1);
    engine.send("hint 4");
    read_until(engine, "search ");  // the search is under way
    std::this_thread::sleep_for(200ms);
    // The user clicks a move: new position, ping, then a new request.
    const auto sent = std::chrono::steady_clock::now();
    engine.send("move D3");
    engine.send("ping 2");
    std::vector<std::string> seen;
    read_until(engine, "pong 2", &seen);
    const double latency_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count();
    std::fprintf(stderr, "pong latency mid-search: %.1f ms\n", latency_ms);
    EXPECT_LT(latency_ms, 1000.0);
    // Nothing stale after the pong: the next ping's pong is the very next line.
    engine.send("ping 3");
    EXPECT_EQ(*engine.read_line(2s), "pong 3");
    // The new position is in force: black to move after f5 d6 c3 d3.
    engine.send("set depth 2");
    engine.send("ping 4");
    EXPECT_EQ(*engine.read_line(2s), "pong 4");
    engine.send("go");
    const Game game = parse_transcript("f5d6c3d3");
    EXPECT_TRUE(game.is_legal(parse_reply(read_until(engine, "==="))));
    // A go interrupted by a new position answers nothing stale either.
    engine.send("set depth 40");
    engine.send("ping 5");
    read_until(engine, "pong 5");
    engine.send("go");
    std::this_thread::sleep_for(100ms);
    engine.send("set game " + ggf(kStartBoard, ""));
    engine.send("ping 6");
    seen.clear();
    read_until(engine, "pong 6", &seen);
    engine.send("ping 7");
    EXPECT_EQ(*engine.read_line(2s), "pong 7");
    engine.close_input();  // EOF during nothing: clean exit
    EXPECT_EQ(engine.wait_exit(), 0);
}

// Hundreds of requests, each a new position, a depth, `ping k` and a `go` or `hint`, sent in bursts
// with random gaps of 0-3 ms, so answers race the next ping: every `===` and `search` line must
// answer the request made after the last pong before it (a line left over from an older request
// is legal in the other position, never in this one), one `===` per request at most, the pongs in
// order, none missing.
TEST(Nboard, PingGoHammerNeverLetsStaleOutputFollowAPong) {
    EngineProcess engine = start_nboard();
    engine.send("nboard 2");
    // Two positions whose legal moves are disjoint: Black's four at the start, White's three after f5.
    const Game positions[2] = {Game(), parse_transcript("f5")};
    const std::string records[2] = {ggf(kStartBoard, ""), ggf(kStartBoard, "B[F5]")};
    std::mt19937 random(7);
    constexpr int kRounds = 300;
    std::vector<int> position_of(kRounds + 1, 0);
    for (int k = 1; k <= kRounds; ++k) {
        position_of[k] = static_cast<int>(random() % 2);
        engine.send("set game " + records[position_of[k]]);
        engine.send("set depth " + std::to_string(1 + random() % 14));
        engine.send("ping " + std::to_string(k));
        engine.send(random() % 4 == 0 ? "hint " + std::to_string(1 + random() % 3) : std::string("go"));
        std::this_thread::sleep_for(std::chrono::microseconds(random() % 3000));
    }
    // The last request runs undisturbed: its answer ends the reading.
    engine.send("set game " + records[0]);
    engine.send("set depth 2");
    engine.send("ping " + std::to_string(kRounds + 1));
    engine.send("go");
    int pong = 0;
    int answers_since_pong = 0;
    bool last_answered = false;
    while (!last_answered) {
        const auto line = engine.read_line(20s);
        ASSERT_TRUE(line.has_value()) << "silent after pong " << pong;
        if (line->rfind("pong ", 0) == 0) {
            ASSERT_EQ(*line, "pong " + std::to_string(pong + 1)) << "pongs out of order or missing";
            ++pong;
            answers_since_pong = 0;
            continue;
        }
        const bool reply = line->rfind("=== ", 0) == 0, search = line->rfind("search ", 0) == 0;
        if (!reply && !search) continue;  // set myname, status, nodestats
        ASSERT_GE(pong, 1) << *line << " before any pong";
        const Game& game = positions[pong <= kRounds ? position_of[pong] : 0];
        const Move move = reply ? parse_reply(*line) : parse_move(line->substr(7, 2));
        EXPECT_TRUE(game.is_legal(move)) << "'" << *line << "' after pong " << pong << " answers an older request";
        if (reply) {
            EXPECT_EQ(++answers_since_pong, 1) << "two answers after pong " << pong;
            last_answered = pong == kRounds + 1;
        }
    }
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(), 0);
}

// --ponder: after `===` the engine searches the position its move reaches; the GUI's echo of that
// move (`move`) and a `ping` keep it going (the pong comes at once), the opponent's move and `go`
// stop it, and the next search at the same depth starts from what it stored: fewer nodes (4-20
// times fewer at full speed) than without pondering.
TEST(Nboard, PonderingKeepsThroughTheEchoAndSavesTheNextSearch) {
    std::uint64_t nodes[2] = {0, 0};
    for (const bool ponder : {false, true}) {
        std::vector<std::string> argv{TEMPO_BINARY, "nboard", "--hash", "16", "--no-book"};
        if (ponder) argv.push_back("--ponder");
        EngineProcess engine(argv);
        engine.send("nboard 2");
        engine.send("set depth 12");
        engine.send("set game " + ggf(kStartBoard, "B[F5]W[D6]B[C3]W[D3]B[C4]W[F4]B[C5]W[B3]B[C2]W[E6]"));
        engine.send("go");
        Game game = parse_transcript("f5d6c3d3c4f4c5b3c2e6");
        const Move first = parse_reply(read_until(engine, "==="));
        ASSERT_TRUE(game.play(first));
        engine.send("move " + square_name(first));
        sync(engine, 1);
        // The opponent (tempo at depth 12) thinks meanwhile.
        EngineProcess opponent({TEMPO_BINARY, "nboard", "--hash", "16", "--no-book"});
        opponent.send("nboard 2");
        opponent.send("set depth 12");
        opponent.send("set game " + ggf(kStartBoard, "B[F5]W[D6]B[C3]W[D3]B[C4]W[F4]B[C5]W[B3]B[C2]W[E6]B[" +
                                                         square_name(first) + "]"));
        opponent.send("go");
        const Move reply = parse_reply(read_until(opponent, "==="));
        opponent.send("quit");
        EXPECT_EQ(opponent.wait_exit(), 0);
        std::this_thread::sleep_for(1000ms);
        engine.send("move " + square_name(reply));
        engine.send("go");
        std::vector<std::string> seen;
        EXPECT_EQ(read_until(engine, "===", &seen).rfind("=== ", 0), 0u);
        for (const std::string& line : seen)
            if (line.rfind("nodestats ", 0) == 0) nodes[ponder] = std::stoull(line.substr(10));
        engine.send("quit");
        EXPECT_EQ(engine.wait_exit(), 0);
    }
    EXPECT_GT(nodes[0], 0u);
    EXPECT_LT(nodes[1], nodes[0]) << "with ponder " << nodes[1] << ", without " << nodes[0];
}

TEST(Nboard, QuitAndEofEndASearch) {
    for (const bool quit : {true, false}) {
        EngineProcess engine = start_nboard("2", false);
        engine.send("nboard 2");
        engine.send("set depth 40");
        engine.send("set game " + ggf(kStartBoard, "B[F5]"));
        engine.send("ping 1");
        engine.send("hint 4");
        read_until(engine, "search ");
        const auto sent = std::chrono::steady_clock::now();
        if (quit)
            engine.send("quit");
        else
            engine.close_input();
        EXPECT_EQ(engine.wait_exit(5s), 0);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count();
        std::fprintf(stderr, "%s mid-search: exit after %.1f ms\n", quit ? "quit" : "EOF", ms);
    }
}

TEST(Nboard, LearnSetContemptAndUnknownCommands) {
    EngineProcess engine = start_nboard();
    engine.send("nboard 2");
    engine.send("set contempt 100");
    engine.send("set frobnicate 7");
    engine.send("new");
    engine.send("remove_tree");
    engine.send("");
    engine.send("learn");
    EXPECT_EQ(*engine.read_line(), "set myname Tempo");
    EXPECT_EQ(*engine.read_line(), "status");
    EXPECT_EQ(*engine.read_line(), "learned");
}

// 10,000 garbled lines: never a crash or a hang, and the game state survives.
TEST(Nboard, GarbageNeverBreaksTheSession) {
    EngineProcess engine = start_nboard("1");
    engine.send("nboard 2");
    engine.send("set game " + ggf(kStartBoard, "B[F5]W[D6]"));
    std::mt19937 random(12345);
    const std::vector<std::string> templates = {"move",
                                                "move Z9",
                                                "move D3",
                                                "move F5",
                                                "move PA",
                                                "move //",
                                                "move C3/abc/1e400",
                                                "set game",
                                                "set game (;GM[Othello]BO[8 ---",
                                                "set game (;GM[Othello]]]B[F5];)",
                                                "set game ((;;))",
                                                "set depth",
                                                "set depth -5",
                                                "set depth 99999999999999999999",
                                                "hint",
                                                "hint x",
                                                "hint -1",
                                                "ping",
                                                "ping abc",
                                                "set contempt",
                                                "go now",
                                                "analyze please",
                                                "set",
                                                "nboard",
                                                "\x01\x02\xff\xfe",
                                                "learnx",
                                                "quitx",
                                                "set game (;GM[Othello]B[F5;)",
                                                "set game (;GM[Othello][[B[F5;)",
                                                "set game (;GM[Othello][[[[B[F5;)"};
    std::string batch;
    for (int i = 0; i < 10000; ++i) {
        std::string line = testing::garbled_line(random, templates, 'x');
        for (char& c : line)
            if (c == '\n' || c == 'q') c = ' ';  // keep one line each, and no accidental quit
        // Requests that start searches are replaced: the test is about parsing, not thinking.
        if (line.rfind("go", 0) == 0 || line.rfind("hint", 0) == 0 || line.rfind("analyze", 0) == 0) line = "# " + line;
        batch += line + "\n";
    }
    // Then a known position (the garbage may have moved it) and a sync. Written from another
    // thread: the status replies must be read meanwhile or both pipes fill up.
    batch += "set game " + ggf(kStartBoard, "B[F5]W[D6]") + "\nset depth 2\nping 424242\n";
    std::thread writer([&] { engine.write_raw(batch); });
    std::vector<std::string> seen;
    read_until(engine, "pong 424242", &seen, 30s);
    writer.join();
    for (const std::string& line : seen) {
        const std::string word = line.substr(0, line.find(' '));
        EXPECT_TRUE(word == "status" || word == "set" || word == "pong" || word == "learned" || word == "===" ||
                    word == "search" || word == "nodestats" || word == "analysis")
            << line.substr(0, 80);
    }
    engine.send("go");
    EXPECT_TRUE(parse_transcript("f5d6").is_legal(parse_reply(read_until(engine, "==="))));
}

}  // namespace
}  // namespace tempo
