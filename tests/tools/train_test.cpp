// The training pipeline's own games (tools/train/self_play.hpp): labels marked exact are the
// solver's scores, and a seed gives the same games.
#include <gtest/gtest.h>

#include <vector>

#include "search/endgame.hpp"
#include "search/tt.hpp"
#include "tools/train/self_play.hpp"

namespace tempo::train {
namespace {

SelfPlayOptions quick_games() {
    SelfPlayOptions options;
    options.depth = 2;
    options.solve_empties = 12;
    options.random_percent = 30;
    options.random_above = 30;
    return options;
}

TEST(EngineGames, PositionsFromTheFirstSolveOnAreLabelledWithTheirExactScore) {
    SampleOptions seed;
    seed.seed = 5;
    const std::vector<Sample> samples = engine_game_samples(Variant{}, 3, seed, quick_games());
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{});
    int exact = 0;
    for (const Sample& sample : samples) {
        ASSERT_EQ(sample.exact, sample.empties <= 12) << "empties " << int(sample.empties);
        if (!sample.exact) continue;
        EXPECT_EQ(solver.solve(sample.board).score, sample.label) << "empties " << int(sample.empties);
        ++exact;
    }
    EXPECT_GE(exact, 3 * 10);  // each game has a move to play at >= 10 of its last 12 empties
}

TEST(EngineGames, TheSameSeedPlaysTheSameGames) {
    SampleOptions seed;
    seed.seed = 9;
    const std::vector<Sample> a = engine_game_samples(Variant{}, 2, seed, quick_games());
    const std::vector<Sample> b = engine_game_samples(Variant{}, 2, seed, quick_games());
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].board, b[i].board) << i;
        EXPECT_EQ(a[i].label, b[i].label) << i;
    }
    seed.seed = 10;
    const std::vector<Sample> c = engine_game_samples(Variant{}, 2, seed, quick_games());
    bool differ = c.size() != a.size();
    for (std::size_t i = 0; !differ && i < a.size(); ++i) differ = !(a[i].board == c[i].board);
    EXPECT_TRUE(differ) << "another seed, other random moves";
}

}  // namespace
}  // namespace tempo::train
