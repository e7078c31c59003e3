// Hashes from xxHash (XXH3), the project's only door to it: position keys for the transposition
// table and the book, and checksums for the data files.
#pragma once

#include <cstddef>

// XXH3's AVX-512 kernel trips GCC 12's -Wmaybe-uninitialized inside its intrinsics headers; the AVX2
// kernel is as fast for our inputs (16-byte keys take the short-input path anyway).
#if defined(__AVX2__)
#define XXH_VECTOR XXH_AVX2
#endif
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "engine/board.hpp"

namespace tempo {

inline std::uint64_t hash_key(const Board& board) { return XXH3_64bits(&board, sizeof(Board)); }

// Checksum of a file's payload.
inline std::uint64_t checksum64(const void* data, std::size_t size) { return XXH3_64bits(data, size); }

}  // namespace tempo
