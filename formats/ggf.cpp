#include "formats/ggf.hpp"

#include <cctype>
#include <charconv>

#include "engine/notation.hpp"
#include "engine/text.hpp"

namespace tempo {

namespace {

// Far beyond any real record (a full game with evals and times is about 1 kB): refuse, don't scan.
constexpr std::size_t kMaxRecordBytes = 1u << 20;
// 60 moves plus passes; a record with more cannot be a game.
constexpr std::size_t kMaxRecordMoves = 200;

std::string color_name(Color color) { return color == Color::kBlack ? "black" : "white"; }

// The shortest fixed-point text that reads back as `value` (NBoard reads no exponents).
std::string fixed(double value) {
    char buffer[400];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    return error == std::errc() ? std::string(buffer, end) : "0";
}

// TY: "8" or "6", optional prefix 's' (synchro), suffixes 'k' (komi), 'a' (anti), 'r<N>' (random start).
Variant parse_type(std::string_view text) {
    const std::string type = to_upper(trim(text));
    std::size_t i = type.size() > 0 && type[0] == 'S' ? 1 : 0;
    int size = 0;
    const std::size_t digits_start = i;
    while (i < type.size() && std::isdigit(static_cast<unsigned char>(type[i])) && i - digits_start < 3)
        size = size * 10 + (type[i++] - '0');
    if (i == digits_start)
        throw ParseError("TY[" + std::string(trim(text).substr(0, 20)) + "]: expected a board size such as 8");
    Variant variant;
    if (size == 8)
        variant.geometry = Geometry::k8x8;
    else if (size == 6)
        variant.geometry = Geometry::k6x6;
    else
        throw ParseError("TY[" + type.substr(0, 20) + "]: board size " + std::to_string(size) +
                         " is not supported (only 8 and 6)");
    while (i < type.size()) {
        const char c = type[i++];
        if (c == 'A')
            variant.rules = Rules::kAnti;
        else if (c == 'K')
            continue;
        else if (c == 'R')
            while (i < type.size() && std::isdigit(static_cast<unsigned char>(type[i]))) ++i;
        else
            throw ParseError("TY[" + type.substr(0, 20) + "]: unknown game type letter '" + std::string(1, c) + "'");
    }
    return variant;
}

std::string type_name(Variant variant) {
    return std::string(variant.geometry == Geometry::k6x6 ? "6" : "8") + (variant.rules == Rules::kAnti ? "a" : "");
}

// BO: "<size> <squares> <side>", whitespace allowed between squares (engine/notation's parser
// with the spaced layout; the size is GGF's own).
Position parse_start_board(std::string_view text, Geometry& geometry) {
    std::string_view rest = trim(text);
    std::size_t digits = 0;
    while (digits < rest.size() && digits < 3 && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
    if (digits == 0)
        throw ParseError("BO[" + std::string(rest.substr(0, 20)) + "...]: expected the board size first, such as 8");
    const int size = std::stoi(std::string(rest.substr(0, digits)));
    if (size != 8 && size != 6)
        throw ParseError("BO: board size " + std::to_string(size) + " is not supported (only 8 and 6)");
    geometry = size == 8 ? Geometry::k8x8 : Geometry::k6x6;
    rest.remove_prefix(digits);
    if (rest.empty() || !is_space(rest.front())) throw ParseError("BO: expected a space after the board size");
    try {
        std::string_view after;
        const Position position = parse_board(rest, geometry, &after, BoardLayout::kSpaced);
        if (!trim(after).empty())
            throw ParseError("board too long or text after the side to move: " + quoted_input(trim(after)));
        return position;
    } catch (const ParseError& e) {
        throw ParseError(std::string("BO: ") + e.what());
    }
}

// Writes a value so that the record stays one well-formed line.
std::string clean_value(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        if (c == ']')
            c = ')';
        else if (c == '[')
            c = '(';
        else if (static_cast<unsigned char>(c) < 0x20)
            c = ' ';
    }
    return out;
}

// One part of a clock, "[[d.]h:]m:ss" or plain seconds.
double parse_clock_time(std::string_view text, std::string_view whole) {
    const auto bad = [&] {
        return ParseError("bad clock " + quoted_input(whole) +
                          ": expected [[d.]h:]m:ss or seconds, such as 15:00 or 5:00//2:00");
    };
    text = trim(text);
    if (text.empty()) throw bad();
    std::vector<std::string_view> fields;
    for (std::size_t start = 0;;) {
        const std::size_t colon = text.find(':', start);
        fields.push_back(text.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start));
        if (colon == std::string_view::npos) break;
        start = colon + 1;
    }
    if (fields.size() > 3) throw bad();
    const auto number = [&](std::string_view field, bool fraction_allowed) {
        if (field.empty() || field.front() == '+' || field.front() == '-') throw bad();
        for (char c : field)
            if (!std::isdigit(static_cast<unsigned char>(c)) && !(fraction_allowed && c == '.')) throw bad();
        const std::optional<double> value = parse_number(trim(field));
        if (!value) throw bad();
        return *value;
    };
    if (fields.size() == 1) return number(fields[0], true);
    double seconds = number(fields.back(), true) + 60 * number(fields[fields.size() - 2], false);
    if (fields.size() == 3) {
        const std::size_t dot = fields[0].find('.');
        if (dot != std::string_view::npos) {
            seconds += 86400 * number(fields[0].substr(0, dot), false);
            fields[0].remove_prefix(dot + 1);
        }
        seconds += 3600 * number(fields[0], false);
    }
    return seconds;
}

}  // namespace

