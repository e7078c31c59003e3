#include "protocol/console.hpp"

#include <cctype>
#include <random>
#include <string>
#include <string_view>

#include "engine/notation.hpp"
#include "engine/text.hpp"

namespace tempo::protocol {

namespace {

constexpr const char* kHelp =
    "Commands: a square such as f5 to move, undo, redo, new, hint, level easy|normal|hard|1..60,\n"
    "variant 8x8|6x6|anti, side black|white|random (starts a new game), board, help, quit.\n"
    "While Tempo thinks, 'stop' makes it move at once.";

std::string lower_trimmed(std::string_view text) {
    std::string printable;
    for (char c : text)
        if (static_cast<unsigned char>(c) >= 32) printable += c;
    return to_lower(trim(printable));
}

const char* color_name(Color color) { return color == Color::kBlack ? "Black" : "White"; }

class Console {
public:
    Console(Session& session, InputQueue& input, const ConsoleOptions& options)
        : session_(session), input_(input), out_(session.output()), options_(options) {}

    int run();

private:
    void new_game();
    void draw() const;
    void announce_result() const;
    void engine_move();
    // Says `announcement`, then searches the current position at the session's level and waits.
    SearchResult think(const std::string& announcement);
    // Handles one line typed by the person; false to quit.
    bool command(const std::string& line);
    void undo_to_person();
    void redo_to_person();
    Color choose_side(const std::string& side);
    std::string disc(char symbol) const;

