// Legal moves by direction fills (Kogge-Stone parallel prefix): no magic multipliers, no tables.
// A square is a legal move when, in some direction, it is empty and followed by a run of opponent
// discs closed by a player disc. Filling from the player's discs across opponent discs and stepping
// once more onto an empty square finds every such square for one direction.
#pragma once

#include "engine/bitboard.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace tempo {

// The capacity of a move list: one entry per square. A reachable position has at most 33 legal
// moves, but a board read from a file can have more, never more than its empty squares.
constexpr int kMaxMoves = 64;

namespace detail {

// Moves along +shift and -shift at once. `crossable` are the opponent discs a run may contain in this
// direction (edge columns removed for directions with a horizontal component, so fills cannot wrap).
// B is a Bitboard, or eight of them in a vector register (Bitboard8): the same operators serve both.
// `shift` is a constant, or (B a vector) a shift per lane, so that lanes can run different directions.
template <class B, class Shift>
inline B moves_along(B player, B crossable, Shift shift) {
    // Runs of up to 6 opponent discs: 1 + 1 + 2 + 2 steps.
    const Shift shift2 = shift + shift;
    B up = crossable & (player << shift);
    B down = crossable & (player >> shift);
    up |= crossable & (up << shift);
    down |= crossable & (down >> shift);
    const B pairs_up = crossable & (crossable << shift);
    const B pairs_down = crossable & (crossable >> shift);
    up |= pairs_up & (up << shift2);
    down |= pairs_down & (down >> shift2);
    up |= pairs_up & (up << shift2);
    down |= pairs_down & (down >> shift2);
    return (up << shift) | (down >> shift);
}

// The four direction pairs one after another.
template <class B>
inline B legal_moves_by_fills(B player, B opponent) {
    const B inner = opponent & kInnerColumns;
    const B moves = moves_along(player, inner, 1) | moves_along(player, opponent, 8) | moves_along(player, inner, 7) |
                    moves_along(player, inner, 9);
    return moves & ~(player | opponent);
}

}  // namespace detail

// Portable version.
inline Bitboard legal_moves_scalar(Bitboard player, Bitboard opponent) {
    return detail::legal_moves_by_fills(player, opponent);
}

#if defined(__AVX2__)
// The four direction pairs side by side in one 256-bit register (shifts 1, 8, 7, 9 per lane).
inline Bitboard legal_moves_avx2(Bitboard player, Bitboard opponent) {
    const __m256i shift = _mm256_set_epi64x(9, 7, 8, 1);
    const __m256i shift2 = _mm256_add_epi64(shift, shift);
    const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
    const __m256i crossable =
        _mm256_and_si256(_mm256_set1_epi64x(static_cast<long long>(opponent)),
                         _mm256_set_epi64x(static_cast<long long>(kInnerColumns), static_cast<long long>(kInnerColumns),
                                           -1, static_cast<long long>(kInnerColumns)));

    __m256i up = _mm256_and_si256(crossable, _mm256_sllv_epi64(p, shift));
    __m256i down = _mm256_and_si256(crossable, _mm256_srlv_epi64(p, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(crossable, _mm256_sllv_epi64(up, shift)));
    down = _mm256_or_si256(down, _mm256_and_si256(crossable, _mm256_srlv_epi64(down, shift)));
    const __m256i pairs_up = _mm256_and_si256(crossable, _mm256_sllv_epi64(crossable, shift));
    const __m256i pairs_down = _mm256_and_si256(crossable, _mm256_srlv_epi64(crossable, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, shift2)));
    down = _mm256_or_si256(down, _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, shift2)));
    up = _mm256_or_si256(up, _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, shift2)));
    down = _mm256_or_si256(down, _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, shift2)));
    const __m256i moves = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));

    const __m128i half = _mm_or_si128(_mm256_castsi256_si128(moves), _mm256_extracti128_si256(moves, 1));
    const Bitboard all =
        static_cast<Bitboard>(_mm_cvtsi128_si64(half)) | static_cast<Bitboard>(_mm_extract_epi64(half, 1));
    return all & ~(player | opponent);
}
#endif

#if defined(__AVX512F__)
// Eight bitboards, one per 64-bit lane of an AVX-512 register, in the GCC/Clang vector extension:
// its operators (& | << >>) compile to the AVX-512 instructions without the intrinsics' masked
// forms (GCC 12 warns on those, PR 105593).
using Bitboard8 = Bitboard __attribute__((vector_size(64)));

// Legal moves of eight positions at once (lane i: player[i], opponent[i]): the portable fills with
// a board per lane, for scoring a whole move list's replies.
inline Bitboard8 legal_moves_x8(Bitboard8 player, Bitboard8 opponent) {
    return detail::legal_moves_by_fills(player, opponent);
}

#if defined(__AVX512VPOPCNTDQ__)
// The disc count of each lane.
inline Bitboard8 popcount_x8(Bitboard8 b) { return (Bitboard8)_mm512_popcnt_epi64((__m512i)b); }
#endif
#endif

// The move generator the engine uses: AVX2 when the build targets it, the portable one otherwise.
inline Bitboard legal_moves(Bitboard player, Bitboard opponent) {
#if defined(__AVX2__)
    return legal_moves_avx2(player, opponent);
#else
    return legal_moves_scalar(player, opponent);
#endif
}

#if defined(__AVX512F__)
// Both sides' legal moves in one pass: the four direction pairs of the player in lanes 0-3 and
// the opponent's in lanes 4-7, where two AVX2 passes would take twice the steps.
inline void legal_moves_both_avx512(Bitboard player, Bitboard opponent, Bitboard& mine, Bitboard& theirs) {
    const Bitboard8 shift{1, 8, 7, 9, 1, 8, 7, 9};
    const Bitboard8 from{player, player, player, player, opponent, opponent, opponent, opponent};
    const Bitboard8 crossable = Bitboard8{opponent, opponent, opponent, opponent, player, player, player, player} &
                                Bitboard8{kInnerColumns, ~Bitboard{0}, kInnerColumns, kInnerColumns,
                                          kInnerColumns, ~Bitboard{0}, kInnerColumns, kInnerColumns};
    const Bitboard8 moves = detail::moves_along(from, crossable, shift);
    const Bitboard empty = ~(player | opponent);
    mine = (moves[0] | moves[1] | moves[2] | moves[3]) & empty;
    theirs = (moves[4] | moves[5] | moves[6] | moves[7]) & empty;
}
#endif

// Both sides' legal moves: `mine` those of `player`, `theirs` those of `opponent`.
inline void legal_moves_both(Bitboard player, Bitboard opponent, Bitboard& mine, Bitboard& theirs) {
#if defined(__AVX512F__)
    legal_moves_both_avx512(player, opponent, mine, theirs);
#else
    mine = legal_moves(player, opponent);
    theirs = legal_moves(opponent, player);
#endif
}

}  // namespace tempo
