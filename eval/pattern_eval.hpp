// The trained pattern evaluation for 8x8 (standard and anti) and 6x6: per game phase (by empties),
// the sum of the weights of the position's features (eval/features.hpp), in discs for the side to
// move, plus the phase's residual network (eval/residual_net.hpp) when the weights file has them.
// 6x6 uses the same pattern set on its b2..g7 squares, with its own weights.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "eval/evaluator.hpp"
#include "eval/features.hpp"
#include "eval/weights_file.hpp"

namespace tempo {

// The phase of a position with `empties` empty squares when there are `phases` phases: equal
// slices of 1..max_empties empties (0 empties joins the first); max_empties is 60 on 8x8, 32 on 6x6.
constexpr int phase_of(int empties, int phases, int max_empties = 60) {
    const int p = (empties > 0 ? empties - 1 : 0) * phases / max_empties;
    return p < phases ? p : phases - 1;
}

class PatternEvaluator final : public Evaluator {
public:
    // Takes weights already checked by load_weights (this pattern set; 8x8 or 6x6).
    explicit PatternEvaluator(EvalWeights weights);

    int evaluate(const Board& board) const override;
    double evaluate_unrounded(const Board& board) const override;
    // The pattern sum alone, in 1/kWeightUnitsPerDisc discs (not rounded, not clamped).
    int evaluate_fine(const Board& board) const;
    // The network's correction to a pattern sum of `fine` units, in discs (0 without networks).
    float correction(const Board& board, int fine) const;

    const EvalWeights& weights() const { return weights_; }

private:
    // The pattern sum of a board with `empties` empty playable squares (counted once per evaluation).
    int pattern_sum(const Board& board, int empties) const;
    // The pattern sum plus the network's correction, in 1/units_per_disc discs.
    int total_fine(const Board& board) const;
    float correction(const ResidualNet* net, const Board& board, int fine) const;

    EvalWeights weights_;
    Bitboard playable_;  // the variant's squares: moves and empties are counted on these
    int unit_shift_;     // log2 of units_per_disc when a power of two, else -1
    std::array<const std::int16_t*, 65> table_by_empties_;  // the phase's weights for each empty count
    std::array<const ResidualNet*, 65> net_by_empties_{};   // the phase's network, null if none (or it adds 0)
};

}  // namespace tempo
