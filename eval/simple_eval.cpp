#include "eval/simple_eval.hpp"

#include <algorithm>

namespace tempo {

namespace {

// Empty squares next to a disc of `discs` (the frontier the other side can play into).
Bitboard adjacent_empties(Bitboard discs, Bitboard empties) {
    const Bitboard h = ((discs << 1) & ~kColumnA) | ((discs >> 1) & ~kColumnH);
    const Bitboard sides = discs | h;
    return (h | (sides << 8) | (sides >> 8)) & empties;
}

}  // namespace

int SimpleEvaluator::evaluate(const Board& board) const {
    const Bitboard playable = variant_.playable();
    const Bitboard empties = board.empties(playable);
    const int mobility = popcount(board.moves(playable)) - popcount(board.passed().moves(playable));
    const int potential =
        popcount(adjacent_empties(board.opponent, empties)) - popcount(adjacent_empties(board.player, empties));
    const int corners = popcount(board.player & variant_.corners()) - popcount(board.opponent & variant_.corners());
    int score = 3 * mobility + potential + 8 * corners;  // in quarter discs
    if (variant_.rules == Rules::kAnti) score = -score;
    return std::clamp(score / 4, -kMaxScore, kMaxScore);
}

}  // namespace tempo
