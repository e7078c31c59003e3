// A tiny Othello engine for the match runner's tests: speaks GTP (default) or NBoard (--nboard),
// always plays the first legal move (lowest square), and on its N-th move request (--at N,
// default 1) misbehaves as --fail says:
//   illegal  answers a square that is not a legal move     crash    exits with status 3
//   hang     never answers                                 garbage  prints text that is no answer
//   resign   resigns (GTP) / passes with moves left (NBoard)
// With --fail none (default) it plays whole games correctly, passes included.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>

#include "formats/ggf.hpp"
#include "engine/notation.hpp"
#include "engine/text.hpp"

namespace {

using namespace tempo;

struct Config {
    bool nboard = false;
    std::string fail = "none";
    int at = 1;
};

// The move the engine chooses, or the misbehaviour; returns "" after handling a hang/crash itself.
std::string choose(const Game& game, const Config& config, int request) {
    const bool misbehave = config.fail != "none" && request == config.at;
    if (misbehave && config.fail == "crash") std::_Exit(3);
    if (misbehave && config.fail == "hang") {
        while (true) ::pause();
    }
    if (misbehave && config.fail == "garbage") return "\x01garbage";
    if (misbehave && config.fail == "resign") return config.nboard ? "PA" : "resign";
    const Bitboard legal = game.legal_moves();
    if (misbehave && config.fail == "illegal") return to_upper(square_name(first_square(~legal)));
    if (legal == 0) return config.nboard ? "PA" : "pass";
    return to_upper(square_name(first_square(legal)));
}

// `play`: applies a move for `color`, inserting the other side's pass when it is forced (implicit
// passes, gtp.md §2.3). False if illegal.
bool play_for(Game& game, Color color, Move move) {
    if (game.to_move() != color) {
        if (!game.must_pass()) return false;
        game.play(kPass);
    }
    return game.play(move);
}

void reply(const std::string& text) { std::cout << "= " << text << "\n\n" << std::flush; }

int run_gtp(const Config& config) {
    Game game;
    int requests = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string command, color_text, move_text;
        in >> command;
        if (command.empty()) continue;
        if (command == "quit") return reply(""), 0;
        if (command == "protocol_version")
            reply("2");
        else if (command == "name")
            reply("Fake");
        else if (command == "version")
            reply(config.fail);
        else if (command == "clear_board")
            game = Game(), reply("");
        else if (command == "play" || command == "genmove") {
            in >> color_text >> move_text;
            const Color color = color_text[0] == 'b' || color_text[0] == 'B' ? Color::kBlack : Color::kWhite;
            if (command == "play") {
                Move move = kNoMove;
                try {
                    move = parse_move(move_text);
                } catch (const ParseError&) {
                }
                if (play_for(game, color, move))
                    reply("");
                else
                    std::cout << "? illegal move\n\n" << std::flush;
                continue;
            }
            if (game.to_move() != color && game.must_pass()) game.play(kPass);  // implicit pass
            const std::string chosen = choose(game, config, ++requests);
            if (chosen == "\x01garbage") {
                std::cout << "I think therefore I am\n" << std::flush;
                continue;
            }
            if (chosen != "resign" && chosen != "pass") play_for(game, color, parse_move(chosen));
            reply(chosen);
        } else if (command == "boardsize" || command == "time_settings" || command == "time_left" || command == "komi")
            reply("");
        else
            std::cout << "? unknown command\n\n" << std::flush;
    }
    return 0;
}

int run_nboard(const Config& config) {
    Game game;
    int requests = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string command, argument;
        in >> command;
        if (command == "quit") return 0;
        if (command == "set") {
            in >> argument;
            if (argument == "depth") std::cout << "set myname FakeNboard\n" << std::flush;
            if (argument == "game") game = replay_ggf(parse_ggf(line.substr(line.find('('))));
        } else if (command == "move") {
            in >> argument;
            game.play(parse_move(argument.substr(0, argument.find('/'))));
        } else if (command == "ping") {
            in >> argument;
            std::cout << "pong " << argument << "\n" << std::flush;
        } else if (command == "go") {
            std::cout << "status thinking\nnodestats 1 0.00\n" << std::flush;
            const std::string chosen = choose(game, config, ++requests);
            if (chosen == "\x01garbage")
                std::cout << "=== zz9\n" << std::flush;
            else
                std::cout << "=== " << chosen << "/0.50/0.01\n" << std::flush;
        }
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    Config config;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--nboard"))
            config.nboard = true;
        else if (!std::strcmp(argv[i], "--fail") && i + 1 < argc)
            config.fail = argv[++i];
        else if (!std::strcmp(argv[i], "--at") && i + 1 < argc)
            config.at = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr,
                         "usage: fake_engine [--nboard] [--fail none|illegal|crash|hang|garbage|resign] [--at N]\n");
            return 2;
        }
    }
    return config.nboard ? run_nboard(config) : run_gtp(config);
}
