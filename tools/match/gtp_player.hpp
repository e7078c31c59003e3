// The GTP side of a match (gtp.md): handshake, clear_board + `play` of the opening, `genmove` for
// the engine's moves and `play` for its opponent's. Passes are implicit by default (never sent,
// which gtp-rhino and Quarry expect); explicit `play <c> pass` on request.
#pragma once

#include <string>
#include <vector>

#include "tools/match/process_player.hpp"

namespace tempo::match {

class GtpPlayer final : public ProcessPlayer {
public:
    GtpPlayer(const EngineSpec& spec, const TimeControl& time, const std::atomic<bool>* abort);
    void new_game(const Game& game) override;
    MoveReply think(const Game& game, const ClockState& clocks, Clock::time_point deadline) override;
    void observe(Color color, const GgfMove& move, bool own) override;

    // One GTP response: success flag and the result text (lines joined by '\n').
    struct Response {
        bool success = false;
        std::string text;
    };
    // Splits a response's first line: "= F5" -> {true, "F5"}, "?3 illegal move" -> {false,
    // "illegal move"}; nullopt when the line is not a response at all.
    static std::optional<Response> parse_response_line(const std::string& line);

private:
    // Sends a command and reads its whole response by `deadline`; `lenient` skips stray lines
    // (start-up banners) instead of treating them as garbage.
    Response command(const std::string& line, Clock::time_point deadline, bool lenient = false);
    Response command(const std::string& line) { return command(line, command_deadline()); }
};

// GTP's name of a colour.
const char* gtp_color(Color color);
// A number of seconds as GTP time commands take it: integral when it is one ("5"), else "0.25".
std::string gtp_seconds(double seconds);
// The `time_left` of a sudden-death clock with `seconds` left, in whole milliseconds rounded down.
std::string gtp_time_left(Color color, double seconds);

}  // namespace tempo::match
