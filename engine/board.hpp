// A position as two bitboards seen from the side to move: `player` (to move) and `opponent`.
// Playing a move swaps the two, so every routine is written once for "the side to move".
#pragma once

#include <compare>

#include "engine/bitboard.hpp"
#include "engine/flips.hpp"
#include "engine/moves.hpp"
#include "engine/variant.hpp"

namespace tempo {

enum class Color : std::uint8_t { kBlack, kWhite };
constexpr Color opposite(Color c) { return c == Color::kBlack ? Color::kWhite : Color::kBlack; }

// Squares are 0..63; these two values complete the move type.
using Move = int;
constexpr Move kPass = 64;
constexpr Move kNoMove = 65;

struct Board {
    Bitboard player = 0;
    Bitboard opponent = 0;

    // d5 and e4 for the side to move (black), d4 and e5 for the opponent (white); same centre on 6x6.
    static constexpr Board start() { return {square_bit(35) | square_bit(28), square_bit(27) | square_bit(36)}; }

    constexpr Bitboard occupied() const { return player | opponent; }
    constexpr Bitboard empties(Bitboard playable = kPlayable8x8) const { return ~occupied() & playable; }
    constexpr int empty_count(Bitboard playable = kPlayable8x8) const { return popcount(empties(playable)); }

    Bitboard moves(Bitboard playable = kPlayable8x8) const { return legal_moves(player, opponent) & playable; }
    Bitboard flips_for(int square) const { return flips(square, player, opponent); }

    // The position after `square` with its `flipped` discs, seen from the new side to move.
    constexpr Board after(int square, Bitboard flipped) const {
        return {opponent ^ flipped, player | flipped | square_bit(square)};
    }
    // The position after a legal move (the caller has checked legality).
    Board play(int square) const { return after(square, flips_for(square)); }
    constexpr Board passed() const { return {opponent, player}; }

    constexpr auto operator<=>(const Board&) const = default;
};

}  // namespace tempo
