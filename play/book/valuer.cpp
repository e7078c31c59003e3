#include "play/book/valuer.hpp"

#include <algorithm>

namespace tempo::book {

BookMove SearchValuer::value_of(const Board& board, int depth) {
    const Bitboard playable = variant_.playable();
    if (is_game_over(board, playable)) return {kNoMove, final_margin(board, variant_), 0, true, false, 0};
    if (board.moves(playable) == 0) {
        BookMove passed = value_of(board.passed(), depth);
        passed.value = -passed.value;
        return passed;
    }
    Limits limits;
    limits.depth = std::max(1, depth);
    const SearchResult result = searcher_.run(Game(variant_, Position{board, Color::kBlack}), limits, {}, stop_);
    return {result.best,   result.score, result.solved ? board.empty_count(playable) : result.depth,
            result.solved, false,        0};
}

std::vector<BookMove> SearchValuer::value_moves(const Board& board) {
    const Bitboard playable = variant_.playable();
    if (is_game_over(board, playable)) return {};
    Bitboard legal = board.moves(playable);
    if (legal == 0) {
        BookMove pass = value_of(board.passed(), depth_ - 1);
        return {{kPass, -pass.value, pass.depth + 1, pass.exact, false, 0}};
    }
    std::vector<BookMove> moves;
    for (; legal; legal &= legal - 1) {
        const Move move = first_square(legal);
        const BookMove child = value_of(board.play(move), depth_ - 1);
        moves.push_back({move, -child.value, child.exact ? child.depth : child.depth + 1, child.exact, false, 0});
    }
    return moves;
}

}  // namespace tempo::book
