// The pattern set of the 8x8 evaluation (Logistello/Edax family): 11 shapes, each placed at every
// distinct position the 8 board symmetries give it (46 placements), all placements of a shape
// sharing one weight table. A placement's index is the base-3 number of its squares (0 empty,
// 1 side to move, 2 opponent), digits in the order of the shape's squares in its base position.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board.hpp"

namespace tempo {

// A shape: its squares in the base position (a1 corner or row 1 side).
struct PatternShape {
    const char* name;
    Bitboard mask;
    int squares;     // popcount(mask)
    int table_size;  // 3^squares
};

constexpr int kPatternShapes = 11;
constexpr int kPlacements = 46;
// Identifies this pattern set in weight files: change it whenever a shape or placement changes.
constexpr std::uint32_t kPatternSetId = 0x7e3a0001;

constexpr int pow3(int n) { return n == 0 ? 1 : 3 * pow3(n - 1); }

// Base positions, squares as bits (a1 = bit 0, h1 = bit 7).
constexpr std::array<PatternShape, kPatternShapes> kShapes{{
    {"corner3x3", 0x0000000000070707ULL, 9, pow3(9)},    // a1-c3
    {"corner2x5", 0x0000000000001f1fULL, 10, pow3(10)},  // a1-e2
    {"edge2x", 0x00000000000042ffULL, 10, pow3(10)},     // row 1 + b2, g2
    {"row2", 0x000000000000ff00ULL, 8, pow3(8)},
    {"row3", 0x0000000000ff0000ULL, 8, pow3(8)},
    {"row4", 0x00000000ff000000ULL, 8, pow3(8)},
    {"diag8", 0x8040201008040201ULL, 8, pow3(8)},  // a1-h8
    {"diag7", 0x0080402010080402ULL, 7, pow3(7)},  // b1-h7
    {"diag6", 0x0000804020100804ULL, 6, pow3(6)},  // c1-h6
    {"diag5", 0x0000008040201008ULL, 5, pow3(5)},  // d1-h5
    {"diag4", 0x0000000080402010ULL, 4, pow3(4)},  // e1-h4
}};

// Where shape s's table starts in a phase's weights: the tables one after another, in shape
// order (kShapeTableStart[kPatternShapes]: where they end).
constexpr std::array<int, kPatternShapes + 1> kShapeTableStart = [] {
    std::array<int, kPatternShapes + 1> start{};
    for (int s = 0; s < kPatternShapes; ++s) start[s + 1] = start[s] + kShapes[s].table_size;
    return start;
}();

// Shape of each placement, in order (placements are grouped by shape).
constexpr std::array<std::uint8_t, kPlacements> kPlacementShape{0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1,  1,  2,  2, 2, 2,
                                                                3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5,  5,  6,  6, 7, 7,
                                                                7, 7, 8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10};

// One placement of a shape: the squares it covers on the real board and the table that turns
// the bits read there (by pext, in ascending square order) into base-3 digits in shape order.
struct Placement {
    int shape;
    Bitboard mask;
    const std::uint16_t* ternary;  // 2^squares entries: bits -> sum of 3^digit
    int symmetry;                  // the first transform (engine/symmetry.hpp) of the base onto `mask`
};

// The 46 placements, grouped by shape (shape 0 first).
const std::array<Placement, kPlacements>& placements();

// The index of every placement for `board` (side to move = digit 1): AVX-512 (BITALG) when the
// build targets it, else the portable form.
void pattern_indices(const Board& board, std::array<std::uint16_t, kPlacements>& out);
// The sum of the 46 placements' weights in `shape_tables`, where shape s's table of
// kShapes[s].table_size int16 weights starts at entry kShapeTableStart[s] (the layout of a
// phase in eval/features.hpp), with at least one more int16 readable after the last table.
// AVX-512: the indices stay in registers and six 8-lane gathers read the weights.
int pattern_weight_sum(const Board& board, const std::int16_t* shape_tables);

// The portable form: two bit extractions (pext) and two table reads per placement.
void pattern_indices_portable(const Board& board, std::array<std::uint16_t, kPlacements>& out);

// The index a placement would have with the base position's square order, read one square at a
// time: the slow reference the tests compare the fast path with.
int pattern_index_reference(const Board& board, int placement);

// For each shape, the index of the same contents seen through every symmetry that maps the shape
// onto itself (a mirror of the edge, of the corner square...): `mirror_index(shape, idx)` is the
// smallest such index, the representative the training ties weights to.
int mirror_canonical_index(int shape, int index);

}  // namespace tempo
