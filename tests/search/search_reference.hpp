// Plain reference searches for the search tests: negamax to a depth with the same leaf and pass
// conventions as the midgame search (a pass uses no depth; depth 0 is the evaluation, or the
// final margin on a full board), and a plain alpha-beta solve to the end of the game.
#pragma once

#include <algorithm>

#include "engine/board.hpp"
#include "engine/rules.hpp"
#include "eval/evaluator.hpp"

namespace tempo::testing {

inline int reference_negamax(const Board& board, int depth, const Evaluator& eval, Variant variant) {
    const Bitboard playable = variant.playable();
    if (depth == 0) return board.empties(playable) == 0 ? final_margin(board, variant) : eval.evaluate(board);
    const Bitboard moves = board.moves(playable);
    if (!moves) {
        if (!board.passed().moves(playable)) return final_margin(board, variant);
        return -reference_negamax(board.passed(), depth, eval, variant);
    }
    int best = -1000;
    for_each_square(
        moves, [&](int sq) { best = std::max(best, -reference_negamax(board.play(sq), depth - 1, eval, variant)); });
    return best;
}

// The exact final margin by alpha-beta without any table or ordering.
inline int reference_solve(const Board& board, Variant variant, int alpha = -64, int beta = 64) {
    const Bitboard playable = variant.playable();
    const Bitboard moves = board.moves(playable);
    if (!moves) {
        if (!board.passed().moves(playable)) return final_margin(board, variant);
        return -reference_solve(board.passed(), variant, -beta, -alpha);
    }
    int best = -1000;
    for (Bitboard m = moves; m; m &= m - 1) {
        best = std::max(best, -reference_solve(board.play(first_square(m)), variant, -beta, -std::max(alpha, best)));
        if (best >= beta) break;
    }
    return best;
}

}  // namespace tempo::testing
