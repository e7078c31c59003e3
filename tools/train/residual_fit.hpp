// Fitting of the residual networks (eval/residual_net.hpp): per phase, a network trained by Adam
// (mini-batches, squared error) on what the fixed pattern weights miss, label - pattern sum.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/variant.hpp"
#include "eval/pattern_eval.hpp"
#include "eval/residual_net.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

struct NetFitOptions {
    int hidden = 32;          // a multiple of ResidualNet::kLanes
    int epochs = 8;           // passes over the phase's training positions
    double rate = 0.001;      // Adam's step size in the first epoch ...
    double rate_decay = 1.0;  // ... multiplied by this after each epoch
    int batch = 256;          // positions per step
    int overlap = 2;          // a phase also trains on positions up to this many empties outside it
    int exact_below = 0;      // at this many empties or fewer, train on exactly labelled positions only
    std::uint64_t seed = 1;   // initial weights and the order of the positions
};

// The network of the phase [lo, hi] (empties) for the pattern sums of `patterns`, trained on the
// training samples with empties in [lo - overlap, hi + overlap]. Of the epochs, the one with the
// smallest held-out error (held-out samples of [lo, hi], exact only where the training is) is kept; each epoch's errors
// are printed on stderr.
ResidualNet fit_residual_phase(const std::vector<Sample>& samples, const PatternEvaluator& patterns, int lo, int hi,
                               const NetFitOptions& options);

// The networks of every phase of `weights` (fitted pattern weights of `variant`; its networks
// replaced), each by fit_residual_phase on the pattern sums without networks. Only the phases in
// `only_phases` (all if empty) are fitted; the others get networks that add 0. With a
// `checkpoint_dir`, a phase found there (net<p>.bin) is read instead of fitted and a fitted one is
// written there. Progress on stderr.
void fit_residual_nets(const std::vector<Sample>& samples, EvalWeights& weights, Variant variant,
                       const NetFitOptions& options, const std::vector<int>& only_phases,
                       const std::string& checkpoint_dir);

}  // namespace tempo::train
