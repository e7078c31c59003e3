#include "eval/pattern_eval.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

#include "engine/symmetry.hpp"

namespace tempo {

PatternEvaluator::PatternEvaluator(EvalWeights weights)
    : weights_(std::move(weights)),
      playable_(weights_.variant.playable()),
      unit_shift_(std::has_single_bit(unsigned(weights_.units_per_disc))
                      ? std::countr_zero(unsigned(weights_.units_per_disc))
                      : -1) {
    if (weights_.weights_per_phase != kWeightsPerPhase ||
        weights_.weights.size() != std::size_t(weights_.phases) * kWeightsPerPhase)
        throw std::runtime_error("pattern evaluator: weights do not match this pattern set");
    if (!weights_.nets.empty() && weights_.nets.size() != std::size_t(weights_.phases))
        throw std::runtime_error("pattern evaluator: one residual network per phase expected");
    for (const ResidualNet& net : weights_.nets)
        if (net.hidden <= 0 || net.hidden > ResidualNet::kMaxHidden || net.hidden % ResidualNet::kLanes != 0 ||
            net.square_weights.size() != std::size_t(ResidualNet::kSquareInputs) * net.hidden)
            throw std::runtime_error("pattern evaluator: malformed residual network");
    const int max_empties = weights_.variant.squares() - 4;
    for (int empties = 0; empties <= 64; ++empties) {
        const int phase = phase_of(std::min(empties, max_empties), weights_.phases, max_empties);
        table_by_empties_[empties] = weights_.weights.data() + std::size_t(phase) * kWeightsPerPhase;
        // A phase whose network adds 0 (all output weights and the bias zero) is skipped: same value, no cost.
        if (!weights_.nets.empty() && !weights_.nets[phase].adds_nothing())
            net_by_empties_[empties] = &weights_.nets[phase];
    }
}

int PatternEvaluator::evaluate_fine(const Board& board) const {
    return pattern_sum(board, board.empty_count(playable_));
}

int PatternEvaluator::pattern_sum(const Board& board, int empties) const {
    const std::int16_t* w = table_by_empties_[empties];
    const auto others = other_feature_offsets(board, playable_, empties);
    return pattern_weight_sum(board, w) + w[others[0]] + w[others[1]] + w[others[2]];
}

float PatternEvaluator::correction(const Board& board, int fine) const {
    return correction(net_by_empties_[board.empty_count(playable_)], board, fine);
}

float PatternEvaluator::correction(const ResidualNet* net, const Board& board, int fine) const {
    return net ? net->correction(canonical(board), float(fine) / float(weights_.units_per_disc)) : 0.0f;
}

int PatternEvaluator::total_fine(const Board& board) const {
    const int empties = board.empty_count(playable_);
    const int fine = pattern_sum(board, empties);
    // The network's correction joins the sum in whole units, so rounding stays in integers.
    if (const ResidualNet* net = net_by_empties_[empties])
        return fine + static_cast<int>(std::lround(correction(net, board, fine) * float(weights_.units_per_disc)));
    return fine;
}

double PatternEvaluator::evaluate_unrounded(const Board& board) const {
    return std::clamp(double(total_fine(board)) / weights_.units_per_disc, -64.0, 64.0);
}

int PatternEvaluator::evaluate(const Board& board) const {
    const int units = weights_.units_per_disc;
    const int fine = total_fine(board);
    // Round to the nearest disc, halves away from zero (symmetric for both sides). A shift where
    // the unit is a power of two (the shipped 1/128): a division was 7% of the midgame's time.
    const int magnitude = (fine >= 0 ? fine : -fine) + units / 2;
    const int whole = unit_shift_ >= 0 ? magnitude >> unit_shift_ : magnitude / units;
    return std::clamp(fine >= 0 ? whole : -whole, -kMaxScore, kMaxScore);
}

}  // namespace tempo