GgfMove parse_ggf_move(std::string_view text, Geometry geometry) {
    const std::size_t slash = text.find('/');
    GgfMove item{parse_move(trim(text.substr(0, slash)), geometry), std::nullopt, std::nullopt};
    if (slash == std::string_view::npos) return item;
    const std::string_view rest = text.substr(slash + 1);
    const std::size_t slash2 = rest.find('/');
    item.eval = parse_number(trim(rest.substr(0, slash2)));
    if (slash2 != std::string_view::npos) item.seconds = parse_number(trim(rest.substr(slash2 + 1)));
    return item;
}

std::string format_ggf_move(const GgfMove& item, Geometry geometry) {
    std::string out = item.move == kPass ? "PA" : to_upper(move_name(item.move, geometry));
    if (item.eval || item.seconds) {
        out += '/';
        if (item.eval) out += fixed(*item.eval);
    }
    if (item.seconds) {
        out += '/';
        out += fixed(*item.seconds);
    }
    return out;
}

std::vector<std::string_view> split_ggf_records(std::string_view text) {
    std::vector<std::string_view> records;
    std::size_t pos = 0;
    while (true) {
        // Between records: spaces and GGS's game counts only.
        while (pos < text.size() && (is_space(text[pos]) || std::isdigit(static_cast<unsigned char>(text[pos])))) ++pos;
        if (pos >= text.size()) return records;
        const std::string game = "game " + std::to_string(records.size() + 1);
        if (text.substr(pos, 2) != "(;")
            throw ParseError(game + ": expected '(;' at offset " + std::to_string(pos) + ", found " +
                             quoted_input(text.substr(pos)));
        std::size_t end = pos + 2;
        // A value may hold any text but ']', so ";)" counts only outside the brackets.
        while (end < text.size() && text.substr(end, 2) != ";)") {
            if (text[end] == '[') {
                end = text.find(']', end);
                if (end == std::string_view::npos) break;
            }
            ++end;
        }
        if (end >= text.size())
            throw ParseError(game + ": the record starting at offset " + std::to_string(pos) +
                             " is never closed by ';)'");
        records.push_back(text.substr(pos, end + 2 - pos));
        pos = end + 2;
    }
}

