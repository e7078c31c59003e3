// The evaluation's features for one position: the 46 pattern placements, the mobility of each side
// and the parity of the empties, each as an offset into one phase's weight table. The evaluation
// sums the weights at these offsets; the training fits them.
#pragma once

#include <array>
#include <cstdint>

#include "eval/patterns.hpp"

namespace tempo {

constexpr int kMobilityEntries = 64;  // legal-move count, clamped
constexpr int kPlayerMobilityOffset = kShapeTableStart[kPatternShapes];
constexpr int kOpponentMobilityOffset = kPlayerMobilityOffset + kMobilityEntries;
constexpr int kParityOffset = kOpponentMobilityOffset + kMobilityEntries;  // empties even / odd
constexpr int kWeightsPerPhase = kParityOffset + 2;

constexpr int kFeatures = kPlacements + 3;
using FeatureOffsets = std::array<std::uint32_t, kFeatures>;

// The offsets of the features that are not patterns: each side's legal-move count (clamped) and
// the parity of the `empties` empty playable squares. The evaluation adds their weights to the
// pattern sum; feature_offsets lists them after the patterns.
inline std::array<std::uint32_t, 3> other_feature_offsets(const Board& board, Bitboard playable, int empties) {
    Bitboard my_moves, their_moves;
    legal_moves_both(board.player, board.opponent, my_moves, their_moves);
    const int mine = popcount(my_moves & playable);
    const int theirs = popcount(their_moves & playable);
    return {std::uint32_t(kPlayerMobilityOffset + (mine < kMobilityEntries ? mine : kMobilityEntries - 1)),
            std::uint32_t(kOpponentMobilityOffset + (theirs < kMobilityEntries ? theirs : kMobilityEntries - 1)),
            std::uint32_t(kParityOffset + (empties & 1))};
}

// The offsets of all features of `board` into a phase's weights. A 6x6 board (b2..g7, `playable`
// = kPlayable6x6) is read by the same placements: its edges, rows, diagonals and corner blocks are
// the 8x8 shapes one ring in, with the off-board squares always empty; its moves are counted on
// the playable squares only.
inline void feature_offsets(const Board& board, FeatureOffsets& out, Bitboard playable = kPlayable8x8) {
    std::array<std::uint16_t, kPlacements> index;
    pattern_indices(board, index);
    for (int i = 0; i < kPlacements; ++i) out[i] = kShapeTableStart[kPlacementShape[i]] + index[i];
    const auto others = other_feature_offsets(board, playable, board.empty_count(playable));
    for (int i = 0; i < 3; ++i) out[kPlacements + i] = others[i];
}

}  // namespace tempo
