#include "tools/match/gtp_player.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "engine/notation.hpp"
#include "engine/text.hpp"

namespace tempo::match {

const char* gtp_color(Color color) { return color == Color::kBlack ? "black" : "white"; }

std::string gtp_seconds(double seconds) {
    char text[32];
    if (seconds == std::floor(seconds))
        std::snprintf(text, sizeof text, "%.0f", seconds);
    else
        std::snprintf(text, sizeof text, "%.3f", seconds);
    return text;
}

std::string gtp_time_left(Color color, double seconds) {
    // Milliseconds: whole seconds (GTP's own unit) would hide up to a second of the clock from the
    // engine, and on a clock of a few seconds that is half of it.
    const double left = std::max(0.0, std::floor(seconds * 1000) / 1000);
    return std::string("time_left ") + gtp_color(color) + " " + gtp_seconds(left) + " 0";
}

std::optional<GtpPlayer::Response> GtpPlayer::parse_response_line(const std::string& line) {
    if (line.empty() || (line[0] != '=' && line[0] != '?')) return std::nullopt;
    std::size_t pos = 1;
    // An id right after the sign (we send none, but an engine may echo one: "=7 F5").
    while (pos < line.size() && std::isdigit(static_cast<unsigned char>(line[pos]))) ++pos;
    if (pos < line.size() && !is_space(line[pos])) return std::nullopt;
    return Response{line[0] == '=', std::string(trim(line.substr(pos)))};
}

GtpPlayer::GtpPlayer(const EngineSpec& spec, const TimeControl& time, const std::atomic<bool>* abort)
    : ProcessPlayer(spec, time, abort) {
    const Response version = command("protocol_version", command_deadline(), /*lenient=*/true);
    if (!version.success) throw EngineFailure(FailureKind::kGarbage, "protocol_version failed: " + version.text);
    if (name_.empty()) {
        const Response name = command("name");
        const Response engine_version = command("version");
        name_ = name.success && !name.text.empty() ? name.text : "engine";
        if (engine_version.success && !engine_version.text.empty()) name_ += " " + engine_version.text;
    }
    command("boardsize 8");
    for (const std::string& line : spec.init_lines) command(line);
}

GtpPlayer::Response GtpPlayer::command(const std::string& line, Clock::time_point deadline, bool lenient) {
    try {
        process_.write_line(line);
        std::optional<Response> response;
        while (!response) {
            const std::optional<std::string> text = process_.read_line(deadline);
            if (!text) throw EngineFailure(FailureKind::kTimeout, "no answer to `" + line + "` in time");
            if (trim(*text).empty()) continue;  // the blank line ending an earlier response
            response = parse_response_line(*text);
            if (!response && !lenient)
                throw EngineFailure(FailureKind::kGarbage, "answered `" + line + "` with `" + *text + "`");
        }
        // The rest of a multi-line result, up to the blank line that ends every response.
        while (true) {
            const std::optional<std::string> text = process_.read_line(std::max(deadline, command_deadline()));
            if (!text) throw EngineFailure(FailureKind::kTimeout, "response to `" + line + "` never ended");
            if (trim(*text).empty()) break;
            response->text += "\n" + *text;
        }
        return *response;
    } catch (const ProcessError& error) {
        throw EngineFailure(FailureKind::kCrash, error.what());
    }
}

void GtpPlayer::new_game(const Game& game) {
    command("clear_board");
    if (time_.move_seconds > 0) {
        command("time_settings 0 " + gtp_seconds(time_.move_seconds) + " 1");
    } else if (time_.has_clock()) {
        command("time_settings " + gtp_seconds(time_.base_seconds) + " 0 0");
    }
    Game replay(game.variant(), game.start());
    for (const Move move : game.moves()) {
        const Color color = replay.to_move();
        replay.play(move);
        observe(color, GgfMove{move, {}, {}}, false);
    }
}

MoveReply GtpPlayer::think(const Game& game, const ClockState& clocks, Clock::time_point deadline) {
    const Color color = game.to_move();
    const std::string c = gtp_color(color);
    if (time_.move_seconds > 0) {
        command("time_left " + c + " " + gtp_seconds(time_.move_seconds) + " 1");
    } else if (time_.has_clock()) {
        command(gtp_time_left(color, color == Color::kBlack ? clocks.black : clocks.white));
    }
    const std::string request = "genmove " + c;
    const Response response = command(request, deadline);
    if (!response.success) throw EngineFailure(FailureKind::kGarbage, "`" + request + "` failed: ? " + response.text);
    MoveReply reply;
    reply.text = response.text;
    const std::string word = to_lower(response.text);
    if (word == "resign") {
        reply.resigned = true;
        return reply;
    }
    try {
        reply.move = parse_move(word, game.variant().geometry);
    } catch (const ParseError&) {
        throw EngineFailure(FailureKind::kGarbage, "`" + request + "` answered `" + response.text + "`, not a move");
    }
    return reply;
}

void GtpPlayer::observe(Color color, const GgfMove& move, bool own) {
    if (own) return;  // genmove has already played it on the engine's board
    if (move.move == kPass && !spec_.gtp_explicit_pass) return;
    const std::string request = std::string("play ") + gtp_color(color) + " " + move_name(move.move);
    const Response response = command(request);
    if (!response.success)
        throw EngineFailure(FailureKind::kGarbage, "rejected the legal `" + request + "`: ? " + response.text);
}

}  // namespace tempo::match
