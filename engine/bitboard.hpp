// Bitboard basics: one bit per square, bit 0 = a1 (top-left), bit 7 = h1, bit 63 = h8.
#pragma once

#include <bit>
#include <cstdint>

namespace tempo {

using Bitboard = std::uint64_t;

constexpr Bitboard square_bit(int square) { return Bitboard{1} << square; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr int first_square(Bitboard b) { return std::countr_zero(b); }

// Column masks used to stop horizontal and diagonal fills from wrapping round the board edge.
constexpr Bitboard kColumnA = 0x0101010101010101ULL;
constexpr Bitboard kColumnH = 0x8080808080808080ULL;
constexpr Bitboard kInnerColumns = ~(kColumnA | kColumnH);

// Squares next to any disc of `discs` (potential mobility: where a side may get moves later). B is
// a Bitboard, or eight of them in a vector register (Bitboard8, engine/moves.hpp).
template <class B>
inline B neighbours_of(B discs) {
    const B h = ((discs << 1) & ~kColumnA) | ((discs >> 1) & ~kColumnH);
    const B row = discs | h;
    return h | (row << 8) | (row >> 8);
}

// Visits each set bit, lowest first: for_each_square(b, [](int sq) { ... }).
template <typename Visit>
constexpr void for_each_square(Bitboard b, Visit&& visit) {
    for (; b; b &= b - 1) visit(first_square(b));
}

}  // namespace tempo
