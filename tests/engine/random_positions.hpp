// Deterministic streams of test positions: positions reached by random play (realistic), and
// arbitrary disc patterns (corner cases a game rarely reaches).
#pragma once

#include <random>
#include <vector>

#include "engine/board.hpp"
#include "engine/rules.hpp"

namespace tempo::testing {

// Positions met along random games from the start, every ply of every game.
inline std::vector<Board> random_game_positions(std::size_t count, std::uint64_t seed,
                                                Bitboard playable = kPlayable8x8) {
    std::mt19937_64 rng(seed);
    std::vector<Board> out;
    out.reserve(count);
    while (out.size() < count) {
        Board board = Board::start();
        while (out.size() < count) {
            out.push_back(board);
            Bitboard moves = board.moves(playable);
            if (!moves) {
                if (!board.passed().moves(playable)) break;
                board = board.passed();
                continue;
            }
            for (int skip = static_cast<int>(rng() % popcount(moves)); skip > 0; --skip) moves &= moves - 1;
            board = board.play(first_square(moves));
        }
    }
    return out;
}

// Arbitrary disjoint player/opponent patterns with varied densities.
inline std::vector<Board> random_bit_positions(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Board> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const Bitboard occupied = rng() | (i % 2 ? rng() : 0);
        const Bitboard player = occupied & rng() & (i % 3 ? ~Bitboard{0} : rng());
        out.push_back({player, occupied & ~player});
    }
    return out;
}

}  // namespace tempo::testing
