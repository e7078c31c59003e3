// Values the moves of a book position: the one place where the book calls the search. The builder
// and `learn` take a MoveValuer, so tests can give them a fast fake and the tools the real search.
#pragma once

#include <stop_token>
#include <utility>
#include <vector>

#include "play/book/book.hpp"
#include "search/searcher.hpp"

namespace tempo::book {

class MoveValuer {
public:
    virtual ~MoveValuer() = default;
    // Every legal move of `board` with its value (or the single pass when it must pass); empty
    // when the game is over.
    virtual std::vector<BookMove> value_moves(const Board& board) = 0;
};

// Each move valued by the Searcher at `depth` plies (the position after the move searched `depth - 1`
// plies deeper; a forced pass after it is searched through), the searcher's default selectivity.
// A stop requested on `stop` cuts every search short from then on (the values are then not real).
class SearchValuer final : public MoveValuer {
public:
    SearchValuer(Searcher& searcher, Variant variant, int depth, std::stop_token stop = {})
        : searcher_(searcher), variant_(variant), depth_(depth), stop_(std::move(stop)) {}
    std::vector<BookMove> value_moves(const Board& board) override;
    int depth() const { return depth_; }

private:
    // The side to move's value of `board`, searched `depth` plies (passes searched through).
    BookMove value_of(const Board& board, int depth);

    Searcher& searcher_;
    Variant variant_;
    int depth_;
    std::stop_token stop_;
};

}  // namespace tempo::book
