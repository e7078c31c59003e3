// GTP sessions against the real `tempo` binary over pipes (see protocol/GTP.md):
// framing, the Quarry and gtp-rhino traffic, a full game against gtp-rhino, garbage input.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "tests/protocol/engine_process.hpp"
#include "tests/protocol/garbled_lines.hpp"

namespace tempo {
namespace {

using testing::EngineProcess;
using namespace std::chrono_literals;

constexpr const char* kRhino = "/usr/games/gtp-rhino";

EngineProcess start_gtp(const std::string& level = "2") {
    return EngineProcess({TEMPO_BINARY, "gtp", "--level", level, "--hash", "16"});
}

// One GTP response: its lines up to (not including) the blank line that ends it.
std::vector<std::string> response(EngineProcess& engine) {
    std::vector<std::string> lines;
    while (const auto line = engine.read_line(20s)) {
        if (line->empty()) return lines;
        lines.push_back(*line);
    }
    ADD_FAILURE() << "response not terminated by a blank line";
    return lines;
}

// Sends a command and returns the first line of its response ("= ..." or "? ...").
std::string ask(EngineProcess& engine, const std::string& command) {
    engine.send(command);
    const auto lines = response(engine);
    if (lines.empty()) {
        ADD_FAILURE() << "empty response to " << command;
        return "";
    }
    return lines.front();
}

// The commands and answers of a recorded session: "<command_mark>cmd", then the response lines
// "<answer_mark>line" up to the blank one.
struct Exchange {
    std::string command, answer;        // answer: the first line of the response
    std::vector<std::string> response;  // every line of it
};
std::vector<Exchange> read_log(const std::string& path, const std::string& command_mark,
                               const std::string& answer_mark) {
    std::ifstream in(path);
    EXPECT_TRUE(in) << path;
    std::vector<Exchange> log;
    std::string line;
    bool open = false;
    while (std::getline(in, line)) {
        if (line.rfind(command_mark, 0) == 0) {
            log.push_back({line.substr(command_mark.size()), "", {}});
            open = true;
        } else if (open && line.rfind(answer_mark.substr(0, answer_mark.size() - 1), 0) == 0) {
            const std::string text = line.size() >= answer_mark.size() ? line.substr(answer_mark.size()) : "";
            if (text.empty() || text == "(blank line)") {
                open = false;
                continue;
            }
            if (log.back().response.empty()) log.back().answer = text;
            log.back().response.push_back(text);
        } else {
            open = false;
        }
    }
    return log;
}

// Sends a command and returns every line of its response.
std::vector<std::string> ask_all(EngineProcess& engine, const std::string& command) {
    engine.send(command);
    return response(engine);
}

TEST(Gtp, FramingAndHandshake) {
    EngineProcess engine = start_gtp();
    EXPECT_EQ(ask(engine, "protocol_version"), "= 2");
    EXPECT_EQ(ask(engine, "7 name"), "=7 Tempo");
    EXPECT_EQ(ask(engine, "8 play black z9"), "?8 syntax error");
    EXPECT_EQ(ask(engine, "  list_games  # comment"), "= Othello");
    EXPECT_EQ(ask(engine, "set_game Othello"), "=");
    EXPECT_EQ(ask(engine, "set_game Go"), "? unsupported game");
    EXPECT_EQ(ask(engine, "boardsize 10"), "? unacceptable size");
    EXPECT_EQ(ask(engine, "known_command genmove"), "= true");
    EXPECT_EQ(ask(engine, "known_command final_status_list"), "= false");
    EXPECT_EQ(ask(engine, "frobnicate"), "? unknown command");
    // A blank line and a comment get no response at all; CRLF is accepted.
    engine.send("");
    engine.send("# nothing");
    EXPECT_EQ(ask(engine, "name\r"), "= Tempo");
    // list_commands: one command per line, none empty or with a space (Quarry's check).
    engine.send("list_commands");
    auto lines = response(engine);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0].substr(0, 2), "= ");
    lines[0] = lines[0].substr(2);
    for (const char* name : {"list_games", "set_game", "genmove", "final_score", "level"})
        EXPECT_NE(std::find(lines.begin(), lines.end(), name), lines.end()) << name;
    for (const std::string& line : lines) EXPECT_TRUE(!line.empty() && line.find(' ') == std::string::npos) << line;
    EXPECT_EQ(ask(engine, "quit"), "=");
    EXPECT_EQ(engine.wait_exit(), 0);
}

