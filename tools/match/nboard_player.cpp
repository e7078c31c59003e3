#include "tools/match/nboard_player.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "engine/notation.hpp"
#include "engine/text.hpp"

namespace tempo::match {

namespace {

// "m:ss" for a whole number of seconds, as NBoard writes clocks.
std::string clock_text(double seconds) {
    const long total = std::lround(std::max(0.0, seconds));
    char text[32];
    std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
    return text;
}

// NBoard's pass: "PA", any prefix of "PASS" in any case, or "--".
bool is_pass_text(const std::string& text) {
    if (text == "--") return true;
    const std::string pass = "pass";
    if (text.size() < 2 || text.size() > pass.size()) return false;
    return to_lower(text) == pass.substr(0, text.size());
}

}  // namespace

std::string nboard_clock(const TimeControl& time) {
    if (time.has_clock()) {
        std::string text = clock_text(time.base_seconds);
        if (time.increment_seconds > 0) text.append("/").append(clock_text(time.increment_seconds));
        return text;
    }
    return "0";
}

std::string NboardPlayer::move_item(const GgfMove& move) {
    std::string item = move.move == kPass ? "PA" : to_upper(square_name(move.move));
    char number[32];
    if (move.eval || move.seconds) {
        item += "/";
        if (move.eval) std::snprintf(number, sizeof number, "%.2f", *move.eval), item += number;
    }
    if (move.seconds) std::snprintf(number, sizeof number, "/%.2f", *move.seconds), item += number;
    return item;
}

std::optional<MoveReply> NboardPlayer::parse_move_line(const std::string& line) {
    std::istringstream in(line);
    std::string word;
    in >> word;
    if (word != "===") return std::nullopt;
    // The GUI turns every run of blanks after "===" into '/', then splits on '/'.
    std::string rest, token;
    while (in >> token) rest += (rest.empty() ? "" : "/") + token;
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (true) {
        const std::size_t slash = rest.find('/', start);
        fields.push_back(rest.substr(start, slash - start));
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    MoveReply reply;
    reply.text = fields[0];
    if (fields[0].empty()) throw ParseError("`===` without a move");
    reply.move = is_pass_text(fields[0]) ? kPass : parse_move(fields[0]);
    if (fields.size() > 1 && !fields[1].empty()) {
        char* end = nullptr;
        const double eval = std::strtod(fields[1].c_str(), &end);
        if (end && *end == '\0' && std::isfinite(eval)) reply.eval = eval;
    }
    return reply;
}

NboardPlayer::NboardPlayer(const EngineSpec& spec, const TimeControl& time, const std::atomic<bool>* abort)
    : ProcessPlayer(spec, time, abort) {
    send("nboard 2");
    send("set depth " + std::to_string(spec.depth > 0 ? spec.depth : 60));
    for (const std::string& line : spec.init_lines) send(line);
    synchronise(command_deadline());
    if (name_.empty()) name_ = "engine";
}

void NboardPlayer::send(const std::string& line) {
    try {
        process_.write_line(line);
    } catch (const ProcessError& error) {
        throw EngineFailure(FailureKind::kCrash, error.what());
    }
}

void NboardPlayer::synchronise(Clock::time_point deadline) {
    const int ping = ++ping_;
    send("ping " + std::to_string(ping));
    const std::string pong = "pong " + std::to_string(ping);
    try {
        while (true) {
            const std::optional<std::string> line = process_.read_line(deadline);
            if (!line) throw EngineFailure(FailureKind::kTimeout, "no `" + pong + "` in time");
            std::istringstream in(*line);
            std::string word, value;
            in >> word;
            if (word == "set" && (in >> value) && value == "myname" && (in >> value) && spec_.name.empty())
                name_ = value;
            if (word == "pong" && (in >> value) && value == std::to_string(ping)) return;
        }
    } catch (const ProcessError& error) {
        throw EngineFailure(FailureKind::kCrash, error.what());
    }
}

void NboardPlayer::new_game(const Game& game) {
    GgfGame record;
    record.variant = game.variant();
    record.start = game.start();
    for (const Move move : game.moves()) record.moves.push_back(GgfMove{move, {}, {}});
    record.black_name = "black";
    record.white_name = "white";
    record.place = "tempo-match";
    record.result.assign(1, '?');  // unfinished (assign(): dodges a GCC 12 -Wrestrict false alarm)
    record.time_control = nboard_clock(time_);
    send("set game " + write_ggf(record));
    synchronise(command_deadline());
}

MoveReply NboardPlayer::think(const Game&, const ClockState&, Clock::time_point deadline) {
    synchronise(deadline);
    send("go");
    try {
        while (true) {
            const std::optional<std::string> line = process_.read_line(deadline);
            if (!line) throw EngineFailure(FailureKind::kTimeout, "no `===` move in time");
            try {
                if (std::optional<MoveReply> reply = parse_move_line(*line)) return *reply;
            } catch (const ParseError& error) {
                throw EngineFailure(FailureKind::kGarbage, "bad move line `" + *line + "`: " + error.what());
            }
            // Anything else (status, nodestats, search, set myname, free text) is ignored, as the GUI does.
        }
    } catch (const ProcessError& error) {
        throw EngineFailure(FailureKind::kCrash, error.what());
    }
}

void NboardPlayer::observe(Color, const GgfMove& move, bool) { send("move " + move_item(move)); }

}  // namespace tempo::match
