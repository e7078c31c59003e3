#include "eval/pattern_eval.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "engine/symmetry.hpp"
#include "tests/engine/random_positions.hpp"

namespace tempo {
namespace {

// Random weights tied as the training ties them (same weight for mirror images of a shape).
EvalWeights random_tied_weights(int phases, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    EvalWeights w = zero_weights(Variant{}, phases);
    for (auto& x : w.weights) x = static_cast<std::int16_t>(static_cast<int>(rng() % 601) - 300);
    for (int p = 0; p < phases; ++p)
        for (int s = 0; s < kPatternShapes; ++s) {
            std::int16_t* table = w.weights.data() + std::size_t(p) * kWeightsPerPhase + kShapeTableStart[s];
            for (int index = 0; index < kShapes[s].table_size; ++index)
                table[index] = table[mirror_canonical_index(s, index)];
        }
    return w;
}

TEST(PatternEval, SameScoreForAllEightSymmetries) {
    const PatternEvaluator eval(random_tied_weights(15, 3));
    for (const Board& board : testing::random_game_positions(4000, 21)) {
        const int fine = eval.evaluate_fine(board);
        for (int k = 1; k < kSymmetries; ++k) ASSERT_EQ(eval.evaluate_fine(transform(board, k)), fine) << k;
    }
}

TEST(PatternEval, ShippedWeightsLoadAndAreSymmetric) {
    const auto eval = Evaluator::create(Variant{});
    const auto* pattern = dynamic_cast<const PatternEvaluator*>(eval.get());
    ASSERT_NE(pattern, nullptr);
    EXPECT_LE(std::abs(eval->evaluate(Board::start())), 4);  // the start is roughly even
    for (const Board& board : testing::random_game_positions(2000, 5)) {
        const int fine = pattern->evaluate_fine(board);
        const int discs = eval->evaluate(board);
        ASSERT_GE(discs, -64);
        ASSERT_LE(discs, 64);
        for (int k = 1; k < kSymmetries; ++k) {
            ASSERT_EQ(pattern->evaluate_fine(transform(board, k)), fine) << k;
            ASSERT_EQ(eval->evaluate(transform(board, k)), discs) << k;
        }
    }
}

// The unrounded value (NBoard's two-decimal hints) is the one evaluate() rounds, halves away from zero.
TEST(PatternEval, UnroundedValueRoundsToTheEvaluation) {
    const auto eval = Evaluator::create(Variant{});
    int fractional = 0;
    for (const Board& board : testing::random_game_positions(2000, 9)) {
        const double value = eval->evaluate_unrounded(board);
        ASSERT_EQ(std::lround(value), eval->evaluate(board)) << value;
        fractional += value != std::round(value);
    }
    EXPECT_GT(fractional, 1000);
}

TEST(PatternEval, ShippedAntiWeightsLoad) {
    const auto eval = Evaluator::create({Geometry::k8x8, Rules::kAnti});
    EXPECT_NE(dynamic_cast<const PatternEvaluator*>(eval.get()), nullptr);
    EXPECT_LE(std::abs(eval->evaluate(Board::start())), 8);
}

TEST(PatternEval, ScoreIsTheSumOfTheFeatureWeightsInDiscs) {
    EvalWeights w = zero_weights(Variant{}, 1);
    w.weights[kParityOffset + 0] = 5 * kWeightUnitsPerDisc;  // even empties: +5
    w.weights[kParityOffset + 1] = -3 * kWeightUnitsPerDisc;
    w.weights[kPlayerMobilityOffset + 4] = 200 * kWeightUnitsPerDisc / 2;  // clamps to 64
    const PatternEvaluator eval(w);
    const Board start = Board::start();  // 60 empties, 4 moves each side
    EXPECT_EQ(eval.evaluate(start), 64);
    EXPECT_EQ(eval.evaluate(start.play(19)), -3);  // 59 empties, 3 moves for white
}

// Rounding to whole discs, halves away from zero, with the shipped unit (1/128: a shift) and
// any other unit a file may declare (a division).
TEST(PatternEval, RoundsHalvesAwayFromZeroInAnyUnit) {
    for (const int units : {128, 100}) {
        EvalWeights w = zero_weights(Variant{}, 1);
        w.units_per_disc = units;
        const Board start = Board::start();  // 60 empties: parity entry 0
        for (const auto& [fine, discs] : std::vector<std::pair<int, int>>{
                 {units / 2, 1}, {units / 2 - 1, 0}, {-units / 2, -1}, {-units / 2 + 1, 0}, {5 * units / 2, 3}}) {
            w.weights[kParityOffset] = static_cast<std::int16_t>(fine);
            EXPECT_EQ(PatternEvaluator(w).evaluate(start), discs) << units << " " << fine;
        }
    }
}

// The evaluation's own summing (AVX-512 gathers where built so) gives the sum over
// feature_offsets, the features' definition, with random weights in every table entry.
TEST(PatternEval, PatternSumIsTheSumOverTheFeatureOffsets) {
    EvalWeights w = zero_weights(Variant{}, 15);
    std::mt19937 rng(3);
    for (auto& x : w.weights) x = static_cast<std::int16_t>(static_cast<int>(rng() % 4001) - 2000);
    const PatternEvaluator eval(w);
    for (const Board& board : testing::random_game_positions(3000, 8)) {
        FeatureOffsets offsets;
        feature_offsets(board, offsets);
        const std::int16_t* table =
            w.weights.data() + std::size_t(phase_of(board.empty_count(), 15)) * kWeightsPerPhase;
        int expected = 0;
        for (std::uint32_t offset : offsets) expected += table[offset];
        ASSERT_EQ(eval.evaluate_fine(board), expected);
    }
}

// Networks with random weights for every phase of `w`.
void add_random_nets(EvalWeights& w, int hidden, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> value(-0.5f, 0.5f);
    w.nets.assign(w.phases, ResidualNet(hidden));
    for (ResidualNet& net : w.nets) {
        for (std::vector<float>* values : net.vectors())
            for (float& v : *values) v = value(rng);
        net.out_bias = value(rng);
    }
}

TEST(PatternEval, NetworksKeepTheScoreTheSameForAllEightSymmetries) {
    EvalWeights w = random_tied_weights(15, 4);
    add_random_nets(w, 32, 5);
    const PatternEvaluator eval(w);
    int corrected = 0;
    for (const Board& board : testing::random_game_positions(4000, 22)) {
        const int score = eval.evaluate(board);
        corrected += eval.correction(board, eval.evaluate_fine(board)) != 0.0f;
        for (int k = 1; k < kSymmetries; ++k) ASSERT_EQ(eval.evaluate(transform(board, k)), score) << k;
    }
    EXPECT_GT(corrected, 3900);  // the networks do act
}

TEST(PatternEval, NetworkCorrectionIsAddedToThePatternSumBeforeRounding) {
    EvalWeights w = random_tied_weights(1, 6);
    w.nets.assign(1, ResidualNet(16));
    w.nets[0].out_bias = 2.25f;  // every unit inactive: the correction is the output bias
    const PatternEvaluator with_net(w);
    for (const Board& board : testing::random_game_positions(500, 23)) {
        const int fine = with_net.evaluate_fine(board) + 2 * kWeightUnitsPerDisc + kWeightUnitsPerDisc / 4;
        const double expected = std::clamp<double>(std::round(double(fine) / kWeightUnitsPerDisc), -64, 64);
        ASSERT_EQ(with_net.evaluate(board), expected);
    }
}

TEST(PatternEval, NetworkOutputIsItsFormula) {
    // One unit active with a known pre-activation: bias + pattern * scale * w + the rows of the discs.
    ResidualNet net(16);
    net.bias[3] = 0.5f;
    net.pattern_weights[3] = 2.0f;
    net.square_weights[std::size_t(0) * 16 + 3] = 0.25f;          // side to move on a1
    net.square_weights[std::size_t(64 + 63) * 16 + 3] = -0.125f;  // opponent on h8
    net.square_weights[std::size_t(64 + 0) * 16 + 3] = 100.0f;    // opponent on a1: absent
    net.out_weights[3] = 3.0f;
    net.bias[4] = -1.0f;  // inactive: its output weight does not count
    net.out_weights[4] = 50.0f;
    net.out_bias = -1.0f;
    const Board board{square_bit(0), square_bit(63)};
    const float pre = 0.5f + 8.0f * ResidualNet::kPatternInputScale * 2.0f + 0.25f - 0.125f;
    EXPECT_FLOAT_EQ(net.correction(board, 8.0f), -1.0f + 3.0f * pre);
}

TEST(PatternEval, PhasesSliceTheEmpties) {
    EXPECT_EQ(phase_of(0, 15), 0);
    EXPECT_EQ(phase_of(4, 15), 0);
    EXPECT_EQ(phase_of(5, 15), 1);
    EXPECT_EQ(phase_of(60, 15), 14);
    EXPECT_EQ(phase_of(60, 30), 29);
    EXPECT_EQ(phase_of(1, 60), 0);
    EXPECT_EQ(phase_of(60, 60), 59);
}

}  // namespace
}  // namespace tempo
