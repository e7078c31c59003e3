// Stable discs: discs that no sequence of moves can flip. The solver uses them to bound the score
// (the opponent's stable discs are lost to the side to move for good), so they must never be
// overestimated; underestimating only weakens the bound.
#pragma once

#include "engine/bitboard.hpp"

namespace tempo {

// The player's discs that are stable on the 8x8 board: edge discs stable along their edge (exact,
// from a precomputed table of every edge configuration), discs whose four lines are full, and
// discs that lean on stable neighbours or full lines in each of the four directions.
Bitboard stable_discs(Bitboard player, Bitboard opponent);

// Only the edge part of stable_discs (exact for edge squares): for tests and cheap bounds.
Bitboard stable_edge_discs(Bitboard player, Bitboard opponent);

// The same on the 6x6 board (b2..g7 of the 8x8 word, Geometry::k6x6).
Bitboard stable_discs_6x6(Bitboard player, Bitboard opponent);
Bitboard stable_edge_discs_6x6(Bitboard player, Bitboard opponent);

}  // namespace tempo
