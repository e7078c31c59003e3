#include "protocol/gtp.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/notation.hpp"
#include "engine/text.hpp"
#include "play/levels.hpp"

namespace tempo::protocol {

namespace {

constexpr const char* kCommands[] = {
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "list_games",
    "set_game",
    "level",
    "gogui-rules_game_id",
    "gogui-rules_board_size",
    "gogui-rules_board",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-rules_final_result",
    "tempo-last_search",
};

// A command after GTP pre-processing: optional id, lower-case name, arguments.
struct Command {
    std::optional<std::string> id;
    std::string name;
    std::vector<std::string> args;
};

// GTP pre-processing: control characters other than TAB dropped, TAB as space, '#' comments cut.
// Returns nullopt for a line that is then blank (no response at all).
std::optional<Command> parse_command(std::string_view text) {
    std::string clean;
    for (char c : text) {
        if (c == '#') break;
        const auto u = static_cast<unsigned char>(c);
        if (c == '\t')
            clean += ' ';
        else if (u >= 32 && u != 127)
            clean += c;
    }
    std::vector<std::string> words;
    for (const std::string_view word : split_words(clean)) words.emplace_back(word);
    if (words.empty()) return std::nullopt;
    Command command;
    std::size_t first = 0;
    if (std::all_of(words[0].begin(), words[0].end(), [](char c) { return c >= '0' && c <= '9'; })) {
        command.id = words[0].substr(0, 18);
        first = 1;
    }
    if (first < words.size()) {
        command.name = to_lower(words[first]);
        command.args.assign(words.begin() + static_cast<long>(first) + 1, words.end());
    }
    return command;
}

// The id of an over-long line, read from its first characters.
std::optional<std::string> leading_id(std::string_view text) {
    std::size_t end = 0;
    while (end < text.size() && end < 18 && text[end] >= '0' && text[end] <= '9') ++end;
    if (end == 0 || (end < text.size() && text[end] != ' ' && text[end] != '\t')) return std::nullopt;
    return std::string(text.substr(0, end));
}

std::optional<Color> parse_color(std::string_view text) {
    const std::string word = to_lower(text);
    if (word == "b" || word == "black") return Color::kBlack;
    if (word == "w" || word == "white") return Color::kWhite;
    return std::nullopt;
}

// The reply: success with a (possibly multi-line) result, or failure with a message.
struct Reply {
    bool ok = true;
    std::string text;
};
Reply success(std::string text = {}) { return {true, std::move(text)}; }
Reply failure(std::string text) { return {false, std::move(text)}; }

class GtpEngine {
public:
    explicit GtpEngine(Session& session) : session_(session) {}

    // The reply to one command; sets `quit_` for quit.
    Reply handle(const Command& command);
    bool quit() const { return quit_; }

private:
    Reply play(const Command& command);
    Reply genmove(const Command& command, bool commit);
    Reply undo();
    Reply showboard() const;
    Reply final_score() const;
    Reply time_settings(const Command& command);
    Reply time_left(const Command& command);
    Reply level(const Command& command);
    Reply last_search() const;
    Reply gogui_rules(const std::string& name) const;
    // Plays the pass of the side to move if `color` is not to move and the side to move must pass.
    bool pass_for_other_side(Color color);
    std::optional<Limits::Clock> clock_for(Color color) const;
    void start_new_game(Variant variant);

