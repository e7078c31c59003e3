// A legal move as the searches order it: the square, the discs it flips, and the ordering score
// (higher = searched earlier). Shared by the midgame and endgame move lists.
#pragma once

#include "engine/bitboard.hpp"

namespace tempo {

// No default member values: the lists fill each entry, and zeroing 64 of them per node costs time.
struct OrderedMove {
    int square;
    int score;
    Bitboard flips;
};

}  // namespace tempo
