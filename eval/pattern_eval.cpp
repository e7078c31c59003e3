#include "eval/pattern_eval.hpp"

#include <algorithm>
#include <stdexcept>

namespace tempo {

PatternEvaluator::PatternEvaluator(EvalWeights weights)
    : weights_(std::move(weights)), playable_(weights_.variant.playable()) {
    if (weights_.weights_per_phase != kWeightsPerPhase ||
        weights_.weights.size() != std::size_t(weights_.phases) * kWeightsPerPhase)
        throw std::runtime_error("pattern evaluator: weights do not match this pattern set");
    const int max_empties = weights_.variant.squares() - 4;
    for (int empties = 0; empties <= 64; ++empties)
        table_by_empties_[empties] =
            weights_.weights.data() +
            std::size_t(phase_of(std::min(empties, max_empties), weights_.phases, max_empties)) * kWeightsPerPhase;
}

int PatternEvaluator::evaluate_fine(const Board& board) const {
    FeatureOffsets offsets;
    feature_offsets(board, offsets, playable_);
    const std::int16_t* w = table_by_empties_[board.empty_count(playable_)];
    int sum = 0;
    for (std::uint32_t offset : offsets) sum += w[offset];
    return sum;
}

int PatternEvaluator::evaluate(const Board& board) const {
    const int units = weights_.units_per_disc;
    const int fine = evaluate_fine(board);
    // Round to the nearest disc, halves away from zero (symmetric for both sides).
    const int discs = fine >= 0 ? (fine + units / 2) / units : -((-fine + units / 2) / units);
    return std::clamp(discs, -64, 64);
}

}  // namespace tempo
