// Discs flipped by a move: for each of the 8 directions, the run of opponent discs from the move's
// square up to the first non-opponent square, kept only when that square holds a player disc.
// Per-square ray masks turn "first non-opponent square" into a lowest-bit (rays that grow the bit
// index) or highest-bit (rays that shrink it) question, with no loop over the run.
#pragma once

#include <array>

#include "engine/bitboard.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace tempo {

namespace detail {

// Rays from a square, not including it; lanes in the order of the shifts 1, 8, 7, 9.
struct alignas(64) Rays {
    Bitboard up[4];    // towards higher bit indices: east, south, south-west, south-east
    Bitboard down[4];  // towards lower bit indices: west, north, north-east, north-west
};

constexpr Bitboard ray(int square, int dcol, int drow) {
    Bitboard r = 0;
    for (int c = square % 8 + dcol, w = square / 8 + drow; c >= 0 && c < 8 && w >= 0 && w < 8; c += dcol, w += drow)
        r |= square_bit(w * 8 + c);
    return r;
}

constexpr std::array<Rays, 64> make_rays() {
    std::array<Rays, 64> rays{};
    for (int sq = 0; sq < 64; ++sq) {
        rays[sq] = Rays{{ray(sq, 1, 0), ray(sq, 0, 1), ray(sq, -1, 1), ray(sq, 1, 1)},
                        {ray(sq, -1, 0), ray(sq, 0, -1), ray(sq, 1, -1), ray(sq, -1, -1)}};
    }
    return rays;
}

inline constexpr std::array<Rays, 64> kRays = make_rays();

}  // namespace detail

// Portable version, one direction at a time.
inline Bitboard flips_scalar(int square, Bitboard player, Bitboard opponent) {
    const detail::Rays& rays = detail::kRays[square];
    Bitboard flipped = 0;
    for (int lane = 0; lane < 4; ++lane) {
        // Growing ray: the lowest non-opponent square closes the run; flip everything below it.
        const Bitboard up = rays.up[lane];
        const Bitboard up_stop = ~opponent & up;
        const Bitboard up_outflank = up_stop & (0 - up_stop) & player;
        flipped |= (up_outflank - static_cast<Bitboard>(up_outflank != 0)) & up;

        // Shrinking ray: the highest non-opponent square closes it. `| 1` keeps countl_zero defined;
        // the stray bit 0 is either off the ray or an opponent disc, so it never passes `& player & down`.
        const Bitboard down = rays.down[lane];
        const Bitboard down_stop = (~opponent & down) | 1;
        const Bitboard down_outflank = (Bitboard{1} << (63 - std::countl_zero(down_stop))) & player & down;
        flipped |= (0 - (down_outflank << 1)) & down;
    }
    return flipped;
}

#if defined(__AVX2__)
// Four directions per register. The shrinking rays need the highest stop square: AVX-512VL/CD
// count leading zeros on 256-bit registers; plain AVX2 smears the stop squares down the ray.
inline Bitboard flips_avx2(int square, Bitboard player, Bitboard opponent) {
    const detail::Rays& rays = detail::kRays[square];
    const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
    const __m256i o = _mm256_set1_epi64x(static_cast<long long>(opponent));
    const __m256i zero = _mm256_setzero_si256();

    const __m256i up = _mm256_load_si256(reinterpret_cast<const __m256i*>(rays.up));
    const __m256i up_stop = _mm256_andnot_si256(o, up);
    const __m256i up_outflank = _mm256_and_si256(_mm256_and_si256(up_stop, _mm256_sub_epi64(zero, up_stop)), p);
    const __m256i up_missing = _mm256_cmpeq_epi64(up_outflank, zero);
    const __m256i up_flips = _mm256_andnot_si256(
        up_missing, _mm256_and_si256(_mm256_add_epi64(up_outflank, _mm256_cmpeq_epi64(zero, zero)), up));

    const __m256i down = _mm256_load_si256(reinterpret_cast<const __m256i*>(rays.down));
    const __m256i down_stop = _mm256_andnot_si256(o, down);
#if defined(__AVX512CD__) && defined(__AVX512VL__)
    // The closing square is the highest stop square: a leading-zero count finds it (a shift by 64,
    // when there is none, gives 0). Flip the ray squares above it.
    const __m256i highest = _mm256_srlv_epi64(_mm256_set1_epi64x(static_cast<long long>(0x8000000000000000ULL)),
                                              _mm256_lzcnt_epi64(down_stop));
    const __m256i down_outflank = _mm256_and_si256(highest, p);
    const __m256i down_flips = _mm256_and_si256(_mm256_sub_epi64(zero, _mm256_slli_epi64(down_outflank, 1)), down);
#else
    // No 64-bit leading-zero count: smear the stop squares down the ray instead. `below` is the
    // closing square and every ray square past it (7 steps cover any ray).
    const __m256i shift = _mm256_set_epi64x(9, 7, 8, 1);
    __m256i below = _mm256_or_si256(down_stop, _mm256_srlv_epi64(down_stop, shift));
    below = _mm256_or_si256(below, _mm256_srlv_epi64(below, _mm256_add_epi64(shift, shift)));
    below = _mm256_or_si256(below, _mm256_srlv_epi64(below, _mm256_slli_epi64(shift, 2)));
    const __m256i down_outflank = _mm256_and_si256(_mm256_andnot_si256(_mm256_srlv_epi64(below, shift), down_stop), p);
    const __m256i down_missing = _mm256_cmpeq_epi64(down_outflank, zero);
    const __m256i down_flips = _mm256_andnot_si256(down_missing, _mm256_andnot_si256(below, down));
#endif

    const __m256i all = _mm256_or_si256(up_flips, down_flips);
    const __m128i half = _mm_or_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
    return static_cast<Bitboard>(_mm_cvtsi128_si64(half)) | static_cast<Bitboard>(_mm_extract_epi64(half, 1));
}
#endif

// The flip routine the engine uses: AVX2 when the build targets it, the portable one otherwise.
inline Bitboard flips(int square, Bitboard player, Bitboard opponent) {
#if defined(__AVX2__)
    return flips_avx2(square, player, opponent);
#else
    return flips_scalar(square, player, opponent);
#endif
}

}  // namespace tempo
