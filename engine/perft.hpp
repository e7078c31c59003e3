// Perft: the number of leaves of the game tree to a fixed depth, in the standard ("Bik") convention:
// a forced pass uses up one ply, and a game that ends before full depth counts as one leaf.
#pragma once

#include <cstdint>

#include "engine/board.hpp"

namespace tempo {

std::uint64_t perft(const Board& board, int depth, Geometry geometry = Geometry::k8x8);

}  // namespace tempo
