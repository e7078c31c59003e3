// Microbenchmarks of the evaluation: pattern indices from the two bitboards, a full pattern
// evaluation (shipped weights when found, else random ones: same work), and the simple stand-in.
#include <benchmark/benchmark.h>

#include <random>

#include "eval/pattern_eval.hpp"
#include "eval/simple_eval.hpp"
#include "tests/engine/random_positions.hpp"

namespace tempo {
namespace {

const std::vector<Board>& positions() {
    static const std::vector<Board> boards = testing::random_game_positions(4096, 42);
    return boards;
}

// The shipped 8x8 evaluator, or one with random weights of the same shape if none is found.
std::shared_ptr<const PatternEvaluator> pattern_evaluator() {
    try {
        return std::make_shared<PatternEvaluator>(load_weights(find_weights_file({}), {}));
    } catch (const std::exception&) {
        EvalWeights w;
        w.pattern_set = kPatternSetId;
        w.phases = 15;
        w.weights_per_phase = kWeightsPerPhase;
        w.weights.resize(std::size_t(w.phases) * kWeightsPerPhase);
        std::mt19937 rng(1);
        for (auto& x : w.weights) x = static_cast<std::int16_t>(rng() % 512) - 256;
        return std::make_shared<PatternEvaluator>(std::move(w));
    }
}

void BM_PatternIndices(benchmark::State& state) {
    std::array<std::uint16_t, kPlacements> index;
    for (auto _ : state)
        for (const Board& b : positions()) {
            pattern_indices(b, index);
            benchmark::DoNotOptimize(index);
        }
    state.SetItemsProcessed(state.iterations() * positions().size());
}
BENCHMARK(BM_PatternIndices);

void BM_FeatureOffsets(benchmark::State& state) {
    FeatureOffsets offsets;
    for (auto _ : state)
        for (const Board& b : positions()) {
            feature_offsets(b, offsets);
            benchmark::DoNotOptimize(offsets);
        }
    state.SetItemsProcessed(state.iterations() * positions().size());
}
BENCHMARK(BM_FeatureOffsets);

void BM_PatternEvaluate(benchmark::State& state) {
    const auto eval = pattern_evaluator();
    for (auto _ : state)
        for (const Board& b : positions()) benchmark::DoNotOptimize(eval->evaluate(b));
    state.SetItemsProcessed(state.iterations() * positions().size());
}
BENCHMARK(BM_PatternEvaluate);

void BM_SimpleEvaluate(benchmark::State& state) {
    const SimpleEvaluator eval(Variant{});
    for (auto _ : state)
        for (const Board& b : positions()) benchmark::DoNotOptimize(eval.evaluate(b));
    state.SetItemsProcessed(state.iterations() * positions().size());
}
BENCHMARK(BM_SimpleEvaluate);

}  // namespace
}  // namespace tempo
