// The opening book: positions reduced over the 8 board symmetries, each with the value of every
// known move (searched, or minimaxed from the book position it leads to), the search depth behind
// the value and how many games reached the position. Pure storage and lookup: building lives in
// builder.hpp, the file formats in formats/ (book_file, edax_book, book_text; play/book/file.hpp
// converts).
//
// Positions are stored in their canonical frame (engine/symmetry.hpp canonical()); every query
// maps its board there and maps the moves back, so the 8 images of a position share one entry.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <unordered_map>
#include <vector>

#include "engine/board.hpp"
#include "engine/game.hpp"
#include "engine/score.hpp"
#include "formats/book_records.hpp"

namespace tempo::book {

// The stored records (formats/book_records.hpp) are part of Book's interface.
using tempo::BookNode;
using tempo::StoredBookMove;

// A move as a caller sees it: in the frame of the board it asked about.
struct BookMove {
    Move move = kNoMove;
    int value = 0;  // discs, side to move's view
    int depth = 0;  // plies of search behind the value (of the leaf it was minimaxed from)
    bool exact = false;
    bool in_book = false;     // leads to a book position (its value comes from there)
    std::uint32_t games = 0;  // games that reached the position after this move
};

class Book {
public:
    explicit Book(Variant variant = {}) : variant_(variant) {}
    // The book of the records a file reader checked (positions canonical, none twice).
    explicit Book(BookRecords records);

    Variant variant() const { return variant_; }
    std::size_t size() const { return nodes_.size(); }
    bool empty() const { return nodes_.empty(); }
    // The search depth the book's leaves were valued at (information for `book info`; 0 = unknown).
    int depth() const { return depth_; }
    void set_depth(int depth) { depth_ = depth; }

    // The stored node of `board` or of any of its symmetric images; nullptr if not in the book.
    const BookNode* find(const Board& board) const;
    bool contains(const Board& board) const { return find(board) != nullptr; }

    // Known moves of `board`, in its own frame, best first (ties by square); empty if unknown.
    std::vector<BookMove> moves(const Board& board) const;

    // A book move for `board` whose value is within `margin` discs of the best, drawn uniformly
    // with `rng` (the same seed gives the same choices); nullopt if the position is not in the
    // book or must pass.
    std::optional<BookMove> choose(const Board& board, int margin, std::mt19937_64& rng) const;
    // The book line that starts with `first` from `board`: `first`, then the best book move of
    // each following position while it is in the book (at most `max_plies` moves in all).
    std::vector<Move> line(const Board& board, Move first, int max_plies = 20) const;

    // Sets the known moves of `board` (given in its frame; replaces those known). Inserts the
    // position if new. Moves must be legal; values are clamped to [-64, 64].
    void set_moves(const Board& board, std::span<const BookMove> moves);
    // Adds `count` to the games that reached `board`; inserts the position if new.
    void add_games(const Board& board, std::uint32_t count);

    // Recomputes every move that leads to a book position from that position's value, deepest
    // first, so the whole book is minimaxed. Returns the number of move values that changed.
    std::size_t minimax();
    // After `board`'s value changed: updates the move from `parent` to `board` (both in any frame)
    // and returns the parent's new value.
    std::optional<int> update_move_to(const Board& parent, Move move);

    // Every position, in canonical form, sorted (the order of the files).
    std::vector<std::pair<Board, const BookNode*>> sorted_nodes() const;
    std::size_t move_count() const;
    // The records the file writers take: every position, sorted as sorted_nodes().
    BookRecords records() const;

private:
    BookNode& node_for(const Board& canonical_board) { return nodes_[canonical_board]; }

    Variant variant_;
    int depth_ = 0;
    std::unordered_map<Board, BookNode, BoardHash> nodes_;
};

}  // namespace tempo::book
