// The 6x6 pattern evaluations: the 8x8 pattern set read on the b2..g7 board with their own weights
// (data/weights/standard-6x6.tew, anti-6x6.tew), symmetric, loaded for their variant only.
#include "eval/pattern_eval.hpp"

#include <gtest/gtest.h>

#include "engine/symmetry.hpp"
#include "tests/engine/random_positions.hpp"

namespace tempo {
namespace {

const Variant kSix{Geometry::k6x6, Rules::kStandard};

const Variant kAntiSix{Geometry::k6x6, Rules::kAnti};

void expect_loaded_and_symmetric(Variant variant) {
    const auto eval = Evaluator::create(variant);
    const auto* pattern = dynamic_cast<const PatternEvaluator*>(eval.get());
    ASSERT_NE(pattern, nullptr);
    EXPECT_EQ(pattern->weights().variant, variant);
    for (const Board& board : testing::random_game_positions(3000, 6, kPlayable6x6)) {
        const int fine = pattern->evaluate_fine(board);
        const int discs = eval->evaluate(board);
        ASSERT_GE(discs, -64);
        ASSERT_LE(discs, 64);
        for (int k = 1; k < kSymmetries; ++k) ASSERT_EQ(pattern->evaluate_fine(transform(board, k)), fine) << k;
    }
}

TEST(PatternEval6x6, ShippedWeightsLoadAndAreSymmetric) { expect_loaded_and_symmetric(kSix); }
TEST(PatternEval6x6, ShippedAntiWeightsLoadAndAreSymmetric) { expect_loaded_and_symmetric(kAntiSix); }

TEST(PatternEval6x6, PhasesSliceThe32Empties) {
    EXPECT_EQ(phase_of(1, 16, 32), 0);
    EXPECT_EQ(phase_of(2, 16, 32), 0);
    EXPECT_EQ(phase_of(3, 16, 32), 1);
    EXPECT_EQ(phase_of(32, 16, 32), 15);
}

// The 6x6 weights are refused for another variant and the 8x8 ones for 6x6.
TEST(PatternEval6x6, LoaderChecksTheVariant) {
    const std::string six = find_weights_file(kSix);
    EXPECT_EQ(load_weights(six, kSix).variant, kSix);
    EXPECT_THROW(load_weights(six, Variant{}), std::runtime_error);
    EXPECT_THROW(load_weights(six, kAntiSix), std::runtime_error);
    EXPECT_THROW(load_weights(find_weights_file(kAntiSix), kSix), std::runtime_error);
    EXPECT_THROW(load_weights(find_weights_file(Variant{}), kSix), std::runtime_error);
    EXPECT_THROW(Evaluator::create(kSix, find_weights_file(Variant{})), std::runtime_error);
}

}  // namespace
}  // namespace tempo
