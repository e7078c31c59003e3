// The NBoard side of a match (nboard.md), driven the way the NBoard GUI drives an engine: `nboard 2`,
// `set depth`, `set game <GGF>` for a new game, `move <item>` for every move (the engine's own
// included: `go` does not play it), `ping n` + `go` for a move, whose `=== move/eval/time` counts
// only after `pong n`. Passes are explicit (`move PA`); the runner never asks for a forced pass.
#pragma once

#include <optional>
#include <string>

#include "tools/match/process_player.hpp"

namespace tempo::match {

class NboardPlayer final : public ProcessPlayer {
public:
    NboardPlayer(const EngineSpec& spec, const TimeControl& time, const std::atomic<bool>* abort);
    void new_game(const Game& game) override;
    MoveReply think(const Game& game, const ClockState& clocks, Clock::time_point deadline) override;
    void observe(Color color, const GgfMove& move, bool own) override;

    // The reply of `=== <move>[/<eval>[/<time>]]` (fields may also be separated by spaces, as Edax
    // writes them); nullopt for a line that is not a `===` line. Throws ParseError for a bad move.
    static std::optional<MoveReply> parse_move_line(const std::string& line);
    // "F5", "F5/-1.00/2.50", "PA//0.10": a move as `move` and GGF B[]/W[] write it.
    static std::string move_item(const GgfMove& move);

private:
    // Sends `ping n` and reads up to `pong n` (lines before it belong to earlier requests).
    void synchronise(Clock::time_point deadline);
    void send(const std::string& line);

    int ping_ = 0;
};

// The GGF clock of a time control: "5:00", "5:00/0:02", or "0" (no clock: per-move or no limit).
std::string nboard_clock(const TimeControl& time);

}  // namespace tempo::match
