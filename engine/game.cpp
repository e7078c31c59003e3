#include "engine/game.hpp"

namespace tempo {

Game::Game(Variant variant, Position start) : variant_(variant), positions_{start} {}

bool Game::is_legal(Move move) const {
    if (move == kPass) return must_pass();
    return move >= 0 && move < 64 && (legal_moves() & square_bit(move));
}

bool Game::play(Move move) {
    if (!is_legal(move)) return false;
    const Position& now = position();
    const Board next = move == kPass ? now.board.passed() : now.board.play(move);
    positions_.push_back({next, opposite(now.to_move)});
    moves_.push_back(move);
    redo_.clear();
    return true;
}

bool Game::undo() {
    if (moves_.empty()) return false;
    redo_.push_back(moves_.back());
    moves_.pop_back();
    positions_.pop_back();
    return true;
}

bool Game::redo() {
    if (redo_.empty()) return false;
    const Move move = redo_.back();
    redo_.pop_back();
    std::vector<Move> rest = std::move(redo_);
    play(move);  // legal by construction: it was played from this very position
    redo_ = std::move(rest);
    return true;
}

int Game::black_margin() const {
    const int margin = final_margin(board(), variant_);
    return to_move() == Color::kBlack ? margin : -margin;
}

DiscCount Game::final_count_black_white() const {
    const DiscCount count = final_count(board(), variant_);
    return to_move() == Color::kBlack ? count : DiscCount{count.theirs, count.mine};
}

}  // namespace tempo
