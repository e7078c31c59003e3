// A played game reviewed move by move, as WZebra's game review does: for every move, the best move
// and its score, the played move's score and the discs lost by playing it (exact where few enough
// empties remain), then each side's mistakes, total loss and the first move that threw a
// non-losing position away.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

#include "engine/game.hpp"
#include "search/searcher.hpp"

namespace tempo {

struct ReviewOptions {
    int depth = 14;                                      // midgame depth of every position's search
    std::optional<std::chrono::milliseconds> move_time;  // or a time a position (the first limit reached ends it)
    int exact_from = 22;                                 // positions with this many empties or fewer are solved
};

struct ReviewedMove {
    int number = 0;  // 1-based ply in the game, passes counted
    Color side = Color::kBlack;
    int empties = 0;
    Move played = kNoMove;
    Move best = kNoMove;
    int best_score = 0;    // discs, the mover's view
    int played_score = 0;  // the same, after the played move
    int loss = 0;          // best_score - played_score, never negative
    bool exact = false;    // both scores are exact (solved), not searched estimates
};

struct SideSummary {
    int total_loss = 0;
    int mistakes = 0;  // moves that lost discs
    int worst_loss = 0;
    int worst_move = 0;  // its number; 0 if none
};

struct GameReview {
    std::vector<ReviewedMove> moves;  // the moves of the game, forced passes left out
    SideSummary black, white;
    // The first move after which its side, not losing before it, is losing (scores below 0); 0 if none.
    int first_losing_move = 0;
    int black_result = 0;  // the game's final margin, black's view (0 for an unfinished game)
    bool finished = false;
};

// Reviews every move of `game` (passes skipped) with `searcher`, calling `on_move` after each
// one (progress). Each position's moves are all scored, so the best and the played move come
// from one search and compare exactly.
GameReview review_game(const Game& game, Searcher& searcher, const ReviewOptions& options,
                       const std::function<void(const ReviewedMove&)>& on_move = {});

}  // namespace tempo