GgfGame parse_ggf(std::string_view text) {
    if (text.size() > kMaxRecordBytes)
        throw ParseError("GGF record too long: " + std::to_string(text.size()) + " bytes (the limit is " +
                         std::to_string(kMaxRecordBytes) + ")");
    std::size_t pos = 0;
    const auto skip_spaces = [&] {
        while (pos < text.size() && is_space(text[pos])) ++pos;
    };
    skip_spaces();
    std::size_t digits = pos;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    if (digits > pos && digits < text.size() && is_space(text[digits])) {  // GGS game count, "1 (;...;)"
        pos = digits;
        skip_spaces();
    }
    if (text.substr(pos, 2) != "(;")
        throw ParseError("not a GGF record: expected '(;' at the start, found " + quoted_input(text.substr(pos)));
    pos += 2;

    struct Tag {
        std::string name;
        std::string_view value;
    };
    std::vector<Tag> tags;
    while (true) {
        skip_spaces();
        if (pos >= text.size()) throw ParseError("GGF record not closed: missing ';)' at the end");
        if (text.substr(pos, 2) == ";)") {
            pos += 2;
            break;
        }
        const std::size_t name_start = pos;
        while (pos < text.size() && std::isalnum(static_cast<unsigned char>(text[pos])) && pos - name_start < 16) ++pos;
        if (pos == name_start)
            throw ParseError("unexpected " + quoted_input(text.substr(pos, 1)) + " at offset " + std::to_string(pos) +
                             ": expected TAG[value] or ';)'" + (text[pos] == ']' ? " (unbalanced ']')" : ""));
        const std::string name = to_upper(text.substr(name_start, pos - name_start));
        if (pos >= text.size() || text[pos] != '[')
            throw ParseError("tag " + name + " at offset " + std::to_string(name_start) + " has no '[value]'");
        const std::size_t close = text.find(']', pos + 1);
        if (close == std::string_view::npos)
            throw ParseError("unbalanced brackets: the '[' of " + name + " at offset " + std::to_string(pos) +
                             " is never closed");
        const std::string_view value = text.substr(pos + 1, close - pos - 1);
        if (value.find('[') != std::string_view::npos)
            throw ParseError("unbalanced brackets: '[' inside the value of " + name + " at offset " +
                             std::to_string(pos) + " (a missing ']'?)");
        tags.push_back({name, value});
        pos = close + 1;
    }
    skip_spaces();
    if (pos < text.size())
        throw ParseError("text after the end of the GGF record at offset " + std::to_string(pos) + ": " +
                         quoted_input(text.substr(pos)));

    GgfGame game;
    std::optional<Variant> typed;
    std::optional<Geometry> board_geometry;
    for (const Tag& tag : tags) {
        const std::string value(tag.value);
        if (tag.name == "GM") {
            if (to_upper(trim(tag.value)) != "OTHELLO")
                throw ParseError("GM[" + value.substr(0, 20) + "]: not an Othello game");
        } else if (tag.name == "PC")
            game.place = value;
        else if (tag.name == "DT")
            game.date = value;
        else if (tag.name == "PB")
            game.black_name = value;
        else if (tag.name == "PW")
            game.white_name = value;
        else if (tag.name == "RE")
            game.result = value;
        else if (tag.name == "TI")
            game.time_control = value;
        else if (tag.name == "TB")
            game.black_clock = value;
        else if (tag.name == "TW")
            game.white_clock = value;
        else if (tag.name == "TY")
            typed = parse_type(tag.value);
        else if (tag.name == "BO") {
            Geometry geometry;
            game.start = parse_start_board(tag.value, geometry);
            board_geometry = geometry;
        } else if (tag.name != "B" && tag.name != "W")
            game.other_tags.emplace_back(tag.name, value);
    }
    if (typed && board_geometry && typed->geometry != *board_geometry)
        throw ParseError(std::string("TY says ") + (typed->geometry == Geometry::k8x8 ? "8x8" : "6x6") +
                         " but BO holds " + (*board_geometry == Geometry::k8x8 ? "an 8x8" : "a 6x6") + " board");
    if (typed)
        game.variant = *typed;
    else if (board_geometry)
        game.variant.geometry = *board_geometry;

    Color expected = game.start.to_move;
    for (const Tag& tag : tags) {
        if (tag.name != "B" && tag.name != "W") continue;
        const Color color = tag.name == "B" ? Color::kBlack : Color::kWhite;
        if (color != expected) {  // the other side's pass was left out: make it explicit
            game.moves.push_back({kPass, std::nullopt, std::nullopt});
            expected = color;
        }
        if (game.moves.size() >= kMaxRecordMoves)
            throw ParseError("too many moves (over " + std::to_string(kMaxRecordMoves) + ") for one game");
        try {
            game.moves.push_back(parse_ggf_move(tag.value, game.variant.geometry));
        } catch (const ParseError& e) {
            throw ParseError("move " + std::to_string(game.moves.size() + 1) + " " + tag.name + "[" +
                             std::string(tag.value.substr(0, 30)) + "]: " + e.what());
        }
        expected = opposite(expected);
    }
    return game;
}

