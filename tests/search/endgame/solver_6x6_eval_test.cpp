// The 6x6 solver ordered by the trained 6x6 evaluations (data/weights/standard-6x6.tew,
// anti-6x6.tew) finds the same scores as without them, at empties counts where the evaluation
// ordering is active.
#include <gtest/gtest.h>

#include "engine/notation.hpp"
#include "eval/evaluator.hpp"
#include "search/endgame/solver.hpp"
#include "tests/engine/random_positions.hpp"

namespace tempo {
namespace {

void expect_same_scores(Variant six) {
    ASSERT_TRUE(has_shipped_weights(six));
    TranspositionTable tt_plain(16), tt_eval(16);
    EndgameSolver plain(tt_plain, six), ordered(tt_eval, six, 1, Evaluator::create(six));
    int checked = 0;
    for (const Board& board : testing::random_game_positions(3000, 36, kPlayable6x6)) {
        const int empties = board.empty_count(kPlayable6x6);
        if (empties < 15 || empties > 17 || checked >= 24) continue;
        const EndgameResult expected = plain.solve(board);
        const EndgameResult result = ordered.solve(board, -64, 64, checked % 7 - 3);
        ASSERT_EQ(result.score, expected.score) << board_string(Position{board, Color::kBlack}, six.geometry);
        ASSERT_EQ(ordered.solve_wld(board).score, (expected.score > 0) - (expected.score < 0));
        if (result.best < 64) {
            EXPECT_EQ(-plain.solve(board.play(result.best)).score, expected.score);
        }
        ++checked;
    }
    EXPECT_EQ(checked, 24);
}

TEST(Endgame6x6Eval, SameScoresWithAndWithoutTheEvaluation) { expect_same_scores({Geometry::k6x6, Rules::kStandard}); }
TEST(Endgame6x6Eval, AntiSameScoresWithAndWithoutTheEvaluation) { expect_same_scores({Geometry::k6x6, Rules::kAnti}); }

}  // namespace
}  // namespace tempo
