// Text forms of squares, moves, transcripts and boards. Parsers never trust their input: anything
// malformed throws ParseError with a message naming the problem and where it is.
//
// Squares are written a1..h8, a1 top-left, rows downward. On 6x6 the names are a1..f6 for the
// board's own 6x6 grid (stored on b2..g7 of the 8x8 word).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/parse_error.hpp"

namespace tempo {

std::string square_name(int square, Geometry geometry = Geometry::k8x8);
// "pass" for kPass, otherwise the square name.
std::string move_name(Move move, Geometry geometry = Geometry::k8x8);
// A square name (either case), or a pass written "pass", "pa" or "ps" (either case).
Move parse_move(std::string_view text, Geometry geometry = Geometry::k8x8);

// Moves as space-separated names, passes included ("a2 b1 pass c1"): principal variations.
std::string moves_text(const std::vector<Move>& moves, Geometry geometry = Geometry::k8x8);

// Moves as concatenated square names, passes left out ("f5d6c3").
std::string transcript(const std::vector<Move>& moves, Geometry geometry = Geometry::k8x8);
// Replays a transcript from the start of `game`: squares may be separated by spaces, commas or
// dashes; passes may be written ("pass"/"pa") or left out (then they are inferred when forced).
// Throws on an unknown token or an illegal move, naming the move number.
void play_transcript(Game& game, std::string_view text);
Game parse_transcript(std::string_view text, Variant variant = {});

// How a board string is laid out. OBF and NBoard write the squares side by side; GGF's BO may
// space them out ("-------- ---O*--- ...").
enum class BoardLayout { kPacked, kSpaced };

// Board strings as in OBF: one character per square a1..h8 (or a1..f6 on 6x6), 'X'/'x'/'*'/'B'
// black, 'O'/'o'/'W'/'0' white, '-'/'.'/'_' empty; then whitespace and the side to move ('X', 'O',
// '*', "black" or "white", any case). Extra text after the side is left for the caller (see `rest`).
// kSpaced allows whitespace between the squares. The one board parser: every format uses it.
Position parse_board(std::string_view text, Geometry geometry = Geometry::k8x8, std::string_view* rest = nullptr,
                     BoardLayout layout = BoardLayout::kPacked);
// A position as a person types it: a board string or a transcript from the start, whichever the
// text is (empty: the start). Unlike parse_board, nothing may follow the side to move. Throws
// ParseError saying why the text is neither.
Game parse_position_text(std::string_view text, Variant variant = {});
std::string board_string(const Position& position, Geometry geometry = Geometry::k8x8);

// The board drawn for people, rows numbered and columns lettered; `marks` squares show as '.'.
std::string board_diagram(const Position& position, Geometry geometry = Geometry::k8x8, Bitboard marks = 0);

// Maps between a geometry's own grid index (row * side + column) and the 8x8 square.
int square_from_grid(int grid_index, Geometry geometry);
int grid_from_square(int square, Geometry geometry);

}  // namespace tempo
