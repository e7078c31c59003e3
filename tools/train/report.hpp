// Accuracy of an evaluation: mean absolute error of plain evaluate() calls against labels, by
// empties bucket, printed as a table.
#pragma once

#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

// Samples with a known exact value from the endgame test files: OBF lines (best listed score) or
// "<board> <Black|White> <move> <score>" lines (raw disc difference from black's view).
std::vector<Sample> exact_position_samples(const std::vector<std::string>& paths);

// MAE per bucket of `bucket` empties on the held-out samples, then on those with exact labels
// (the 24-empties WTHOR theoretical scores and solved positions).
void print_mae_held_out(const Evaluator& eval, const std::vector<Sample>& samples, int bucket);
// MAE per bucket on samples with exact labels (the endgame test files).
void print_mae_exact(const Evaluator& eval, const std::vector<Sample>& samples, int bucket, const std::string& title);

}  // namespace tempo::train
