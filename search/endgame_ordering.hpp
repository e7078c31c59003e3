// Move lists for the endgame search, sorted fastest-first: the move that leaves the opponent the
// fewest replies is likeliest to cut off and has the smallest subtree. The table move goes first.
#pragma once

#include <cstdint>
#include <utility>

#include "search/endgame_rules.hpp"

namespace tempo::endgame {

struct ScoredMove {
    int square;
    int score;
    Bitboard flips;
};

// Static bonus per square: corners good, X and C squares next to an empty corner poor.
constexpr std::array<int, 64> make_square_values() {
    constexpr int row[8][8] = {
        {18, 4, 16, 12, 12, 16, 4, 18}, {4, 2, 6, 8, 8, 6, 2, 4},     {16, 6, 14, 10, 10, 14, 6, 16},
        {12, 8, 10, 0, 0, 10, 8, 12},   {12, 8, 10, 0, 0, 10, 8, 12}, {16, 6, 14, 10, 10, 14, 6, 16},
        {4, 2, 6, 8, 8, 6, 2, 4},       {18, 4, 16, 12, 12, 16, 4, 18}};
    std::array<int, 64> table{};
    for (int sq = 0; sq < 64; ++sq) table[sq] = row[sq / 8][sq % 8];
    return table;
}
inline constexpr std::array<int, 64> kSquareValue = make_square_values();

// Squares next to any disc of `discs` (for potential mobility).
inline Bitboard neighbours_of(Bitboard discs) {
    const Bitboard h = ((discs << 1) & ~kColumnA) | ((discs >> 1) & ~kColumnH);
    const Bitboard row = discs | h;
    return h | (row << 8) | (row >> 8);
}

struct MoveList {
    ScoredMove moves[32];
    int size = 0;

    // Fills and scores the list; higher score = searched earlier.
    template <class T>
    void generate(Bitboard player, Bitboard opponent, Bitboard legal, unsigned parity, Move tt_move) {
        size = 0;
        const Bitboard odd = kParityMask[parity];
        for (; legal; legal &= legal - 1) {
            const int x = first_square(legal);
            const Bitboard f = flips(x, player, opponent);
            ScoredMove& m = moves[size++];
            m.square = x;
            m.flips = f;
            if (x == tt_move) {
                m.score = 1 << 30;
                continue;
            }
            const Bitboard next_player = opponent ^ f;
            const Bitboard next_opponent = player | f | square_bit(x);
            const Bitboard replies = T::moves(next_player, next_opponent);
            const int mobility = popcount(replies) + popcount(replies & T::kCorners);
            const Bitboard empties = ~(next_player | next_opponent) & T::kPlayable;
            const int potential = popcount(neighbours_of(next_opponent) & empties);
            m.score = -mobility * 64 - potential * 4 + kSquareValue[x] + ((square_bit(x) & odd) ? 8 : 0);
        }
    }

    // Selection sort step: brings the best remaining move to position i and returns it.
    const ScoredMove& next(int i) {
        int best = i;
        for (int j = i + 1; j < size; ++j)
            if (moves[j].score > moves[best].score) best = j;
        if (best != i) std::swap(moves[i], moves[best]);
        return moves[i];
    }
};

}  // namespace tempo::endgame
