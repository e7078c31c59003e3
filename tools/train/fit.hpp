// Least-squares fitting of one phase's weights: minimise sum (eval - label)^2 + lambda * |w|^2 over
// the tied features (mirror images of a shape share a weight) by preconditioned conjugate gradient
// on the normal equations.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/variant.hpp"
#include "eval/weights_file.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

struct FitOptions {
    double lambda = 4.0;      // ridge penalty, in units of one sample's squared error
    int iterations = 60;      // conjugate-gradient steps
    int overlap = 2;          // a phase also trains on positions up to this many empties outside it
    int exact_below = 0;      // at this many empties or fewer, train on exactly labelled positions only
    int searched_above = 60;  // above this many empties, train on positions with a searched label only
    int train_percent = 100;  // share of the training positions used (by a hash of the position): learning curves
    Bitboard playable = kPlayable8x8;  // the variant's squares (6x6: kPlayable6x6), for the mobility features
};

// The offset every feature offset is tied to (identity outside the pattern tables).
const std::vector<std::uint32_t>& tied_offsets();

// Fits the weights (in discs, kWeightsPerPhase of them, expanded to all tied offsets) on the
// training samples with empties in [lo - overlap, hi + overlap]. `start` (may be empty) is the
// initial guess, e.g. the neighbouring phase's weights.
std::vector<double> fit_phase(const std::vector<Sample>& samples, int lo, int hi, const FitOptions& options,
                              const std::vector<double>& start);

// The empties counts [lo, hi] of phase p (0 = fewest empties) of `phases` on a board with
// `max_empties` empties at the start.
std::pair<int, int> phase_empties(int p, int phases, int max_empties);

// The weights of `variant` in `phases` phases: fit_phase on each, from the endgame backwards, each
// starting from its later neighbour's weights, then rounded to the file's units. With a
// `checkpoint_dir`, a phase found there (phase<p>.bin) is read instead of fitted and a fitted one is
// written there. only_phase >= 0 fits that phase alone (the others stay 0). Progress on stderr.
EvalWeights fit_weights(const std::vector<Sample>& samples, Variant variant, int phases, const FitOptions& options,
                        const std::string& checkpoint_dir, int only_phase = -1);

}  // namespace tempo::train
