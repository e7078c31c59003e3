// Discs flipped by a move on the last empty square of a full 8x8 board, counted without building
// them: every other square holds a disc, so along each of the four lines through the square the
// flips depend only on where the mover's discs are. One bit extraction and one table lookup per
// line replace the general flip routine and its popcount in the solver's last ply.
#pragma once

#include <array>
#include <cstdint>

#include "engine/bitboard.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace tempo::endgame {

#if defined(__BMI2__)
constexpr bool kHasLastFlipCount = true;
#else
constexpr bool kHasLastFlipCount = false;  // without pext the general flip routine is as fast
#endif

namespace detail {

// The four lines through each square (row, column, both diagonals), the square included.
struct SquareLines {
    Bitboard line[4];
    std::uint8_t position[4];  // the square's index among its line's squares, lowest bit first
};

constexpr std::array<SquareLines, 64> make_square_lines() {
    std::array<SquareLines, 64> table{};
    constexpr int kSteps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};  // (row, column) steps
    for (int sq = 0; sq < 64; ++sq) {
        for (int l = 0; l < 4; ++l) {
            Bitboard line = 0;
            for (int dir : {-1, 1})
                for (int r = sq / 8, c = sq % 8; r >= 0 && r < 8 && c >= 0 && c < 8;
                     r += dir * kSteps[l][0], c += dir * kSteps[l][1])
                    line |= Bitboard{1} << (r * 8 + c);
            table[sq].line[l] = line;
            table[sq].position[l] = static_cast<std::uint8_t>(std::popcount(line & ((Bitboard{1} << sq) - 1)));
        }
    }
    return table;
}

inline constexpr std::array<SquareLines, 64> kSquareLines = make_square_lines();

// kLineFlips[p][bits]: discs flipped on a full line by a move at cell p when the mover owns the
// cells set in `bits` (bit p ignored) and the opponent every other cell. Cells past a short line's
// end read as 0, an opponent run that no disc closes, so they never add flips.
constexpr std::array<std::array<std::uint8_t, 256>, 8> make_line_flips() {
    std::array<std::array<std::uint8_t, 256>, 8> table{};
    for (int p = 0; p < 8; ++p)
        for (int bits = 0; bits < 256; ++bits) {
            int count = 0;
            for (int dir : {-1, 1}) {
                int run = 0, i = p + dir;
                while (i >= 0 && i < 8 && !(bits >> i & 1)) {
                    ++run;
                    i += dir;
                }
                if (i >= 0 && i < 8) count += run;  // closed by a mover's disc
            }
            table[p][bits] = static_cast<std::uint8_t>(count);
        }
    return table;
}

inline constexpr std::array<std::array<std::uint8_t, 256>, 8> kLineFlips = make_line_flips();

}  // namespace detail

// The bits of `word` under `mask`, packed low: BMI2 pext; the loop keeps portable builds compiling
// and the count testable there (their solver does not use it: kHasLastFlipCount is false).
inline std::uint32_t line_bits(Bitboard word, Bitboard mask) {
#if defined(__BMI2__)
    return static_cast<std::uint32_t>(_pext_u64(word, mask));
#else
    std::uint32_t out = 0;
    for (int b = 0; mask; mask &= mask - 1, ++b)
        out |= static_cast<std::uint32_t>((word & mask & (0 - mask)) != 0) << b;
    return out;
#endif
}

// Discs the owner of `mover` flips by playing `square`, the only empty square of the 8x8 board.
inline int last_flip_count(int square, Bitboard mover) {
    const detail::SquareLines& s = detail::kSquareLines[square];
    return detail::kLineFlips[s.position[0]][line_bits(mover, s.line[0])] +
           detail::kLineFlips[s.position[1]][line_bits(mover, s.line[1])] +
           detail::kLineFlips[s.position[2]][line_bits(mover, s.line[2])] +
           detail::kLineFlips[s.position[3]][line_bits(mover, s.line[3])];
}

}  // namespace tempo::endgame
