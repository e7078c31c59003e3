// A game: start position, variant, the moves played (passes included) and a redo list.
// Passes are forced: `play(kPass)` is accepted only when the side to move has no legal move.
#pragma once

#include <string>
#include <vector>

#include "engine/board.hpp"
#include "engine/rules.hpp"

namespace tempo {

// A board with the colour of the side to move: enough to say who owns which disc.
struct Position {
    Board board = Board::start();
    Color to_move = Color::kBlack;

    Bitboard black() const { return to_move == Color::kBlack ? board.player : board.opponent; }
    Bitboard white() const { return to_move == Color::kBlack ? board.opponent : board.player; }
    static Position from_colors(Bitboard black, Bitboard white, Color to_move) {
        return to_move == Color::kBlack ? Position{{black, white}, to_move} : Position{{white, black}, to_move};
    }
    bool operator==(const Position&) const = default;
};

class Game {
public:
    explicit Game(Variant variant = {}) : Game(variant, Position{}) {}
    Game(Variant variant, Position start);

    Variant variant() const { return variant_; }
    const Position& start() const { return positions_.front(); }
    const Position& position() const { return positions_.back(); }
    const Board& board() const { return position().board; }
    Color to_move() const { return position().to_move; }
    const std::vector<Move>& moves() const { return moves_; }

    Bitboard legal_moves() const { return board().moves(variant_.playable()); }
    bool must_pass() const { return legal_moves() == 0 && !is_over(); }
    bool is_over() const { return is_game_over(board(), variant_.playable()); }
    bool is_legal(Move move) const;

    // Plays a legal move or a forced pass; returns false (and changes nothing) otherwise.
    // Clears the redo list.
    bool play(Move move);
    bool undo();
    bool redo();
    bool can_undo() const { return !moves_.empty(); }
    bool can_redo() const { return !redo_.empty(); }

    int black_discs() const { return popcount(position().black() & variant_.playable()); }
    int white_discs() const { return popcount(position().white() & variant_.playable()); }
    // Official result of a finished game from black's view (empties to the winner; anti: fewer wins).
    int black_margin() const;
    // Official final count (black, white).
    DiscCount final_count_black_white() const;

private:
    Variant variant_;
    std::vector<Position> positions_;  // positions_[i] is the position before moves_[i]
    std::vector<Move> moves_;
    std::vector<Move> redo_;
};

}  // namespace tempo
