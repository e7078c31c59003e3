// Variants: the board geometry (8x8, or 6x6 inside the 8x8 word) and the rule set (standard or anti).
// Geometry decides which squares exist; rules decide only how a finished game is scored.
#pragma once

#include <string>
#include <string_view>

#include "engine/bitboard.hpp"

namespace tempo {

enum class Geometry : std::uint8_t { k8x8, k6x6 };
enum class Rules : std::uint8_t { kStandard, kAnti };

// 6x6 lives on b2..g7: the outer ring is never occupied, so the 8x8 move generator works unchanged
// once its target squares are masked to the playable area.
constexpr Bitboard kPlayable8x8 = ~Bitboard{0};
constexpr Bitboard kPlayable6x6 = 0x007e7e7e7e7e7e00ULL;

constexpr Bitboard playable_squares(Geometry g) { return g == Geometry::k8x8 ? kPlayable8x8 : kPlayable6x6; }
constexpr Bitboard corner_squares(Geometry g) {
    return g == Geometry::k8x8 ? 0x8100000000000081ULL : 0x0042000000004200ULL;
}
// The squares next to the corners (C- and X-squares), which give a corner away.
constexpr Bitboard corner_neighbour_squares(Geometry g) {
    return g == Geometry::k8x8 ? 0x42c300000000c342ULL : 0x0024660000662400ULL;
}
constexpr int square_count(Geometry g) { return g == Geometry::k8x8 ? 64 : 36; }
constexpr int side_length(Geometry g) { return g == Geometry::k8x8 ? 8 : 6; }

struct Variant {
    Geometry geometry = Geometry::k8x8;
    Rules rules = Rules::kStandard;

    constexpr Bitboard playable() const { return playable_squares(geometry); }
    constexpr int squares() const { return square_count(geometry); }
    constexpr Bitboard corners() const { return corner_squares(geometry); }
    constexpr Bitboard corner_neighbours() const { return corner_neighbour_squares(geometry); }
    constexpr bool operator==(const Variant&) const = default;

    // "8x8", "6x6", "anti", "anti6x6".
    std::string name() const;
    // Accepts the names above (case-insensitive); throws ParseError otherwise.
    static Variant parse(std::string_view text);
};

}  // namespace tempo
