// The trained pattern evaluation for 8x8 (standard and anti): per game phase (by empties), the sum
// of the weights of the position's features (eval/features.hpp), in discs for the side to move.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "eval/evaluator.hpp"
#include "eval/features.hpp"
#include "eval/weights_file.hpp"

namespace tempo {

// The phase of a position with `empties` empty squares when there are `phases` phases: equal
// slices of 1..60 empties (0 empties joins the first).
constexpr int phase_of(int empties, int phases) {
    const int p = (empties > 0 ? empties - 1 : 0) * phases / 60;
    return p < phases ? p : phases - 1;
}

class PatternEvaluator final : public Evaluator {
public:
    // Takes weights already checked by load_weights (8x8, this pattern set).
    explicit PatternEvaluator(EvalWeights weights);

    int evaluate(const Board& board) const override;
    // The same sum before rounding, in 1/kWeightUnitsPerDisc discs (not clamped).
    int evaluate_fine(const Board& board) const;

    const EvalWeights& weights() const { return weights_; }

private:
    EvalWeights weights_;
    std::array<const std::int16_t*, 65> table_by_empties_;  // the phase's weights for each empty count
};

}  // namespace tempo
