#include "engine/perft.hpp"

namespace tempo {

namespace {

// Playable is a template argument so the 8x8 path has no mask at all.
template <Bitboard Playable>
std::uint64_t count_leaves(const Board& board, int depth) {
    const Bitboard moves = legal_moves(board.player, board.opponent) & Playable;
    // A leaf at depth 1 is each move, or the single forced pass, or the finished game.
    if (depth == 1) return moves ? popcount(moves) : 1;
    if (!moves) {
        const Board passed = board.passed();
        if (!(legal_moves(passed.player, passed.opponent) & Playable)) return 1;
        return count_leaves<Playable>(passed, depth - 1);
    }
    std::uint64_t leaves = 0;
    if (depth == 2) {
        // Bulk count: the last internal ply costs one flip, one move generation and a popcount.
        for (Bitboard m = moves; m; m &= m - 1) {
            const int square = first_square(m);
            const Board child = board.play(square);
            const Bitboard replies = legal_moves(child.player, child.opponent) & Playable;
            leaves += replies ? popcount(replies) : 1;
        }
        return leaves;
    }
    for (Bitboard m = moves; m; m &= m - 1) leaves += count_leaves<Playable>(board.play(first_square(m)), depth - 1);
    return leaves;
}

}  // namespace

std::uint64_t perft(const Board& board, int depth, Geometry geometry) {
    if (depth <= 0) return 1;
    return geometry == Geometry::k8x8 ? count_leaves<kPlayable8x8>(board, depth)
                                      : count_leaves<kPlayable6x6>(board, depth);
}

}  // namespace tempo
