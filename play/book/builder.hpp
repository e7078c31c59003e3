// Growing a book: drop-out expansion (DOE, after Thomas Lazard) from a root, positions taken from
// game records, and learning a played game. Every new position gets all its moves valued by a
// MoveValuer (the engine's search at a stated depth); values are minimaxed back to the root.
//
// DOE: a line's cost is the sum, over its moves, of how much worse each move is than the best move
// of its position (in discs, for the side that plays it). The unexpanded move of least cost (then
// fewest plies) is expanded next: the book grows along the best line first and then along the
// lines nearest to it, the way Lazard's drop-out expansion spends its effort where play is likely.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "play/book/book.hpp"
#include "play/book/valuer.hpp"

namespace tempo::book {

// Plies from the start position, by disc count (passes do not count): the same for all 8 images.
int book_ply(const Board& board, Variant variant);

struct DoeLimits {
    int max_ply = 30;   // no position deeper than this many plies is added
    int max_cost = 64;  // no line costing more than this many discs is expanded
};

// An unexpanded move found by DOE, in canonical frames.
struct DoeLeaf {
    Board parent;  // canonical
    Move move = kNoMove;
    int cost = 0;
    int ply = 0;  // of the position after the move
};

class BookBuilder {
public:
    BookBuilder(Book& book, MoveValuer& valuer) : book_(book), valuer_(valuer) {}

    // Values `board`'s moves and adds it, unless it is in the book already (with moves) or the
    // game is over there. Returns true if it was added.
    bool add_position(const Board& board);

    // The cheapest unexpanded move below `root` within `limits`; nullopt when there is none.
    std::optional<DoeLeaf> next_leaf(const Board& root, const DoeLimits& limits);
    // Adds the position after the leaf's move and carries its value back up the cheapest path to
    // the root (transpositions elsewhere catch up at the next Book::minimax()).
    void expand(const DoeLeaf& leaf);

    // Game records as lines from the standard start (moves with passes, kPass = 64): every
    // position within `max_ply` plies that at least `min_games` of the lines reach through
    // positions that as many reach is added, in order of plies, and gets its count of games.
    // `on_position(done, total)` reports progress before each position and may return false to
    // stop there (what is added so far stays). Returns the number of positions added.
    std::size_t add_game_lines(const std::vector<std::vector<std::uint8_t>>& lines, std::uint32_t min_games,
                               int max_ply, const std::function<bool(std::size_t, std::size_t)>& on_position = {});

    // Adds the positions of a played game up to `max_ply` plies (each counts one game more) and
    // minimaxes the book. Returns the number of positions added.
    std::size_t learn(const Game& game, int max_ply);

    std::size_t positions_valued() const { return valued_; }

private:
    Book& book_;
    MoveValuer& valuer_;
    std::size_t valued_ = 0;
    // The cheapest path found by the last next_leaf(): canonical position -> (parent, move there).
    std::unordered_map<Board, std::pair<Board, Move>, BoardHash> parent_;
};

}  // namespace tempo::book