std::string write_ggf(const GgfGame& game) {
    std::string out = "(;GM[Othello]";
    const auto tag = [&](std::string_view name, std::string_view value) {
        if (!value.empty()) out += std::string(name) + "[" + clean_value(value) + "]";
    };
    tag("PC", game.place);
    tag("DT", game.date);
    tag("PB", game.black_name);
    tag("PW", game.white_name);
    tag("RE", game.result);
    tag("TI", game.time_control);
    tag("TB", game.black_clock);
    tag("TW", game.white_clock);
    tag("TY", type_name(game.variant));
    const Geometry geometry = game.variant.geometry;
    out += "BO[" + std::to_string(side_length(geometry)) + " ";
    const std::string board = board_string(game.start, geometry);  // "<squares> X|O"
    for (char c : board.substr(0, square_count(geometry))) out += c == 'X' ? '*' : c;
    out += game.start.to_move == Color::kBlack ? " *]" : " O]";
    for (const auto& [name, value] : game.other_tags) {
        std::string tag_name;  // a tag name is letters and digits, at most 16
        for (char c : name)
            if (std::isalnum(static_cast<unsigned char>(c)) && tag_name.size() < 16) tag_name += c;
        if (!tag_name.empty()) out += to_upper(tag_name) + "[" + clean_value(value) + "]";
    }

    // Follow the game to write the right colour tags and any pass the list leaves out; after an
    // illegal move, colours simply alternate.
    const Bitboard playable = game.variant.playable();
    Board board_now = game.start.board;
    Color to_move = game.start.to_move;
    bool tracking = true;
    for (const GgfMove& item : game.moves) {
        const bool legal_square =
            item.move >= 0 && item.move < 64 && (board_now.moves(playable) & square_bit(item.move));
        if (tracking && item.move != kPass && !legal_square && board_now.moves(playable) == 0 &&
            !is_game_over(board_now, playable)) {
            out += to_move == Color::kBlack ? "B[PA]" : "W[PA]";
            board_now = board_now.passed();
            to_move = opposite(to_move);
        }
        out += to_move == Color::kBlack ? "B[" : "W[";
        out += format_ggf_move(item, geometry);
        out += "]";
        if (tracking) {
            if (item.move == kPass)
                board_now = board_now.passed();
            else if (item.move >= 0 && item.move < 64 && (board_now.moves(playable) & square_bit(item.move)))
                board_now = board_now.play(item.move);
            else
                tracking = false;
        }
        to_move = opposite(to_move);
    }
    return out + ";)";
}

Game replay_ggf(const GgfGame& game) {
    Game replay(game.variant, game.start);
    const Geometry geometry = game.variant.geometry;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const Move move = game.moves[i].move;
        const std::string number = "move " + std::to_string(i + 1);
        if (move < 0 || move > kPass) throw ParseError(number + ": not a move (value " + std::to_string(move) + ")");
        const std::string who = color_name(replay.to_move());
        if (move == kPass) {
            if (!replay.play(kPass))
                throw ParseError(
                    number + " (PA) is illegal: " +
                    (replay.is_over() ? "the game is already over" : who + " has a legal move and may not pass"));
            continue;
        }
        if (replay.must_pass()) replay.play(kPass);  // a forced pass left out of the record
        if (!replay.play(move))
            throw ParseError(number + " (" + move_name(move, geometry) + ") is illegal for " +
                             color_name(replay.to_move()) + (replay.is_over() ? ": the game is already over" : ""));
    }
    return replay;
}

GgfClock parse_ggf_clock_parts(std::string_view text) {
    if (text.size() > 64) throw ParseError("bad clock " + quoted_input(text) + ": too long");
    GgfClock clock;
    const std::size_t slash = text.find('/');
    clock.seconds = parse_clock_time(text.substr(0, slash), text);
    if (slash == std::string_view::npos) return clock;
    const std::string_view rest = text.substr(slash + 1);
    const std::size_t slash2 = rest.find('/');
    const std::string_view increment = trim(rest.substr(0, slash2));
    if (!increment.empty()) clock.increment = parse_clock_time(increment, text);
    if (slash2 == std::string_view::npos) return clock;
    const std::string_view grace = trim(rest.substr(slash2 + 1));
    if (grace.find('/') != std::string_view::npos)
        throw ParseError("bad clock " + quoted_input(text) + ": more than three parts");
    if (!grace.empty()) clock.grace = parse_clock_time(grace, text);
    return clock;
}

double parse_ggf_clock(std::string_view text) { return parse_ggf_clock_parts(text).seconds; }

}  // namespace tempo