// The gtp-rhino transcript's commands, answered as gtp-rhino answers them wherever the answer does
// not come from a search; Tempo's own genmove choices are checked for legality and then replaced
// by gtp-rhino's move (undo + play) so the rest of the transcript applies unchanged.
TEST(Gtp, RhinoTranscriptCommands) {
    const auto log = read_log(TEMPO_PROTOCOL_DATA "/grhino-gtp-transcript.txt", ">> ", "<< ");
    ASSERT_GT(log.size(), 80u);
    EngineProcess engine = start_gtp("1");
    Game game;  // our own referee, following the replayed moves
    for (const Exchange& e : log) {
        if (e.command.rfind("grhino-setup_board", 0) == 0) break;  // a gtp-rhino extension sets up the rest
        if (e.command.rfind("grhino-", 0) == 0 || e.command == "list_commands" || e.command == "name" ||
            e.command == "version")
            continue;  // gtp-rhino's own
        const auto lines = ask_all(engine, e.command);
        ASSERT_FALSE(lines.empty()) << e.command;
        const std::string& answer = lines[0];
        std::istringstream words(e.command);
        std::string name, color, vertex;
        words >> name >> color >> vertex;
        if (e.command == "7 name") {
            EXPECT_EQ(answer, "=7 Tempo");
        } else if (e.command == "genmove white" && e.answer == "= pass" && !game.is_over() && !game.must_pass()) {
            EXPECT_EQ(answer, "? wrong color");  // gtp-rhino answers pass here; gtp.md §2.3 prefers an error
        } else if (name == "genmove" && e.answer.rfind("= ", 0) == 0 && e.answer != "= pass") {
            ASSERT_EQ(answer.substr(0, 2), "= ") << e.command;
            Game check = game;
            if (check.must_pass()) check.play(kPass);
            EXPECT_TRUE(check.is_legal(parse_move(answer.substr(2)))) << e.command << " -> " << answer;
            EXPECT_EQ(ask(engine, "undo"), "=");
            EXPECT_EQ(ask(engine, "play " + color + " " + e.answer.substr(2)), "=");
            if (game.must_pass()) game.play(kPass);
            game.play(parse_move(e.answer.substr(2)));
        } else if (e.command == "play black pass") {
            EXPECT_EQ(answer, "? illegal move");  // black can move; gtp-rhino rejects any pass as syntax
        } else if (e.command == "play white pass") {
            EXPECT_EQ(answer, "? illegal move");  // white's pass is already on record (genmove white)
        } else {
            EXPECT_EQ(lines, e.response) << e.command;
            if (name == "clear_board") game = Game();
            if (name == "genmove" && answer == "= pass" && game.must_pass()) game.play(kPass);
            if (name == "play" && answer == "=") {
                if (game.must_pass()) game.play(kPass);
                game.play(parse_move(vertex));
            }
            if (name == "undo" && answer == "=") game.undo();
        }
    }
}

// Quarry's own logs of a real game (two engines, implicit passes): replayed command by command.
TEST(Gtp, QuarryTraffic) {
    for (const char* side : {"black", "white"}) {
        const auto log =
            read_log(std::string(TEMPO_PROTOCOL_DATA "/quarry-gtp-log-") + side + "-engine.txt", "> ", "  ");
        ASSERT_GT(log.size(), 30u);
        EngineProcess engine = start_gtp("1");
        Game game;
        for (const Exchange& e : log) {
            engine.send(e.command);
            const auto lines = response(engine);
            ASSERT_FALSE(lines.empty()) << e.command;
            const std::string& answer = lines[0];
            if (e.command == "protocol_version" || e.command == "list_games" || e.command.rfind("set_game", 0) == 0 ||
                e.command.rfind("boardsize", 0) == 0 || e.command == "clear_board") {
                EXPECT_EQ(answer, e.answer) << e.command;
            } else if (e.command.rfind("play ", 0) == 0) {
                // Quarry replays its game: with implicit passes, every move is accepted.
                EXPECT_EQ(answer, "=") << e.command;
                const Move move = parse_move(e.command.substr(e.command.rfind(' ') + 1));
                if (game.must_pass()) game.play(kPass);
                ASSERT_TRUE(game.play(move));
            } else if (e.command.rfind("genmove ", 0) == 0) {
                // Tempo's own choice: legal for the asked colour; the log's move then goes on record
                // by undoing ours and playing Quarry's, so the rest of the log stays consistent.
                ASSERT_EQ(answer.substr(0, 2), "= ") << e.command;
                const Move ours = parse_move(answer.substr(2));
                Game check = game;
                if (check.must_pass()) check.play(kPass);
                EXPECT_TRUE(check.is_legal(ours)) << e.command << " -> " << answer;
                EXPECT_EQ(ask(engine, "undo"), "=");
                const std::string color = e.command.substr(8);
                EXPECT_EQ(ask(engine, "play " + color + " " + e.answer.substr(2)), "=") << e.answer;
                if (game.must_pass()) game.play(kPass);
                ASSERT_TRUE(game.play(parse_move(e.answer.substr(2))));
            }
        }
        EXPECT_EQ(ask(engine, "showboard").substr(0, 12), "= Game ended");
        // Quarry's record: B+42 for GRhino L3 (black); the official count.
        EXPECT_EQ(ask(engine, "final_score"), "= B+42");
    }
}

