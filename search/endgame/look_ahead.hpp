// The shallow alpha-beta that sorts moves high in the endgame tree: each move's child is searched a
// ply or two deep on a cheap leaf score (the trained evaluation, or mobility when there is none).
#pragma once

#include <cstdint>
#include <limits>

#include "search/endgame/rules.hpp"

namespace tempo::endgame {

// Fail-soft alpha-beta to `depth` plies, side to move's view. `leaf(player, opponent)` scores the
// frontier; a finished game scores its final margin times `end_unit` (the leaf's units per disc).
// Counts every position it expands or scores in `nodes`.
template <class T, class Leaf>
int look_ahead(const Leaf& leaf, int end_unit, Bitboard player, Bitboard opponent, int alpha, int beta, int depth,
               std::uint64_t& nodes) {
    ++nodes;
    if (depth == 0) return leaf(player, opponent);
    Bitboard moves = T::moves(player, opponent);
    if (!moves) {
        if (!T::moves(opponent, player))
            return end_unit * T::final_score(popcount(player), popcount(~(player | opponent) & T::kPlayable));
        return -look_ahead<T>(leaf, end_unit, opponent, player, -beta, -alpha, depth, nodes);
    }
    int best = std::numeric_limits<int>::min();  // any move's score replaces it
    for (; moves; moves &= moves - 1) {
        const int x = first_square(moves);
        const Bitboard f = flips(x, player, opponent);
        const int v =
            -look_ahead<T>(leaf, end_unit, opponent ^ f, player | f | square_bit(x), -beta, -alpha, depth - 1, nodes);
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    return best;
}

}  // namespace tempo::endgame