    Session& session_;
    InputQueue& input_;
    LineOutput& out_;
    ConsoleOptions options_;
    Color person_ = Color::kBlack;
    std::mt19937 random_{std::random_device{}()};
};

Color Console::choose_side(const std::string& side) {
    if (side == "black" || side == "b") return Color::kBlack;
    if (side == "white" || side == "w") return Color::kWhite;
    return random_() % 2 ? Color::kBlack : Color::kWhite;  // drawn at random, as on the game sites
}

void Console::new_game() {
    session_.new_game();
    person_ = choose_side(options_.side);
    out_.line(std::string("New ") + session_.variant().name() + " game, level " + session_.level() + ". You play " +
              color_name(person_) + (person_ == Color::kBlack ? " (X) and move first." : " (O)."));
}

std::string Console::disc(char symbol) const {
    if (!options_.color) return std::string(1, symbol);
    switch (symbol) {
        case 'X':
            return "\033[1;30;42mX\033[0m";
        case 'O':
            return "\033[1;97;42mO\033[0m";
        case '.':
            return "\033[33;42m.\033[0m";
        default:
            return "\033[32;42m-\033[0m";
    }
}

void Console::draw() const {
    const Game& game = session_.game();
    const Geometry geometry = game.variant().geometry;
    const bool marks = !game.is_over() && game.to_move() == person_;
    const std::string plain = board_diagram(game.position(), geometry, marks ? game.legal_moves() : 0);
    std::string text;
    for (char c : plain) text += (c == 'X' || c == 'O' || c == '.' || c == '-') ? disc(c) : std::string(1, c);
    text += "Black (X) " + std::to_string(game.black_discs()) + "  White (O) " + std::to_string(game.white_discs());
    if (!game.is_over())
        text +=
            std::string("  ") + color_name(game.to_move()) + " to move" + (game.to_move() == person_ ? " (you)" : "");
    out_.line(text);
}

void Console::announce_result() const {
    const Game& game = session_.game();
    const DiscCount count = game.final_count_black_white();
    const int margin = game.black_margin();
    std::string text = "Game over. Final count (official, empties to the winner" +
                       std::string(game.variant().rules == Rules::kAnti ? "; anti: fewer discs win" : "") +
                       "): Black " + std::to_string(count.mine) + " - White " + std::to_string(count.theirs) + ". ";
    if (margin == 0)
        text += "Draw.";
    else
        text += std::string(margin > 0 ? "Black" : "White") + " wins by " + std::to_string(std::abs(margin)) + ".";
    const bool person_won = (margin > 0) == (person_ == Color::kBlack);
    if (margin != 0) text += person_won ? " You win!" : " Tempo wins.";
    out_.line(text + " Type 'new' to play again or 'quit'.");
}

SearchResult Console::think(const std::string& announcement) {
    out_.line(announcement);
    const Game position = session_.game();
    const Level level = session_.current_level();
    SearchResult result;
    session_.start([&result, position, level](SearchJob& job) { result = job.play(position, level); });
    session_.wait();
    return result;
}

void Console::engine_move() {
    Game& game = session_.game();
    if (game.must_pass()) {
        out_.line("Tempo has no move and passes.");
        game.play(kPass);
        return;
    }
    const SearchResult result = think("Tempo is thinking...");
    Move move = result.best;
    if (move == kNoMove || !game.is_legal(move)) move = first_square(game.legal_moves());
    game.play(move);
    out_.line("Tempo plays " + square_name(move, game.variant().geometry) + (result.book ? " from its book" : "") +
              " (expects " + (result.score >= 0 ? "+" : "") + std::to_string(result.score) + ").");
}

void Console::undo_to_person() {
    Game& game = session_.game();
    if (!game.undo()) {
        out_.line("Nothing to undo.");
        return;
    }
    while ((game.to_move() != person_ || game.must_pass()) && game.undo()) {
    }
}

void Console::redo_to_person() {
    Game& game = session_.game();
    if (!game.redo()) {
        out_.line("Nothing to redo.");
        return;
    }
    while ((game.to_move() != person_ || game.must_pass()) && !game.is_over() && game.redo()) {
    }
}

bool Console::command(const std::string& line) {
    Game& game = session_.game();
    const std::size_t space = line.find(' ');
    const std::string word = line.substr(0, space);
    const std::string argument = space == std::string::npos ? "" : lower_trimmed(line.substr(space + 1));
    if (word == "quit" || word == "exit" || word == "q") return false;
    if (word.empty() || word == "board" || word == "stop") {
        draw();
    } else if (word == "help" || word == "?") {
        out_.line(kHelp);
    } else if (word == "new") {
        new_game();
        draw();
    } else if (word == "undo") {
        undo_to_person();
        draw();
    } else if (word == "redo") {
        redo_to_person();
        draw();
    } else if (word == "side") {
        options_.side = argument.empty() ? "random" : argument;
        new_game();
        draw();
    } else if (word == "level") {
        try {
            if (!argument.empty()) session_.set_level(argument);
            out_.line("Level " + session_.level() + ".");
        } catch (const ParseError& e) {
            out_.line(std::string("? ") + e.what());
        }
    } else if (word == "variant") {
        try {
            session_.new_game(Variant::parse(argument));
            person_ = choose_side(options_.side);
            out_.line("New " + session_.variant().name() + " game. You play " + color_name(person_) + ".");
            draw();
        } catch (const ParseError& e) {
            out_.line(std::string("? ") + e.what());
        }
    } else if (word == "hint") {
        if (game.is_over() || game.to_move() != person_) return out_.line("No hint: it is not your move."), true;
        const SearchResult result = think("Thinking...");
        if (result.best != kNoMove)
            out_.line("Hint: " + move_name(result.best, game.variant().geometry) + " (expected final margin " +
                      (result.score >= 0 ? "+" : "") + std::to_string(result.score) + ").");
    } else {
        if (game.is_over()) return out_.line("The game is over: type 'new' or 'quit'."), true;
        if (game.to_move() != person_) return out_.line("Wait: it is Tempo's move."), true;
        try {
            const Move move = parse_move(word, game.variant().geometry);
            if (!game.play(move)) out_.line("Illegal move " + word + ": the marked squares ('.') are legal.");
        } catch (const ParseError&) {
            out_.line("Unknown command '" + word.substr(0, 20) + "'. " + kHelp);
        }
    }
    return true;
}

int Console::run() {
    // Runs on the reader thread: lets the person stop the engine's search or quit while it thinks.
    input_.set_arrival_hook([this](const InputLine* line) {
        if (!line) return session_.hurry();
        const std::string word = lower_trimmed(line->text);
        if (word == "stop")
            session_.interrupt();
        else if (word == "quit" || word == "exit" || word == "q")
            session_.hurry();
    });
    out_.line("Tempo: Othello. " + std::string(kHelp));
    new_game();
    draw();
    bool announced = false;
    while (!out_.broken()) {
        Game& game = session_.game();
        if (game.is_over()) {
            if (!announced) announce_result();
            announced = true;
        } else {
            announced = false;
            if (game.to_move() != person_) {
                engine_move();
                draw();
                continue;
            }
            if (game.must_pass()) {
                out_.line("You have no move and pass.");
                game.play(kPass);
                continue;
            }
        }
        out_.raw("> ");
        const auto line = input_.next();
        if (!line) break;
        if (line->too_long) {
            out_.line("? line too long");
            continue;
        }
        if (!command(lower_trimmed(line->text))) break;
    }
    input_.set_arrival_hook(nullptr);
    session_.cancel();
    out_.line("");
    return 0;
}

}  // namespace

int run_console(Session& session, InputQueue& input, const ConsoleOptions& options) {
    return Console(session, input, options).run();
}

}  // namespace tempo::protocol
