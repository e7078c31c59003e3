// Naive square-by-square move generation and flips: slow, obviously right, the yardstick for the
// bitboard code.
#pragma once

#include "engine/board.hpp"

namespace tempo::reference {

inline Bitboard flips(int square, Bitboard player, Bitboard opponent) {
    if ((player | opponent) & square_bit(square)) return 0;
    Bitboard all = 0;
    for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
            if (!dr && !dc) continue;
            Bitboard run = 0;
            int r = square / 8 + dr, c = square % 8 + dc;
            while (r >= 0 && r < 8 && c >= 0 && c < 8 && (opponent & square_bit(r * 8 + c))) {
                run |= square_bit(r * 8 + c);
                r += dr;
                c += dc;
            }
            if (r >= 0 && r < 8 && c >= 0 && c < 8 && (player & square_bit(r * 8 + c))) all |= run;
        }
    }
    return all;
}

inline Bitboard legal_moves(Bitboard player, Bitboard opponent, Bitboard playable = kPlayable8x8) {
    Bitboard moves = 0;
    for (int sq = 0; sq < 64; ++sq)
        if ((playable & square_bit(sq)) && flips(sq, player, opponent)) moves |= square_bit(sq);
    return moves;
}

// Perft in the same convention as engine/perft, by the naive generator and no bulk counting.
inline std::uint64_t perft(const Board& board, int depth, Bitboard playable = kPlayable8x8) {
    if (depth == 0) return 1;
    const Bitboard moves = legal_moves(board.player, board.opponent, playable);
    if (!moves) {
        const Board passed{board.opponent, board.player};
        if (!legal_moves(passed.player, passed.opponent, playable)) return 1;
        return perft(passed, depth - 1, playable);
    }
    std::uint64_t leaves = 0;
    for (int sq = 0; sq < 64; ++sq) {
        if (!(moves & square_bit(sq))) continue;
        const Bitboard f = flips(sq, board.player, board.opponent);
        leaves += perft(Board{board.opponent ^ f, board.player | f | square_bit(sq)}, depth - 1, playable);
    }
    return leaves;
}

}  // namespace tempo::reference
