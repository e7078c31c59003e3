// Resuming a match from its GGF file: which of the match's games an earlier run already recorded,
// and how each ended, so that only the others are played and the statistics go on from the record.
// A game is known by its opening (the `CO[opening ...]` tag) and by who had Black: the m-th recorded
// game with an opening and colours is the m-th game of the match scheduled with them (game_slot).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/ggf.hpp"
#include "tools/match/engine_player.hpp"
#include "tools/match/openings.hpp"

namespace tempo::match {

// A game the record file holds, as the runner books it.
struct RecordedGame {
    int index = 0;  // its number in the match, 0-based
    bool engine1_black = true;
    int black_margin = 0;    // RE's disc difference
    bool completed = false;  // played to the end (RE without ":r" or ":t")
    struct Fault {
        int engine;  // 0 or 1
        FailureKind kind;
    };
    std::optional<Fault> forfeit;  // from the `CO[<Colour> forfeits (<kind>): ...]` tag
    // Each engine's thinking (0: engine 1), from the moves' times: the seconds in all and the moves
    // timed. The opening's moves and the referee's passes carry no time.
    std::array<double, 2> think_seconds{};
    std::array<int, 2> timed_moves{};

    // Engine 1's disc margin, and its points: win 1, draw 1/2, loss 0.
    int engine1_margin() const { return engine1_black ? black_margin : -black_margin; }
    double engine1_points() const;
};

// Books the move times of `record` (with `game.engine1_black` set) in `game`'s thinking.
void add_thinking(const GgfGame& record, RecordedGame& game);

struct RecordedMatch {
    std::vector<RecordedGame> games;  // in file order
    std::string kept_text;            // the complete records, one a line, to write back
    bool torn_tail = false;           // a last record cut off mid-line (a killed run) was left out
};

// The games in `text`, a match's record file, for the match of `game_count` games between engines
// named `names` (engine 1, engine 2) over `openings` in play order. Throws ParseError naming the
// record (1-based line) that does not parse, is not between these engines, has an opening the list
// lacks, or is one game too many for its opening and colours. An unterminated last line is the
// trace of a run killed while writing: it is dropped (torn_tail), not an error.
RecordedMatch read_recorded_match(std::string_view text, const std::array<std::string, 2>& names,
                                  const std::vector<Opening>& openings, int game_count);

}  // namespace tempo::match