TEST(Gtp, PassesBothConventions) {
    // The transcript's game up to White's forced pass.
    const std::string moves =
        "E6 F6 F5 D6 C5 F4 D7 C6 E7 C4 G3 F3 B5 E8 B3 C8 F7 C7 G5 G4 D3 B6 G6 F8 H3 E3 A6 B4 C3 A4 A5 A7 F2 G2 H1 "
        "H2 E2 H5 H6 H4 G7 A2 A3 G8 A8 H7 H8 D1 A1 G1 F1 D2 E1 C1 C2 B1 B2";
    EngineProcess engine = start_gtp("1");
    std::istringstream in(moves);
    std::string move;
    bool black = true;
    while (in >> move) {
        ASSERT_EQ(ask(engine, std::string("play ") + (black ? "black " : "white ") + move), "=") << move;
        black = !black;
    }
    // White must pass: explicit pass accepted, and undone; implicit (black plays again) accepted.
    EXPECT_EQ(ask(engine, "play black B8"), "=");
    EXPECT_EQ(ask(engine, "undo"), "=");
    EXPECT_EQ(ask(engine, "genmove white"), "= pass");
    EXPECT_EQ(ask(engine, "play black B8"), "=");
    EXPECT_EQ(ask(engine, "play white D8"), "=");
    EXPECT_EQ(ask(engine, "play black pass"), "? illegal move");  // black can move (B7)
    EXPECT_EQ(ask(engine, "play black B7"), "=");
    EXPECT_EQ(ask(engine, "genmove white"), "= pass");
    EXPECT_EQ(ask(engine, "genmove black"), "= pass");
    EXPECT_EQ(ask(engine, "final_score"), "= B+26");
    EXPECT_EQ(ask(engine, "komi 2.5"), "=");
    EXPECT_EQ(ask(engine, "final_score"), "= B+23.5");
    EXPECT_EQ(ask(engine, "gogui-rules_final_result"), "= B+26");
    EXPECT_EQ(ask(engine, "gogui-rules_legal_moves"), "=");
}

TEST(Gtp, SixBySixAndLevels) {
    EngineProcess engine = start_gtp("1");
    EXPECT_EQ(ask(engine, "boardsize 6"), "=");
    EXPECT_EQ(ask(engine, "gogui-rules_board_size"), "= 6");
    EXPECT_EQ(ask(engine, "play black g7"), "? syntax error");
    EXPECT_EQ(ask(engine, "level easy"), "=");
    EXPECT_EQ(ask(engine, "level 61"), "? syntax error: expected easy, normal, hard or a depth 1..60");
    EXPECT_EQ(ask(engine, "level 3"), "=");
    EXPECT_EQ(ask(engine, "level"), "= 3");
    Game game(Variant{Geometry::k6x6, Rules::kStandard});
    while (!game.is_over()) {
        const std::string color = game.to_move() == Color::kBlack ? "black" : "white";
        const std::string answer = ask(engine, "genmove " + color);
        if (game.must_pass()) {
            EXPECT_EQ(answer, "= pass");
            game.play(kPass);
            continue;
        }
        ASSERT_EQ(answer.substr(0, 2), "= ");
        ASSERT_TRUE(game.play(parse_move(answer.substr(2), Geometry::k6x6))) << answer;
    }
    const int margin = game.black_margin();
    EXPECT_EQ(ask(engine, "final_score"),
              margin == 0 ? "= 0" : std::string("= ") + (margin > 0 ? "B+" : "W+") + std::to_string(std::abs(margin)));
}

// A full game against gtp-rhino (level 1) through the GTP layer, both engines scoring it.
// The depth of the last genmove's search, from `tempo-last_search` ("= depth D ..."); -1 if unreadable.
int last_search_depth(EngineProcess& engine) {
    const std::string reply = ask(engine, "tempo-last_search");
    int depth = -1;
    return std::sscanf(reply.c_str(), "= depth %d", &depth) == 1 ? depth : -1;
}

