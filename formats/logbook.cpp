#include "formats/logbook.hpp"

#include <cctype>

#include "engine/notation.hpp"
#include "engine/text.hpp"

namespace tempo {

namespace {

std::string color_name(Color color) { return color == Color::kBlack ? "black" : "white"; }

// Reads an optionally signed integer of at most 3 digits at `pos`; false if there is none.
bool read_integer(std::string_view text, std::size_t& pos, int& value) {
    std::size_t i = pos;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const std::size_t digits = i;
    value = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - digits < 3)
        value = value * 10 + (text[i++] - '0');
    if (i == digits) return false;
    if (negative) value = -value;
    pos = i;
    return true;
}

// The move with its number, for errors.
std::string move_label(std::size_t index, Move move) {
    return "move " + std::to_string(index + 1) + " (" + move_name(move) + ")";
}

}  // namespace

LogbookGame parse_logbook_line(std::string_view line) {
    line = trim_right(line);
    if (line.size() > 1000) throw ParseError("logbook line too long: " + std::to_string(line.size()) + " characters");
    LogbookGame game;
    Game replay;
    std::size_t pos = 0;
    while (pos < line.size() && line[pos] != ':') {
        const char mark = line[pos];
        if (mark != '+' && mark != '-')
            throw ParseError("expected '+' (black) or '-' (white) before move " +
                             std::to_string(game.moves.size() + 1) + ", found " + quoted_input(line.substr(pos, 1)) +
                             " at column " + std::to_string(pos + 1));
        if (pos + 3 > line.size())
            throw ParseError("truncated line: move " + std::to_string(game.moves.size() + 1) + " is cut off");
        Move move;
        try {
            move = parse_move(line.substr(pos + 1, 2));
        } catch (const ParseError& e) {
            throw ParseError("move " + std::to_string(game.moves.size() + 1) + ": " + e.what());
        }
        if (move == kPass)
            throw ParseError("move " + std::to_string(game.moves.size() + 1) +
                             ": passes are not written in logbook lines");
        const Color color = mark == '+' ? Color::kBlack : Color::kWhite;
        if (replay.must_pass()) replay.play(kPass);
        if (replay.to_move() != color)
            throw ParseError(move_label(game.moves.size(), move) + " is marked " + color_name(color) + " ('" + mark +
                             "') but " + color_name(replay.to_move()) + " is to move");
        if (!replay.play(move))
            throw ParseError(move_label(game.moves.size(), move) + " is illegal for " + color_name(color) +
                             (replay.is_over() ? ": the game is already over" : ""));
        game.moves.push_back(move);
        pos += 3;
    }
    if (pos >= line.size()) throw ParseError("truncated line: no ':' and final score after the moves");
    ++pos;
    while (pos < line.size() && line[pos] == ' ') ++pos;
    if (!read_integer(line, pos, game.black_minus_white))
        throw ParseError("bad final score " + quoted_input(line.substr(pos)) +
                         " after ':' (expected a number such as -04)");
    if (game.black_minus_white < -64 || game.black_minus_white > 64)
        throw ParseError("final score " + std::to_string(game.black_minus_white) + " outside -64..64");
    while (pos < line.size() && line[pos] == ' ') ++pos;
    int extra = 0;
    if (pos < line.size() && !read_integer(line, pos, extra))
        throw ParseError("unexpected text after the score: " + quoted_input(line.substr(pos)));
    if (pos < line.size())
        throw ParseError("unexpected text at the end of the line: " + quoted_input(line.substr(pos)));
    return game;
}

Game replay_logbook(const LogbookGame& game) {
    Game replay;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        if (replay.must_pass()) replay.play(kPass);
        if (!replay.play(game.moves[i]))
            throw ParseError(move_label(i, game.moves[i]) + " is illegal for " + color_name(replay.to_move()) +
                             (replay.is_over() ? ": the game is already over" : ""));
    }
    return replay;
}

}  // namespace tempo
