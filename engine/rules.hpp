// Game-level rules: when a game is over and how it is scored, for both rule sets.
#pragma once

#include "engine/board.hpp"

namespace tempo {

// Neither side can move (full board, wipe-out, or both blocked).
inline bool is_game_over(const Board& board, Bitboard playable = kPlayable8x8) {
    return board.moves(playable) == 0 && board.passed().moves(playable) == 0;
}

// Final margin from the side to move's view, positive = win, for a finished game.
// Standard: disc difference with the empty squares given to the winner (so a draw on 8x8 is 32-32).
// Anti: the side with fewer discs wins; discs count as they are, no empties added.
constexpr int final_margin(const Board& board, Variant variant) {
    const int mine = popcount(board.player & variant.playable());
    const int theirs = popcount(board.opponent & variant.playable());
    if (variant.rules == Rules::kAnti) return theirs - mine;
    const int empties = variant.squares() - mine - theirs;
    const int diff = mine - theirs;
    return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

// The official final count (discs of the side to move, discs of its opponent).
struct DiscCount {
    int mine;
    int theirs;
};
constexpr DiscCount final_count(const Board& board, Variant variant) {
    const int mine = popcount(board.player & variant.playable());
    const int theirs = popcount(board.opponent & variant.playable());
    if (variant.rules == Rules::kAnti) return {mine, theirs};
    const int empties = variant.squares() - mine - theirs;
    if (mine > theirs) return {mine + empties, theirs};
    if (theirs > mine) return {mine, theirs + empties};
    return {mine + empties / 2, theirs + empties / 2};
}

}  // namespace tempo
