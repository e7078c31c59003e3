#include "engine/notation.hpp"

#include <algorithm>
#include <cctype>

#include "engine/text.hpp"

namespace tempo {

namespace {

bool is_separator(char c) { return is_space(c) || c == ',' || c == '-'; }

}  // namespace

int square_from_grid(int grid_index, Geometry geometry) {
    if (geometry == Geometry::k8x8) return grid_index;
    return (grid_index / 6 + 1) * 8 + grid_index % 6 + 1;
}

int grid_from_square(int square, Geometry geometry) {
    if (geometry == Geometry::k8x8) return square;
    return (square / 8 - 1) * 6 + square % 8 - 1;
}

std::string square_name(int square, Geometry geometry) {
    const int side = side_length(geometry);
    const int grid = grid_from_square(square, geometry);
    return {static_cast<char>('a' + grid % side), static_cast<char>('1' + grid / side)};
}

std::string move_name(Move move, Geometry geometry) { return move == kPass ? "pass" : square_name(move, geometry); }

Move parse_move(std::string_view text, Geometry geometry) {
    const std::string word = to_lower(text);
    if (word == "pass" || word == "pa" || word == "ps") return kPass;
    const int side = side_length(geometry);
    if (word.size() != 2 || word[0] < 'a' || word[0] >= 'a' + side || word[1] < '1' || word[1] >= '1' + side)
        throw ParseError("bad move " + quoted_input(text) + ": expected a square a1.." +
                         square_name(square_from_grid(side * side - 1, geometry), geometry) + " or pass");
    return square_from_grid((word[1] - '1') * side + (word[0] - 'a'), geometry);
}

std::string moves_text(const std::vector<Move>& moves, Geometry geometry) {
    std::string out;
    for (Move m : moves) {
        if (!out.empty()) out += ' ';
        out += move_name(m, geometry);
    }
    return out;
}

std::string transcript(const std::vector<Move>& moves, Geometry geometry) {
    std::string out;
    for (Move m : moves)
        if (m != kPass) out += square_name(m, geometry);
    return out;
}

void play_transcript(Game& game, std::string_view text) {
    std::size_t i = 0;
    int number = 0;
    while (true) {
        while (i < text.size() && is_separator(text[i])) ++i;
        if (i >= text.size()) return;
        std::size_t length = 2;
        if (to_lower(text.substr(i, 4)) == "pass") length = 4;
        const Move move = parse_move(text.substr(i, length), game.variant().geometry);
        ++number;
        if (move != kPass && game.must_pass()) game.play(kPass);  // passes may be left out
        if (!game.play(move))
            throw ParseError("move " + std::to_string(number) + " (" + move_name(move, game.variant().geometry) +
                             ") is illegal for " + (game.to_move() == Color::kBlack ? "black" : "white") +
                             (game.is_over() ? ": the game is already over" : ""));
        i += length;
    }
}

Game parse_transcript(std::string_view text, Variant variant) {
    Game game(variant);
    play_transcript(game, text);
    return game;
}

Position parse_board(std::string_view text, Geometry geometry, std::string_view* rest, BoardLayout layout) {
    const int squares = square_count(geometry);
    std::size_t i = 0;
    while (i < text.size() && is_space(text[i])) ++i;
    Bitboard black = 0, white = 0;
    int count = 0;
    for (; i < text.size() && count < squares; ++i) {
        const char c = text[i];
        if (is_space(c)) {
            if (layout == BoardLayout::kSpaced) continue;
            break;
        }
        const int square = square_from_grid(count, geometry);
        switch (c) {
            case 'X':
            case 'x':
            case '*':
            case 'B':
            case 'b':
                black |= square_bit(square);
                break;
            case 'O':
            case 'o':
            case 'W':
            case 'w':
            case '0':
                white |= square_bit(square);
                break;
            case '-':
            case '.':
            case '_':
                break;
            default:
                throw ParseError("bad board character " + quoted_input(text.substr(i, 1)) + " at square " +
                                 square_name(square, geometry) + " (position " + std::to_string(count + 1) + ")");
        }
        ++count;
    }
    if (count < squares)
        throw ParseError("board too short: " + std::to_string(count) + " squares, expected " +
                         std::to_string(squares) + " then the side to move");
    std::string_view tail = text.substr(i);
    if (layout == BoardLayout::kPacked && !tail.empty() && !is_space(tail[0]))
        throw ParseError("board too long or side missing: expected " + std::to_string(squares) +
                         " squares, then a space and the side to move, found " + quoted_input(tail));
    while (!tail.empty() && is_space(tail[0])) tail.remove_prefix(1);
    if (tail.empty())
        throw ParseError("no side to move after the " + std::to_string(squares) + " squares: expected X or O");
    std::size_t word_end = tail[0] == '*' || tail[0] == '0' ? 1 : 0;
    while (word_end < tail.size() && std::isalpha(static_cast<unsigned char>(tail[word_end]))) ++word_end;
    const std::string side = to_lower(tail.substr(0, word_end));
    Color to_move;
    if (side == "x" || side == "b" || side == "*" || side == "black")
        to_move = Color::kBlack;
    else if (side == "o" || side == "w" || side == "0" || side == "white")
        to_move = Color::kWhite;
    else if (layout == BoardLayout::kSpaced && side.empty() && (tail[0] == '-' || tail[0] == '.' || tail[0] == '_'))
        throw ParseError("board too long: more than " + std::to_string(squares) + " squares before the side to move");
    else
        throw ParseError("bad side to move " + quoted_input(tail.substr(0, 10)) + ": expected X or O");
    if (rest) *rest = tail.substr(word_end);
    return Position::from_colors(black, white, to_move);
}

Game parse_position_text(std::string_view text, Variant variant) {
    const auto cells = std::count_if(text.begin(), text.end(), [](unsigned char c) { return !std::isspace(c); });
    if (cells >= variant.squares()) {
        try {
            std::string_view rest;
            const Position position = parse_board(text, variant.geometry, &rest);
            const auto extra = rest.find_first_not_of(" \t\r\n");
            if (extra != std::string_view::npos)
                throw ParseError("unexpected text after the side to move: " + quoted_input(rest.substr(extra)));
            return Game(variant, position);
        } catch (const ParseError&) {
            // A transcript has only squares, "pass" and separators: with discs or '.' in it the
            // text was meant as a board, and the board's error is the one to report.
            if (text.find_first_of("XxOoWw0*._") != std::string_view::npos) throw;
        }
    }
    return parse_transcript(text, variant);
}

std::string board_string(const Position& position, Geometry geometry) {
    std::string out;
    for (int i = 0; i < square_count(geometry); ++i) {
        const Bitboard bit = square_bit(square_from_grid(i, geometry));
        out += (position.black() & bit) ? 'X' : (position.white() & bit) ? 'O' : '-';
    }
    return out + (position.to_move == Color::kBlack ? " X" : " O");
}

std::string board_diagram(const Position& position, Geometry geometry, Bitboard marks) {
    const int side = side_length(geometry);
    std::string out = "  ";
    for (int c = 0; c < side; ++c) out += {' ', static_cast<char>('a' + c)};
    out += '\n';
    for (int r = 0; r < side; ++r) {
        out += {static_cast<char>('1' + r), ' '};
        for (int c = 0; c < side; ++c) {
            const Bitboard bit = square_bit(square_from_grid(r * side + c, geometry));
            out += ' ';
            out += (position.black() & bit) ? 'X' : (position.white() & bit) ? 'O' : (marks & bit) ? '.' : '-';
        }
        out += '\n';
    }
    return out;
}

}  // namespace tempo
