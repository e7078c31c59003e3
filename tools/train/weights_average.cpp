#include "tools/train/weights_average.hpp"

#include <cmath>
#include <stdexcept>

namespace tempo::train {

EvalWeights average_weights(const std::vector<WeightsShare>& inputs) {
    if (inputs.empty()) throw std::runtime_error("average: no weights files");
    const EvalWeights& first = inputs.front().weights;
    double total = 0;
    for (const WeightsShare& input : inputs) {
        const EvalWeights& w = input.weights;
        if (!(input.share > 0) || !std::isfinite(input.share))
            throw std::runtime_error(input.path + ": the share must be a positive number");
        if (!w.nets.empty()) throw std::runtime_error(input.path + ": residual networks do not average");
        if (w.variant != first.variant || w.pattern_set != first.pattern_set || w.phases != first.phases ||
            w.weights_per_phase != first.weights_per_phase || w.units_per_disc != first.units_per_disc ||
            w.weights.size() != first.weights.size())
            throw std::runtime_error(input.path + ": not alike " + inputs.front().path +
                                     " (variant, pattern set, phases, weights per phase or units)");
        total += input.share;
    }
    std::vector<double> sum(first.weights.size(), 0.0);
    for (const WeightsShare& input : inputs)
        for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += input.share * input.weights.weights[i];
    EvalWeights mean = first;
    // A mean of int16 values stays within their range.
    for (std::size_t i = 0; i < sum.size(); ++i)
        mean.weights[i] = static_cast<std::int16_t>(std::lround(sum[i] / total));
    return mean;
}

}  // namespace tempo::train
