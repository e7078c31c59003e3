#include "formats/book_records.hpp"

#include "engine/hash_key.hpp"
#include "engine/symmetry.hpp"

namespace tempo {

std::size_t BoardHash::operator()(const Board& board) const { return static_cast<std::size_t>(hash_key(board)); }

std::optional<int> BookNode::value() const {
    std::optional<int> best;
    for (const StoredBookMove& m : moves)
        if (!best || m.value > *best) best = m.value;
    return best;
}

Board board_after(const Board& board, Move move) { return move == kPass ? board.passed() : board.play(move); }

std::pair<Board, int> canonical_with_symmetry(const Board& board) {
    Board best = board;
    int symmetry = 0;
    for (int k = 1; k < kSymmetries; ++k) {
        const Board t = transform(board, k);
        if (t < best) {
            best = t;
            symmetry = k;
        }
    }
    return {best, symmetry};
}

Move transform_move(Move move, int k) { return move == kPass ? kPass : transform_square(move, k); }

bool legal_book_move(const Board& board, int move, Bitboard playable) {
    const Bitboard legal = board.moves(playable);
    if (move == kPass) return legal == 0 && board.passed().moves(playable) != 0;
    return move >= 0 && move < 64 && (legal & square_bit(move)) != 0;
}

BookEntry canonical_entry(const Board& board, BookNode node) {
    const auto [canon, k] = canonical_with_symmetry(board);
    for (StoredBookMove& m : node.moves) m.move = static_cast<std::uint8_t>(transform_move(m.move, k));
    return {canon, std::move(node)};
}

}  // namespace tempo
