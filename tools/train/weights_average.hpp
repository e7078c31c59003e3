// Averaging fitted weights: the evaluation is linear in its weights, so the share-weighted mean of
// several weight sets evaluates every position to the same mean of their evaluations. Fits on
// different data (the shipped file's older engine games, the repository's own) err differently,
// so their mean can combine data that no single fit has (test 15, eval/results/
// 2026-12-06-weight-averaging.md: the mean beats the repository's fit and ties the shipped file).
#pragma once

#include <string>
#include <vector>

#include "eval/weights_file.hpp"

namespace tempo::train {

struct WeightsShare {
    std::string path;  // for error messages
    EvalWeights weights;
    double share = 1;  // > 0; the shares need not sum to 1
};

// The share-weighted mean of `inputs`, each weight rounded to the nearest unit. Throws
// std::runtime_error naming the file when the inputs are not alike (variant, pattern set, phases,
// weights per phase, units per disc), when one holds residual networks (they do not average), or
// when a share is not positive.
EvalWeights average_weights(const std::vector<WeightsShare>& inputs);

}  // namespace tempo::train
