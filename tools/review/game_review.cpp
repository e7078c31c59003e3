#include "tools/review/game_review.hpp"

#include <algorithm>

namespace tempo {

namespace {

void add_to(SideSummary& side, const ReviewedMove& move) {
    if (move.loss <= 0) return;
    side.total_loss += move.loss;
    ++side.mistakes;
    if (move.loss > side.worst_loss) {
        side.worst_loss = move.loss;
        side.worst_move = move.number;
    }
}

}  // namespace

GameReview review_game(const Game& game, Searcher& searcher, const ReviewOptions& options,
                       const std::function<void(const ReviewedMove&)>& on_move) {
    GameReview review;
    const Bitboard playable = game.variant().playable();
    Game replay(game.variant(), game.start());
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        const Move played = game.moves()[i];
        if (played != kPass) {
            Limits limits;
            limits.depth = options.depth;
            limits.move_time = options.move_time;
            limits.solve_empties = options.exact_from;
            limits.multi_pv = popcount(replay.legal_moves());  // every move: the played one is among them
            const SearchResult result = searcher.run(replay, limits);
            ReviewedMove m;
            m.number = static_cast<int>(i) + 1;
            m.side = replay.to_move();
            m.empties = replay.board().empty_count(playable);
            m.played = played;
            m.exact = result.solved && !result.wld;
            m.best = result.best;
            m.best_score = result.score;
            m.played_score = result.score;
            for (const MultiPvLine& s : result.multi_pv) {
                if (s.move == played) m.played_score = s.score;
                if (s.score > m.best_score) m.best_score = s.score, m.best = s.move;
            }
            m.loss = std::max(0, m.best_score - m.played_score);
            if (m.loss == 0) m.best = played;  // among equal moves, the played one is a best move
            add_to(m.side == Color::kBlack ? review.black : review.white, m);
            if (!review.first_losing_move && m.best_score >= 0 && m.played_score < 0)
                review.first_losing_move = m.number;
            review.moves.push_back(m);
            if (on_move) on_move(m);
        }
        replay.play(played);
    }
    review.finished = replay.is_over();
    review.black_result = review.finished ? replay.black_margin() : 0;
    return review;
}

}  // namespace tempo
