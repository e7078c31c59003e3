#include "formats/obf.hpp"

#include "formats/file_bytes.hpp"
#include "engine/notation.hpp"
#include "engine/text.hpp"

namespace tempo {

namespace {

// A signed integer such as "+18", "-4", "+0" or "7"; returns false if `text` is not one.
bool parse_score(std::string_view text, int& score) {
    if (text.empty()) return false;
    const bool negative = text.front() == '-';
    if (text.front() == '+' || text.front() == '-') text.remove_prefix(1);
    if (text.empty() || text.size() > 4) return false;
    int value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + (c - '0');
    }
    score = negative ? -value : value;
    return true;
}

}  // namespace

ObfPosition parse_obf_line(std::string_view line, Geometry geometry) {
    ObfPosition obf;
    std::string_view rest;
    obf.position = parse_board(line, geometry, &rest);
    rest = trim_left(rest);
    if (rest.empty()) return obf;
    if (rest.front() != ';') throw ParseError("expected ';' after the side to move, found " + quoted_input(rest));
    rest = rest.substr(1, rest.find('%') - 1);  // '%' starts a trailing comment

    const Board& board = obf.position.board;
    const Bitboard legal = board.moves(playable_squares(geometry));
    const int limit = square_count(geometry);
    for (int number = 1;; ++number) {
        rest = trim_left(rest);
        if (rest.empty()) return obf;
        const std::size_t colon = rest.find(':');
        const std::size_t semicolon = rest.find(';');
        if (colon == std::string_view::npos || colon > semicolon)
            throw ParseError("solution " + std::to_string(number) + " " + quoted_input(rest.substr(0, semicolon)) +
                             ": expected MOVE:SCORE");
        const std::string_view move_text = rest.substr(0, colon);
        std::string_view score_text = rest.substr(
            colon + 1, semicolon == std::string_view::npos ? std::string_view::npos : semicolon - colon - 1);
        score_text = trim_right(score_text);
        int score = 0;
        if (!parse_score(score_text, score))
            throw ParseError("solution " + std::to_string(number) + ": bad score " + quoted_input(score_text) +
                             " (expected a signed integer such as +18)");
        if (move_text == "--") return obf;  // "--:-127;" ends the list: whatever follows is not read
        Move move;
        try {
            move = parse_move(move_text, geometry);
        } catch (const ParseError& e) {
            throw ParseError("solution " + std::to_string(number) + ": " + e.what());
        }
        if (move == kPass ? legal != 0 : !(legal & square_bit(move)))
            throw ParseError("solution " + std::to_string(number) + ": " + move_name(move, geometry) +
                             " is not a legal move in this position");
        if (score < -limit || score > limit)
            throw ParseError("solution " + std::to_string(number) + ": score " + std::to_string(score) + " outside -" +
                             std::to_string(limit) + ".." + std::to_string(limit));
        obf.scores.push_back({move, score});
        if (semicolon == std::string_view::npos) return obf;  // the last item may omit its ';'
        rest.remove_prefix(semicolon + 1);
    }
}

std::vector<ObfPosition> read_obf_file(const std::string& path, Geometry geometry) {
    const std::vector<std::uint8_t> bytes = read_file_bytes(path);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    require_text(text, path);
    std::vector<ObfPosition> positions;
    std::size_t start = 0;
    for (int line_number = 1; start < text.size(); ++line_number) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = trim_left(text.substr(start, end - start));
        start = end + 1;
        if (line.empty() || line.front() == '%' || line.front() == '#') continue;
        try {
            positions.push_back(parse_obf_line(line, geometry));
        } catch (const ParseError& e) {
            throw ParseError(path + ":" + std::to_string(line_number) + ": " + e.what());
        }
    }
    return positions;
}

std::string format_obf_line(const ObfPosition& obf, Geometry geometry) {
    std::string out = board_string(obf.position, geometry) + ";";
    for (const ObfMoveScore& item : obf.scores) {
        std::string name = move_name(item.move, geometry);
        if (item.move == kPass) name = "PA";
        name = to_upper(name);
        out += " " + name + ":" + (item.score >= 0 ? "+" : "") + std::to_string(item.score) + ";";
    }
    return out;
}

}  // namespace tempo
