// One game between two engines, refereed: every move is checked with the engine core, forced
// passes are made by the referee (engines are never asked to pass), clocks are kept, and an
// illegal move, crash, hang or garbage forfeits the game for the engine at fault.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <string_view>

#include "formats/ggf.hpp"
#include "tools/match/engine_player.hpp"
#include "tools/match/openings.hpp"

namespace tempo::match {

// A forfeit: who, why, and the engine's last lines for the log.
struct Forfeit {
    Color color;
    FailureKind kind;
    std::string reason;
    std::string transcript;     // EnginePlayer::transcript_tail()
    std::string process_state;  // EnginePlayer::process_state()
};

struct GameOutcome {
    GgfGame record;                  // names, opening, moves with evals/times, result
    int black_margin = 0;            // final disc difference for Black; +-64 for a forfeit or resignation
    std::optional<Forfeit> forfeit;  // the engine at fault must be restarted
    bool aborted = false;            // the match was stopped mid-game: discard this game
};

// Plays from `opening` to the end. `black`/`white` have been started; new_game() is called here.
// Each side plays under its own (effective) time control. `stop` aborts the game between moves
// (and, through the engines' abort flag, during a read).
GameOutcome play_game(EnginePlayer& black, EnginePlayer& white, const Opening& opening, const TimeControl& black_time,
                      const TimeControl& white_time, const std::atomic<bool>& stop);

// The GGF result text for Black's margin: "12", "-4", "0"; with ":r" for a forfeit or resignation
// and ":t" for a loss on time.
std::string ggf_result(int black_margin, const char* suffix = "");

// The comments (CO tags) of a record, which a resumed match reads back (match_resume.hpp): the
// opening, "opening f5d6c3d3c4f4f6f3" (none for the start position), and the fault that ended a
// forfeited game, "Black forfeits (crash): ended: exit 3".
constexpr std::string_view kOpeningCommentPrefix = "opening ";
std::string opening_comment(const Opening& opening);
std::string forfeit_comment(Color color, FailureKind kind, const std::string& reason);

}  // namespace tempo::match