// Without --level a controller's clock governs: at one second a move (byo-yomi, one stone per
// period) genmove searches deeper than the default level's 8 plies. An explicit --level normal,
// or the `level` command, keeps its 8 plies under the same clock.
TEST(Gtp, TheClockGovernsUnlessALevelIsChosen) {
    for (const std::string& how : {std::string("default"), std::string("--level"), std::string("level")}) {
        std::vector<std::string> argv{TEMPO_BINARY, "gtp", "--hash", "16", "--no-book"};
        if (how == "--level") argv.insert(argv.end(), {"--level", "normal"});
        EngineProcess engine(argv);
        if (how == "level") {
            EXPECT_EQ(ask(engine, "level normal"), "=");
        }
        EXPECT_EQ(ask(engine, "tempo-last_search"), "? no search yet");
        EXPECT_EQ(ask(engine, "time_settings 0 1 1"), "=");
        const std::string move = ask(engine, "genmove black");
        EXPECT_TRUE(Game().is_legal(parse_move(move.substr(2)))) << move;
        const int depth = last_search_depth(engine);
        if (how == "default") {
            EXPECT_GT(depth, 8);
        } else {
            EXPECT_EQ(depth, 8) << how;
        }
        engine.send("quit");
        EXPECT_EQ(engine.wait_exit(), 0);
    }
}

// The move another engine (tempo at level 12) plays in `game`: the opponent of the ponder tests.
std::string opponent_reply(const Game& game) {
    EngineProcess opponent({TEMPO_BINARY, "gtp", "--level", "12", "--hash", "16", "--no-book"});
    for (std::size_t i = 0; i < game.moves().size(); ++i)
        EXPECT_EQ(ask(opponent, std::string(i % 2 ? "play w " : "play b ") + square_name(game.moves()[i])), "=");
    const std::string move = ask(opponent, game.to_move() == Color::kBlack ? "genmove b" : "genmove w");
    opponent.send("quit");
    EXPECT_EQ(opponent.wait_exit(), 0);
    return move.substr(2);
}

// --ponder: after its move the engine searches the opponent's position until the next command
// that needs it, and the next genmove at a fixed depth starts from what that search stored: the
// same position, fewer nodes than without pondering (at full speed, 4-20 times fewer).
TEST(Gtp, PonderingOnTheOpponentsTimeSavesTheNextSearch) {
    std::uint64_t nodes[2] = {0, 0};
    for (const bool ponder : {false, true}) {
        std::vector<std::string> argv{TEMPO_BINARY, "gtp", "--level", "12", "--hash", "16", "--no-book"};
        if (ponder) argv.push_back("--ponder");
        EngineProcess engine(argv);
        Game game = parse_transcript("f5d6c3d3c4f4c5b3c2e6");
        for (std::size_t i = 0; i < game.moves().size(); ++i)
            EXPECT_EQ(ask(engine, std::string(i % 2 ? "play w " : "play b ") + square_name(game.moves()[i])), "=");
        const std::string first = ask(engine, "genmove b");
        ASSERT_EQ(first.rfind("= ", 0), 0u) << first;
        ASSERT_TRUE(game.play(parse_move(first.substr(2))));
        const std::string reply = opponent_reply(game);  // the opponent thinks meanwhile
        std::this_thread::sleep_for(1000ms);
        EXPECT_EQ(ask(engine, "showboard").substr(0, 1), "=");  // a command on the way stops nothing
        EXPECT_EQ(ask(engine, "play w " + reply), "=");
        const std::string move = ask(engine, "genmove b");
        EXPECT_EQ(move.substr(0, 2), "= ");
        const std::string last = ask(engine, "tempo-last_search");
        unsigned long long count = 0;
        EXPECT_EQ(std::sscanf(last.c_str(), "= depth 12 nodes %llu", &count), 1) << last;
        nodes[ponder] = count;
        engine.send("quit");
        EXPECT_EQ(engine.wait_exit(), 0);
    }
    EXPECT_LT(nodes[1], nodes[0]) << "with ponder " << nodes[1] << ", without " << nodes[0];
}

