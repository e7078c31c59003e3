// An opening book as its files hold it: positions in canonical form (engine/symmetry.hpp, the
// smallest of the 8 images), each with its known moves in that frame. play/book/book.hpp keeps
// these records in memory; the readers here (book_file, edax_book, book_text) build them.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/board.hpp"
#include "engine/variant.hpp"

namespace tempo {

// A move as the book stores it, in the frame of its canonical position.
struct StoredBookMove {
    std::uint8_t move = 0;   // square 0..63, or kPass
    std::int8_t value = 0;   // discs, side to move's view, [-64, 64]
    std::uint8_t depth = 0;  // plies of the search behind the value
    bool exact = false;      // the value is an exact endgame result
    bool operator==(const StoredBookMove&) const = default;
};

struct BookNode {
    std::uint32_t games = 0;            // games (from records or learnt) that reached the position
    std::vector<StoredBookMove> moves;  // every known move, no square twice
    // The position's value: its best known move's (nullopt without moves).
    std::optional<int> value() const;
    bool operator==(const BookNode&) const = default;
};

struct BookEntry {
    Board board;  // canonical
    BookNode node;
    bool operator==(const BookEntry&) const = default;
};

struct BookRecords {
    Variant variant;
    int depth = 0;                   // search depth of the leaves (0 = unknown)
    std::vector<BookEntry> entries;  // no position twice; sorted by board where a writer needs it
    bool operator==(const BookRecords&) const = default;
};

// Hash of a board for tables of positions.
struct BoardHash {
    std::size_t operator()(const Board& board) const;
};

// The board after `move` (a square or kPass) from `board`, for the caller's legal move.
Board board_after(const Board& board, Move move);
// The canonical form of `board` and the symmetry k with transform(board, k) == canonical.
std::pair<Board, int> canonical_with_symmetry(const Board& board);
// `move` through symmetry k (passes stay passes).
Move transform_move(Move move, int k);
// Whether a book may store `move` for `board`: a legal square, or a pass where only the opponent can move.
bool legal_book_move(const Board& board, int move, Bitboard playable);
// A position given in any frame, its moves in that frame, as a canonical entry.
BookEntry canonical_entry(const Board& board, BookNode node);

}  // namespace tempo