    Session& session_;
    bool quit_ = false;
    double komi_ = 0;
    std::vector<std::size_t> undo_marks_;  // game length before each play/genmove: one undo step each
    // Time: from time_settings, then time_left per colour; nullopt main = no time limit.
    std::optional<double> main_seconds_;
    double byo_seconds_ = 0;
    int byo_stones_ = 0;
    struct TimeLeft {
        double seconds = 0;
        int stones = 0;
    };
    std::optional<TimeLeft> time_left_[2];
    std::optional<SearchResult> last_search_;  // of the last genmove that searched
};

Reply GtpEngine::handle(const Command& c) {
    const std::string& n = c.name;
    if (n == "protocol_version") return success("2");
    if (n == "name") return success("Tempo");
    if (n == "version") return success(TEMPO_VERSION);
    if (n == "known_command") {
        if (c.args.empty()) return failure("syntax error");
        const bool known = std::find(std::begin(kCommands), std::end(kCommands), c.args[0]) != std::end(kCommands);
        return success(known ? "true" : "false");
    }
    if (n == "list_commands") {
        std::string list;
        for (const char* name : kCommands) list += std::string(list.empty() ? "" : "\n") + name;
        return success(list);
    }
    if (n == "quit") {
        quit_ = true;
        return success();
    }
    if (n == "list_games") return success("Othello");
    if (n == "set_game") {
        if (c.args.empty()) return failure("syntax error");
        const std::string game = to_lower(c.args[0]);
        if (game != "othello" && game != "reversi") return failure("unsupported game");
        return success();
    }
    if (n == "boardsize") {
        if (c.args.empty()) return failure("syntax error");
        Variant variant = session_.variant();
        if (c.args[0] == "8")
            variant.geometry = Geometry::k8x8;
        else if (c.args[0] == "6")
            variant.geometry = Geometry::k6x6;
        else
            return failure("unacceptable size");
        start_new_game(variant);
        return success();
    }
    if (n == "clear_board") {
        start_new_game(session_.variant());
        return success();
    }
    if (n == "komi") {
        if (c.args.empty()) return failure("syntax error");
        const auto komi = parse_number(c.args[0]);
        if (!komi || std::abs(*komi) > 1000) return failure("syntax error");
        komi_ = *komi;
        return success();
    }
    if (n == "play") return play(c);
    if (n == "genmove") return genmove(c, true);
    if (n == "reg_genmove") return genmove(c, false);
    if (n == "undo") return undo();
    if (n == "showboard") return showboard();
    if (n == "final_score") return final_score();
    if (n == "time_settings") return time_settings(c);
    if (n == "time_left") return time_left(c);
    if (n == "level") return level(c);
    if (n == "tempo-last_search") return last_search();
    if (n.starts_with("gogui-rules_") &&
        std::find(std::begin(kCommands), std::end(kCommands), n) != std::end(kCommands))
        return gogui_rules(n);
    return failure("unknown command");
}

void GtpEngine::start_new_game(Variant variant) {
    session_.new_game(variant);
    undo_marks_.clear();
    time_left_[0].reset();
    time_left_[1].reset();
}

bool GtpEngine::pass_for_other_side(Color color) {
    Game& game = session_.game();
    if (game.to_move() == color || !game.must_pass()) return false;
    return game.play(kPass);
}

Reply GtpEngine::play(const Command& c) {
    if (c.args.size() < 2) return failure("syntax error");
    const auto color = parse_color(c.args[0]);
    if (!color) return failure("syntax error");
    Game& game = session_.game();
    Move move;
    try {
        move = parse_move(c.args[1], game.variant().geometry);
    } catch (const ParseError&) {
        return failure("syntax error");
    }
    const std::size_t before = game.moves().size();
    if (move == kPass) {
        // Legal only when `color` has no move: on its turn, or at the end of the game (a no-op).
        if (game.is_over()) return success();
        if (game.to_move() != *color || !game.must_pass()) return failure("illegal move");
        game.play(kPass);
        undo_marks_.push_back(before);
        return success();
    }
    const bool passed = pass_for_other_side(*color);  // an implicit pass (Quarry, gtp-rhino)
    if (game.to_move() != *color || !game.play(move)) {
        if (passed) game.undo();
        return failure("illegal move");
    }
    undo_marks_.push_back(before);
    return success();
}

Reply GtpEngine::genmove(const Command& c, bool commit) {
    if (c.args.empty()) return failure("syntax error");
    const auto color = parse_color(c.args[0]);
    if (!color) return failure("syntax error");
    Game& game = session_.game();
    if (game.is_over()) return success("pass");
    const std::size_t before = game.moves().size();
    const bool passed = pass_for_other_side(*color);
    if (game.to_move() != *color) return failure("wrong color");
    Move move = kPass;
    if (!game.must_pass()) {
        const Level level = on_clock(session_.current_level(), clock_for(*color), session_.level_chosen());
        const auto start = std::chrono::steady_clock::now();
        const Game position = game;
        SearchResult result;
        session_.start([&result, position, level](SearchJob& job) { result = job.play(position, level); });
        session_.wait();
        last_search_ = result;
        move = result.best;
        if (move == kNoMove || move == kPass || !game.is_legal(move)) move = first_square(game.legal_moves());
        const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (auto& left = time_left_[static_cast<int>(*color)]) left->seconds -= used;
    }
    if (commit) {
        game.play(move);
        undo_marks_.push_back(before);
        // Think on the opponent's time; the next genmove (or a new game) stops it.
        if (session_.ponders()) session_.start([position = game](SearchJob& job) { job.ponder(position); });
    } else if (passed) {
        game.undo();
    }
    return success(move == kPass ? "pass" : to_upper(square_name(move, game.variant().geometry)));
}

Reply GtpEngine::undo() {
    if (undo_marks_.empty()) return failure("cannot undo");
    Game& game = session_.game();
    while (game.moves().size() > undo_marks_.back()) game.undo();
    undo_marks_.pop_back();
    return success();
}

Reply GtpEngine::showboard() const {
    const Game& game = session_.game();
    const Geometry geometry = game.variant().geometry;
    // The side that places the next disc: a side that must pass is skipped, as gtp-rhino shows it.
    const Color next = game.must_pass() ? opposite(game.to_move()) : game.to_move();
    std::string text = game.is_over() ? "Game ended" : next == Color::kBlack ? "Next move: Black" : "Next move: White";
    const int side = side_length(geometry);
    text += "\n   ";
    for (int col = 0; col < side; ++col) text += std::string(" ") + static_cast<char>('a' + col);
    const Position& position = game.position();
    for (int row = 0; row < side; ++row) {
        text += "\n  " + std::to_string(row + 1);
        for (int col = 0; col < side; ++col) {
            const Bitboard bit = square_bit(square_from_grid(row * side + col, geometry));
            text += (position.black() & bit) ? " X" : (position.white() & bit) ? " O" : " .";
        }
    }
    return success(text);
}

// "B+n", "W+n" or "0": the official count (empties to the winner) minus komi.
std::string score_text(double black_margin) {
    if (black_margin == 0) return "0";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%s+%g", black_margin > 0 ? "B" : "W", std::abs(black_margin));
    return buffer;
}

Reply GtpEngine::final_score() const {
    const Game& game = session_.game();
    if (!game.is_over()) return failure("cannot score");
    return success(score_text(game.black_margin() - komi_));
}

Reply GtpEngine::time_settings(const Command& c) {
    if (c.args.size() < 3) return failure("syntax error");
    const auto main = parse_number(c.args[0]), byo = parse_number(c.args[1]), stones = parse_number(c.args[2]);
    if (!main || !byo || !stones || *main < 0 || *byo < 0 || *stones < 0) return failure("syntax error");
    // 0 main time with byo-yomi time but no stones means "no time limit" (GTP spec).
    if (*main == 0 && *byo > 0 && *stones == 0)
        main_seconds_.reset();
    else
        main_seconds_ = *main;
    byo_seconds_ = *byo;
    byo_stones_ = static_cast<int>(std::min(*stones, 1000.0));
    time_left_[0].reset();
    time_left_[1].reset();
    return success();
}

Reply GtpEngine::time_left(const Command& c) {
    if (c.args.size() < 3) return failure("syntax error");
    const auto color = parse_color(c.args[0]);
    const auto seconds = parse_number(c.args[1]), stones = parse_number(c.args[2]);
    if (!color || !seconds || !stones || *seconds < 0 || *stones < 0) return failure("syntax error");
    time_left_[static_cast<int>(*color)] = TimeLeft{*seconds, static_cast<int>(std::min(*stones, 1000.0))};
    return success();
}

std::optional<Limits::Clock> GtpEngine::clock_for(Color color) const {
    const auto& left = time_left_[static_cast<int>(color)];
    if (!main_seconds_ && !left) return std::nullopt;
    Limits::Clock clock;
    double seconds;
    if (left) {
        seconds = left->seconds;
        clock.moves_to_go = left->stones;  // stones > 0: a byo-yomi period with that many moves
        if (left->stones == 0 && byo_stones_ > 0 && byo_seconds_ > 0) {
            seconds += byo_seconds_;  // main time, then a first period at least
            clock.moves_to_go = 0;
        }
    } else {
        seconds = *main_seconds_;
        if (seconds == 0) {  // byo-yomi from the start
            seconds = byo_seconds_;
            clock.moves_to_go = byo_stones_;
        }
    }
    // Not rounded up: the time plan keeps its own reserve, and with nothing left answers at once.
    clock.left = std::chrono::milliseconds(static_cast<long long>(std::max(seconds, 0.0) * 1000));
    return clock;
}

Reply GtpEngine::level(const Command& c) {
    if (c.args.empty()) return success(session_.level());
    try {
        session_.set_level(c.args[0]);
    } catch (const ParseError& e) {
        return failure("syntax error: expected easy, normal, hard or a depth 1..60");
    }
    return success();
}

// What the last genmove's search reached, for a controller's log: "depth 14 nodes 1234567 seconds
// 0.93 score -2" (depth in empties when solved, then " exact" or " wld"; " book" for a book move).
Reply GtpEngine::last_search() const {
    if (!last_search_) return failure("no search yet");
    const SearchResult& r = *last_search_;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", r.elapsed.count() / 1000.0);
    std::string text = "depth " + std::to_string(r.depth) + (r.solved ? (r.wld ? " wld" : " exact") : "") +
                       (r.book ? " book" : "") + " nodes " + std::to_string(r.nodes) + " seconds " + seconds +
                       " score " + std::to_string(r.score);
    return success(text);
}

Reply GtpEngine::gogui_rules(const std::string& name) const {
    const Game& game = session_.game();
    const Geometry geometry = game.variant().geometry;
    if (name == "gogui-rules_game_id") return success("Othello");
    if (name == "gogui-rules_board_size") return success(std::to_string(side_length(geometry)));
    if (name == "gogui-rules_side_to_move") return success(game.to_move() == Color::kBlack ? "black" : "white");
    if (name == "gogui-rules_legal_moves") {
        if (game.is_over()) return success();
        if (game.must_pass()) return success("pass");
        std::string moves;
        for_each_square(game.legal_moves(), [&](int square) {
            if (!moves.empty()) moves += ' ';
            moves += to_upper(square_name(square, geometry));
        });
        return success(moves);
    }
    if (name == "gogui-rules_final_result") {
        if (!game.is_over()) return success("?");
        return success(score_text(game.black_margin()));
    }
    // gogui-rules_board: the board rows, top first, X black, O white, '.' empty.
    std::string text;
    const int side = side_length(geometry);
    for (int row = 0; row < side; ++row) {
        if (row) text += '\n';
        for (int col = 0; col < side; ++col) {
            const Bitboard bit = square_bit(square_from_grid(row * side + col, geometry));
            text += (game.position().black() & bit) ? 'X' : (game.position().white() & bit) ? 'O' : '.';
            if (col + 1 < side) text += ' ';
        }
    }
    return success(text);
}

// "=id text\n\n" or "?id text\n\n"; the id follows the sign with no space.
std::string frame(const Reply& reply, const std::optional<std::string>& id) {
    std::string out(1, reply.ok ? '=' : '?');
    if (id) out += *id;
    if (!reply.text.empty()) out += " " + reply.text;
    return out + "\n\n";
}

}  // namespace

int run_gtp(Session& session, InputQueue& input) {
    // Runs on the reader thread: `quit` or the end of input makes a running genmove answer now.
    input.set_arrival_hook([&session](const InputLine* line) {
        if (!line) return session.hurry();
        if (const auto command = parse_command(line->text); command && command->name == "quit") session.hurry();
    });
    GtpEngine engine(session);
    while (const auto line = input.next()) {
        Reply reply;
        std::optional<std::string> id;
        if (line->too_long) {
            id = leading_id(line->text);
            reply = failure("line too long (limit " + std::to_string(kMaxLineBytes) + " bytes)");
        } else {
            const auto command = parse_command(line->text);
            if (!command) continue;  // blank or comment: no response
            id = command->id;
            reply = command->name.empty() ? failure("syntax error") : engine.handle(*command);
        }
        if (!session.output().raw(frame(reply, id)) || engine.quit()) break;
    }
    input.set_arrival_hook(nullptr);
    session.cancel();
    return 0;
}

}  // namespace tempo::protocol