TEST(Gtp, FullGameAgainstGtpRhino) {
    ASSERT_EQ(access(kRhino, X_OK), 0) << kRhino << " missing: tools/install-deps.sh installs grhino";
    for (const bool tempo_black : {true, false}) {
        EngineProcess tempo = start_gtp("1");
        EngineProcess rhino({kRhino, "-l", "1"});
        for (EngineProcess* e : {&tempo, &rhino}) {
            EXPECT_EQ(ask(*e, "set_game Othello"), "=");
            EXPECT_EQ(ask(*e, "boardsize 8"), "=");
            EXPECT_EQ(ask(*e, "clear_board"), "=");
        }
        Game game;
        int moves = 0;
        while (!game.is_over()) {
            if (game.must_pass()) {  // implicit passes: the other side simply moves again
                game.play(kPass);
                continue;
            }
            const bool black = game.to_move() == Color::kBlack;
            const std::string color = black ? "black" : "white";
            EngineProcess& mover = (black == tempo_black) ? tempo : rhino;
            EngineProcess& other = (black == tempo_black) ? rhino : tempo;
            const std::string answer = ask(mover, "genmove " + color);
            ASSERT_EQ(answer.substr(0, 2), "= ") << answer;
            const Move move = parse_move(answer.substr(2));
            ASSERT_TRUE(game.play(move)) << color << " " << answer;
            ASSERT_EQ(ask(other, "play " + color + " " + answer.substr(2)), "=");
            ++moves;
        }
        const int margin = game.black_margin();
        const std::string expected =
            margin == 0 ? "= 0" : std::string("= ") + (margin > 0 ? "B+" : "W+") + std::to_string(std::abs(margin));
        EXPECT_EQ(ask(tempo, "final_score"), expected);
        EXPECT_EQ(ask(rhino, "final_score"), expected);
        std::fprintf(stderr, "Tempo (%s, level 1) vs gtp-rhino -l 1: %d moves, %s\n", tempo_black ? "black" : "white",
                     moves, expected.c_str() + 2);
    }
}

// 10,000 garbled lines: every one answered with '=' or '?' (or ignored when blank), no crash or
// hang, and the game state survives.
TEST(Gtp, GarbageNeverBreaksTheSession) {
    EngineProcess engine = start_gtp("1");
    EXPECT_EQ(ask(engine, "play black f5"), "=");
    std::mt19937 random(4242);
    const std::vector<std::string> templates = {"play",
                                                "play black",
                                                "play black z9",
                                                "play purple f5",
                                                "play white f5",
                                                "play black d4",
                                                "play black pass",
                                                "play w pass",
                                                "boardsize",
                                                "boardsize x",
                                                "komi",
                                                "komi nan",
                                                "komi 1e999",
                                                "time_settings 1 2",
                                                "time_left black x 0",
                                                "time_left purple 1 0",
                                                "known_command",
                                                "set_game",
                                                "level",
                                                "level hardest",
                                                "level 0",
                                                "undo",
                                                "final_score",
                                                "showboard",
                                                "list_games",
                                                "genmove",
                                                "genmove purple",
                                                "reg_genmove",
                                                "\x01\x02\xff\xfe",
                                                "gogui-rules_board",
                                                "99999999999999999999999 name"};
    int expected = 0;
    std::string batch;
    for (int i = 0; i < 10000; ++i) {
        std::string line = testing::garbled_line(random, templates, 'y');
        for (char& c : line)
            if (c == '\n' || c == '#' || c == 'q') c = 'z';  // one line each; no comments; no accidental quit
        // Keep state-changing commands out: the test checks the state afterwards.
        for (const char* change : {"play", "undo", "clear", "boardsize", "genmove", "reg_genmove", "komi", "level"})
            if (line.find(change) != std::string::npos) line = "frobnicate " + std::to_string(i);
        // Lines that are blank after GTP pre-processing (control characters dropped) get no response.
        bool blank = true;
        for (char c : line) {
            const auto u = static_cast<unsigned char>(c);
            blank &= u <= 32 || u == 127;
        }
        if (!blank) ++expected;
        batch += line + "\n";
    }
    batch += "showboard\n";
    ++expected;
    // Written from another thread: the responses must be read meanwhile or both pipes fill up.
    std::thread writer([&] { engine.write_raw(batch); });
    int responses = 0;
    std::string last;
    while (responses < expected) {
        const auto lines = response(engine);
        if (lines.empty() || (lines[0][0] != '=' && lines[0][0] != '?')) {
            ADD_FAILURE() << "bad response " << (lines.empty() ? "" : lines[0].substr(0, 80));
            break;
        }
        last = lines.size() > 6 ? lines[6] : "";
        ++responses;
    }
    writer.join();
    EXPECT_EQ(last, "  5 . . . X X X . .");  // f5 survived
    EXPECT_EQ(ask(engine, "genmove white").substr(0, 2), "= ");
}

}  // namespace
}  // namespace tempo
