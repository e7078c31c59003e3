// The 8 symmetries of the square board (identity, 3 rotations, 4 reflections) as bit permutations.
// The 6x6 area b2..g7 is centred, so the same transforms map a 6x6 board onto itself.
#pragma once

#include <array>

#include "engine/board.hpp"

namespace tempo {

// Rows reversed (a1 <-> a8).
constexpr Bitboard flip_vertical(Bitboard b) { return __builtin_bswap64(b); }  // std::byteswap is C++23

// Columns reversed (a1 <-> h1): swap bits, pairs, nibbles within each byte.
constexpr Bitboard flip_horizontal(Bitboard b) {
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    b = ((b >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((b & 0x0f0f0f0f0f0f0f0fULL) << 4);
    return b;
}

// Mirror in the a1-h8 diagonal (row and column exchanged), by three delta swaps.
constexpr Bitboard flip_diagonal(Bitboard b) {
    Bitboard t = (b ^ (b >> 7)) & 0x00aa00aa00aa00aaULL;
    b ^= t ^ (t << 7);
    t = (b ^ (b >> 14)) & 0x0000cccc0000ccccULL;
    b ^= t ^ (t << 14);
    t = (b ^ (b >> 28)) & 0x00000000f0f0f0f0ULL;
    b ^= t ^ (t << 28);
    return b;
}

constexpr int kSymmetries = 8;

// Symmetry k (0 = identity): bit 0 flips vertically, bit 1 horizontally, bit 2 in the diagonal.
constexpr Bitboard transform(Bitboard b, int k) {
    if (k & 1) b = flip_vertical(b);
    if (k & 2) b = flip_horizontal(b);
    if (k & 4) b = flip_diagonal(b);
    return b;
}
constexpr Board transform(const Board& board, int k) { return {transform(board.player, k), transform(board.opponent, k)}; }
constexpr int transform_square(int square, int k) { return first_square(transform(square_bit(square), k)); }

// The symmetry that undoes symmetry k.
constexpr int inverse_symmetry(int k) {
    // The diagonal mirror swaps the roles of the row and column flips when it is applied first.
    if (!(k & 4)) return k;
    return 4 | ((k & 1) << 1) | ((k & 2) >> 1);
}

// The smallest of the 8 transforms of a board (ordered by player then opponent): equal for all
// boards that are symmetric images of each other.
constexpr Board canonical(const Board& board) {
    Board best = board;
    for (int k = 1; k < kSymmetries; ++k) {
        const Board t = transform(board, k);
        if (t < best) best = t;
    }
    return best;
}

}  // namespace tempo
