// Multi-ProbCut: a shallow search predicts a deep one. For a node of depth d the deep value v_d is
// modelled as v_d = slope * v_s + offset + N(0, sigma), v_s the value at the shallow depth s(d);
// a node is cut when the shallow search shows the deep value is beyond the window with the
// confidence of the selectivity level. The constants come from `tempo-train fit-probcut`.
#pragma once

#include <algorithm>

#include "search/tunables.hpp"

namespace tempo {

// Selectivity levels of Limits::selectivity: 0 = no pruning ... kMaxSelectivity = most pruning.
constexpr int kMaxSelectivity = 4;
// The confidence of each level, as the number of standard deviations a cut must clear.
constexpr double kSelectivityT[kMaxSelectivity + 1] = {0.0, 2.0, 1.5, 1.1, 0.5};
// The probability in percent that a cut made at each level is right (two-sided normal).
constexpr int kSelectivityPercent[kMaxSelectivity + 1] = {100, 95, 87, 73, 38};
// The level the searcher uses when the limits do not say. In equal-time self-play t = 0.5 beat
// t = 1.1 at 40 ms a move (59%) but only tied at 200 ms (51%), and t = 1.1 beat the milder levels:
// 1.1 for the longer thinking times of real games (bench/results/2026-11-29-midgame.md).
constexpr int kDefaultSelectivity = 3;

// The confidence t of a selectivity level; the default level's is tunable (search/tunables.hpp), its
// default kSelectivityT's.
inline double probcut_t(int level) {
    return level == kDefaultSelectivity ? tunable(Tunable::kProbcutConfidence) / 100.0 : kSelectivityT[level];
}

// ProbCut from depth 1: even one ply ahead the static evaluation predicts the searched value well
// enough to cut (bench/results/tuning-notes.md); the fit covers up to kProbcutMaxDepth and deeper
// nodes use its last row.
constexpr int kProbcutMinDepth = 1;
constexpr int kProbcutMaxDepth = 16;

// The shallow depth paired with deep depth d: about half of it, same parity (evaluations at even
// and odd depths differ systematically in Othello); depth 1 pairs with the static evaluation, its
// fit's offset taking the parity's difference.
constexpr int probcut_shallow_depth(int depth) { return depth == 1 ? 0 : 2 * (depth / 4) + (depth & 1); }

// The fitted model for one deep depth: v_d = slope * v_s + offset, with the residual's standard
// deviation growing linearly with the empties: sigma = sigma_base + sigma_per_empty * empties.
struct ProbcutFit {
    double slope;
    double offset;
    double sigma_base;
    double sigma_per_empty;
};

// The model for nodes of `depth` (kProbcutMinDepth.. ; deeper uses the deepest fit).
const ProbcutFit& probcut_fit(int depth);

inline double probcut_sigma(const ProbcutFit& fit, int empties) {
    return std::max(0.5, fit.sigma_base + fit.sigma_per_empty * empties);
}

}  // namespace tempo
