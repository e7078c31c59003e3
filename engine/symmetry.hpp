// The 8 symmetries of the square board (identity, 3 rotations, 4 reflections) as bit permutations.
// The 6x6 area b2..g7 is centred, so the same transforms map a 6x6 board onto itself.
#pragma once

#include <array>
#include <type_traits>
#if defined(__GFNI__) && defined(__AVX512BW__)
#include <immintrin.h>
#define TEMPO_SYMMETRY_GFNI 1
#endif

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
constexpr Board transform(const Board& board, int k) {
    return {transform(board.player, k), transform(board.opponent, k)};
}
constexpr int transform_square(int square, int k) { return first_square(transform(square_bit(square), k)); }

// The symmetry that undoes symmetry k.
constexpr int inverse_symmetry(int k) {
    // The diagonal mirror swaps the roles of the row and column flips when it is applied first.
    if (!(k & 4)) return k;
    return 4 | ((k & 1) << 1) | ((k & 2) >> 1);
}

#if defined(TEMPO_SYMMETRY_GFNI)
// The 8 images of `b` at once, image k in 64-bit lane k (transform(b, k)): the row flip is a byte
// shuffle, the column flip a bit reversal in each byte (GF(2) affine map by the anti-identity
// matrix), and the diagonal mirror a GF(2) product with the board itself as the matrix (which
// transposes it, with bits reversed in each byte: hence a second reversal).
inline __m512i all_transforms(Bitboard b) {
    const __m512i reverse_bits = _mm512_set1_epi64(0x8040201008040201LL);
    const __m512i reverse_bytes = _mm512_set_epi8(
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8,
        9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    __m512i x = _mm512_set1_epi64(static_cast<long long>(b));
    x = _mm512_mask_shuffle_epi8(x, 0xff00ff00ff00ff00ULL, x, reverse_bytes);              // lanes 1, 3, 5, 7
    x = _mm512_mask_gf2p8affine_epi64_epi8(x, 0xffff0000ffff0000ULL, x, reverse_bits, 0);  // lanes 2, 3, 6, 7
    const __m512i transposed = _mm512_gf2p8affine_epi64_epi8(
        _mm512_gf2p8affine_epi64_epi8(_mm512_set1_epi64(0x8040201008040201LL), x, 0), reverse_bits, 0);
    return _mm512_mask_mov_epi64(x, 0xf0, transposed);  // lanes 4-7
}

// The smallest of the 8 lanes (unsigned). (The masked forms with every lane selected: GCC 12's
// unmasked ones start from an undefined register and warn about it.)
inline Bitboard smallest_lane(__m512i x) {
    x = _mm512_mask_min_epu64(x, 0xff, x, _mm512_mask_shuffle_i64x2(x, 0xff, x, x, _MM_SHUFFLE(1, 0, 3, 2)));
    x = _mm512_mask_min_epu64(x, 0xff, x, _mm512_mask_shuffle_i64x2(x, 0xff, x, x, _MM_SHUFFLE(2, 3, 0, 1)));
    x = _mm512_mask_min_epu64(x, 0xff, x, _mm512_mask_shuffle_epi32(x, 0xffff, x, _MM_PERM_BADC));
    return static_cast<Bitboard>(_mm_cvtsi128_si64(_mm512_mask_extracti32x4_epi32(_mm_setzero_si128(), 0xf, x, 0)));
}
#endif

// The smallest of the 8 transforms of a board (ordered by player then opponent): equal for all
// boards that are symmetric images of each other. The evaluation's network asks for it at every
// call, hence the vector form (all 8 images in one register, the smallest found by reductions).
constexpr Board canonical(const Board& board) {
#if defined(TEMPO_SYMMETRY_GFNI)
    if (!std::is_constant_evaluated()) {
        const __m512i players = all_transforms(board.player), opponents = all_transforms(board.opponent);
        const Bitboard player = smallest_lane(players);
        const __mmask8 ties = _mm512_cmpeq_epi64_mask(players, _mm512_set1_epi64(static_cast<long long>(player)));
        // Among the images with that side to move, the smallest opponent (the others set to all ones).
        return {player, smallest_lane(_mm512_mask_mov_epi64(_mm512_set1_epi64(-1), ties, opponents))};
    }
#endif
    Board best = board;
    for (int k = 1; k < kSymmetries; ++k) {
        const Board t = transform(board, k);
        if (t < best) best = t;
    }
    return best;
}

}  // namespace tempo
