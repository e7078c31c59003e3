// Position keys for the transposition table and the book: XXH3 of the two 64-bit boards.
#pragma once

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "engine/board.hpp"

namespace tempo {

inline std::uint64_t hash_key(const Board& board) { return XXH3_64bits(&board, sizeof(Board)); }

}  // namespace tempo
