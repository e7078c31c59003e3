// GGF game records, as NBoard sends them in `set game` and GGS stores them:
//   (;GM[Othello]PC[NBoard]DT[...]PB[name]PW[name]RE[?]TI[15:00]TY[8]BO[8 <64 squares> *]B[F5]W[D6/-1.00/2.5];)
// BO is the start board (any position, not only the standard one): squares a1..h8 row by row, '*'
// black, 'O' white, '-' empty, then the side to move ('*' or 'O'). B[]/W[] hold one move each,
// "<move>[/<eval>[/<seconds>]]", passes written PA. Unknown tags are kept, never an error.
// See protocol/NBOARD.md §5.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "engine/parse_error.hpp"

namespace tempo {

struct GgfMove {
    Move move;                      // a square or kPass
    std::optional<double> eval;     // the mover's evaluation in discs, when the record gives one
    std::optional<double> seconds;  // time used, when given
    bool operator==(const GgfMove&) const = default;
};

struct GgfGame {
    Variant variant;             // from TY (8, 6, suffix 'a' = anti) or the BO size
    Position start;              // from BO; the standard start when absent
    std::vector<GgfMove> moves;  // in record order; where the record has the same colour twice
                                 // in a row, the other side's pass is inserted as kPass
    std::string black_name, white_name, place, date, result;
    std::string time_control /*TI*/, black_clock /*TB*/, white_clock /*TW*/;
    std::vector<std::pair<std::string, std::string>> other_tags;  // unknown tags, in record order
    bool operator==(const GgfGame&) const = default;
};

// One game "(;GM[Othello]...;)" (an optional leading game count such as "1 " is skipped). Throws
// ParseError naming the problem: missing "(;" or ";)", an unterminated or unbalanced '[', a bad
// board, an unknown board size or variant, a move that is not a square or PA. Legality of the moves
// is the job of replay_ggf.
GgfGame parse_ggf(std::string_view text);

// The records of a file that holds several games (a match's GGF, one game a line, or GGS's
// "2 (;...;) (;...;)"), in order, each as parse_ggf takes it. Throws ParseError on text between
// records or a record that is never closed, naming the game's number.
std::vector<std::string_view> split_ggf_records(std::string_view text);

// The record on one line, as NBoard reads it: explicit PA passes wherever the side to move has none
// (so a game built without passes is written correctly), upper-case moves, evals and times in
// fixed-point notation. parse_ggf(write_ggf(g)) == g for a game whose passes are explicit.
std::string write_ggf(const GgfGame& game);

// The game after all moves from the start board. Explicit PA passes must be forced; a pass left out
// where the side to move had no move is inferred. Throws ParseError on an illegal move, naming its
// number (1-based, in `game.moves`).
Game replay_ggf(const GgfGame& game);

// One move item, "<move>[/<eval>[/<seconds>]]" as inside B[...]/W[...] or in NBoard's `move` command
// ("F5", "f5/-1.00/0.3", "C3//2.5", "PA"). Throws ParseError if the move is not a square or a pass;
// an eval or time that does not read as a number is ignored, as NBoard does.
GgfMove parse_ggf_move(std::string_view text, Geometry geometry = Geometry::k8x8);
// The item back: upper-case move ("PA" for a pass), numbers in fixed-point notation ("F5/-1/0.25").
std::string format_ggf_move(const GgfMove& move, Geometry geometry = Geometry::k8x8);

// A GGF clock "<time>[/<increment>[/<grace>]]", each part "[[d.]h:]m:ss" or plain seconds
// ("15:00" = 900, "1:00:00" = 3600, "5:00//2:00", "90"). Throws ParseError on anything else.
struct GgfClock {
    double seconds = 0;
    double increment = 0;
    double grace = 120;  // GGS's default when absent
};
GgfClock parse_ggf_clock_parts(std::string_view text);
// Just the main time of a clock, in seconds.
double parse_ggf_clock(std::string_view text);

}  // namespace tempo
