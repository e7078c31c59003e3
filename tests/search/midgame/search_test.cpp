// The midgame search against a plain negamax: same scores at every depth without selectivity,
// fail-soft bounds that hold for any window, on 8x8, 6x6 and anti positions from random games.
#include "search/midgame/search.hpp"

#include <gtest/gtest.h>

#include <random>

#include "engine/notation.hpp"
#include "eval/simple_eval.hpp"
#include "search/midgame/move_ordering.hpp"
#include "search/midgame/probcut.hpp"
#include "tests/engine/random_positions.hpp"
#include "tests/search/search_reference.hpp"

namespace tempo {
namespace {

struct Fixture {
    explicit Fixture(Variant v) : variant(v), evaluator(std::make_shared<SimpleEvaluator>(v)), tt(1) {}
    // A fresh search on an empty table: the result must then be the plain depth-d value.
    int search(const Board& board, int alpha, int beta, int depth, int selectivity = 0) {
        tt.clear();
        MidgameSearch::Context context;
        context.tt = &tt;
        context.evaluator = evaluator.get();
        context.variant = variant;
        MidgameSearch search(context);
        return search.search(board, alpha, beta, depth, selectivity);
    }
    Variant variant;
    std::shared_ptr<const Evaluator> evaluator;
    TranspositionTable tt;
};

void expect_matches_negamax(Variant variant, std::uint64_t seed, int positions, int max_depth) {
    Fixture f(variant);
    const auto boards = testing::random_game_positions(positions, seed, variant.playable());
    std::mt19937 rng(seed);
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const int depth = 1 + static_cast<int>(i % max_depth);
        const int expected = testing::reference_negamax(boards[i], depth, *f.evaluator, variant);
        ASSERT_EQ(f.search(boards[i], -65, 65, depth), expected) << "position " << i << " depth " << depth;
        // Any window: exact inside it, a correct fail-soft bound outside.
        const int alpha = static_cast<int>(rng() % 40) - 20;
        const int beta = alpha + 1 + static_cast<int>(rng() % 8);
        const int bounded = f.search(boards[i], alpha, beta, depth);
        if (expected <= alpha) {
            EXPECT_LE(bounded, alpha);
            EXPECT_GE(bounded, expected);
        } else if (expected >= beta) {
            EXPECT_GE(bounded, beta);
            EXPECT_LE(bounded, expected);
        } else {
            EXPECT_EQ(bounded, expected);
        }
    }
}

TEST(MidgameSearch, MatchesNegamax8x8) { expect_matches_negamax({}, 1, 300, 4); }
TEST(MidgameSearch, MatchesNegamax6x6) { expect_matches_negamax({Geometry::k6x6, Rules::kStandard}, 2, 200, 5); }
TEST(MidgameSearch, MatchesNegamaxAnti) { expect_matches_negamax({Geometry::k8x8, Rules::kAnti}, 3, 200, 4); }

// Deep enough to reach the end of the game, the search is an exact solve.
// An unscored list puts the `first` squares before the others and the `last` ones after them,
// each part in square order, and holds every move once with its flips.
TEST(MoveList, FirstAndLastSquaresOrderTheUnscoredList) {
    const Board board =
        parse_position_text("c4e3f2c5d6e2f3g1d1g3e6c3b6e1b2a7g4f4h2f7d2h3b4c1g8e7f8a5a4b3c2d3h4d7c7e8f5a2", Variant{})
            .position()
            .board;
    const Bitboard moves = board.moves();
    const Variant variant;
    const MoveList list(board, moves, variant.corners(), variant.corner_neighbours());
    ASSERT_EQ(list.size(), popcount(moves));
    int part = 0, previous = -1;
    for (int i = 0; i < list.size(); ++i) {
        const Bitboard bit = square_bit(list[i].square);
        const int this_part = (bit & variant.corners()) ? 0 : (bit & variant.corner_neighbours()) ? 2 : 1;
        ASSERT_GE(this_part, part) << i;
        if (this_part == part) {
            EXPECT_GT(list[i].square, previous);
        }
        part = this_part;
        previous = list[i].square;
        EXPECT_EQ(list[i].flips, board.flips_for(list[i].square));
    }
    EXPECT_TRUE(moves & variant.corners()) << "the position should offer a corner";
    EXPECT_TRUE(moves & variant.corner_neighbours()) << "and a square next to one";
    EXPECT_TRUE(variant.corners() & square_bit(list[0].square));
}

TEST(MidgameSearch, SolvesNearTheEnd) {
    Fixture f({});
    int checked = 0;
    for (const Board& board : testing::random_game_positions(3000, 4)) {
        const int empties = board.empty_count();
        if (empties < 4 || empties > 9 || checked >= 40) continue;
        ++checked;
        EXPECT_EQ(f.search(board, -65, 65, empties), testing::reference_solve(board, f.variant));
    }
    EXPECT_EQ(checked, 40);
}

// A selective search to the end hands its null-window nodes of at most 12 empties to the endgame
// solver's search, and PV nodes never ProbCut: from 12 empties or fewer it is exact at any
// selectivity, on every variant.
TEST(MidgameSearch, SelectiveSearchToTheEndIsExactFromFewEmpties) {
    const Variant variants[] = {{}, {Geometry::k6x6, Rules::kStandard}, {Geometry::k8x8, Rules::kAnti}};
    for (const Variant variant : variants) {
        Fixture f(variant);
        int checked = 0;
        for (const Board& board : testing::random_game_positions(3000, 6, variant.playable())) {
            const int empties = board.empty_count(variant.playable());
            if (empties < 6 || empties > 11 || checked >= 12) continue;
            ++checked;
            const int exact = testing::reference_solve(board, variant);
            EXPECT_EQ(f.search(board, -65, 65, empties, 3), exact) << "selectivity 3, " << empties << " empties";
            EXPECT_EQ(f.search(board, -65, 65, empties, kMaxSelectivity), exact) << empties << " empties";
        }
        EXPECT_EQ(checked, 12);
    }
}

// ProbCut prunes, but a selective search still returns a score in range and is deterministic.
TEST(MidgameSearch, SelectiveSearchIsDeterministic) {
    Fixture f({});
    for (const Board& board : testing::random_game_positions(20, 5)) {
        const int first = f.search(board, -65, 65, 6, 3);
        EXPECT_GE(first, -64);
        EXPECT_LE(first, 64);
        EXPECT_EQ(f.search(board, -65, 65, 6, 3), first);
    }
}

}  // namespace
}  // namespace tempo
