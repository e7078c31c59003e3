// Microbenchmarks of the evaluation: pattern indices from the two bitboards, a full pattern
// evaluation (shipped weights when found, else random ones: same work), and the simple stand-in.
#include <benchmark/benchmark.h>

#include <random>

#include "engine/symmetry.hpp"
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
        EvalWeights w = zero_weights(Variant{}, 15);
        std::mt19937 rng(1);
        for (auto& x : w.weights) x = static_cast<std::int16_t>(rng() % 512) - 256;
        return std::make_shared<PatternEvaluator>(std::move(w));
    }
}

// The form the build uses (AVX-512 where the CPU has it) and the portable one, side by side.
void BM_PatternIndices(benchmark::State& state,
                       void (*indices)(const Board&, std::array<std::uint16_t, kPlacements>&)) {
    std::array<std::uint16_t, kPlacements> index;
    for (auto _ : state)
        for (const Board& b : positions()) {
            indices(b, index);
            benchmark::DoNotOptimize(index);
        }
    state.SetItemsProcessed(state.iterations() * positions().size());
}
BENCHMARK_CAPTURE(BM_PatternIndices, used, pattern_indices);
BENCHMARK_CAPTURE(BM_PatternIndices, portable, pattern_indices_portable);

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

// The same with a residual network of state.range(0) hidden units per phase (random weights: the
// cost does not depend on them), and the network alone on a canonical board.
std::shared_ptr<const PatternEvaluator> evaluator_with_nets(int hidden) {
    EvalWeights w = pattern_evaluator()->weights();
    std::mt19937 rng(2);
    std::uniform_real_distribution<float> value(-0.1f, 0.1f);
    w.nets.assign(w.phases, ResidualNet(hidden));
    for (ResidualNet& net : w.nets)
        for (std::vector<float>* values : net.vectors())
            for (float& v : *values) v = value(rng);
    return std::make_shared<PatternEvaluator>(std::move(w));
}

void BM_PatternEvaluateWithNetwork(benchmark::State& state) {
    const auto eval = evaluator_with_nets(int(state.range(0)));
    for (auto _ : state)
        for (const Board& b : positions()) benchmark::DoNotOptimize(eval->evaluate(b));
    state.SetItemsProcessed(state.iterations() * positions().size());
}
BENCHMARK(BM_PatternEvaluateWithNetwork)->Arg(16)->Arg(32)->Arg(64);

void BM_ResidualNetwork(benchmark::State& state) {
    const auto eval = evaluator_with_nets(int(state.range(0)));
    const ResidualNet& net = eval->weights().nets[7];
    std::vector<Board> canonical_boards;
    for (const Board& b : positions()) canonical_boards.push_back(canonical(b));
    for (auto _ : state)
        for (const Board& b : canonical_boards) benchmark::DoNotOptimize(net.correction(b, 1.5f));
    state.SetItemsProcessed(state.iterations() * canonical_boards.size());
}
BENCHMARK(BM_ResidualNetwork)->Arg(16)->Arg(32)->Arg(64);

void BM_Canonical(benchmark::State& state) {
    for (auto _ : state)
        for (const Board& b : positions()) benchmark::DoNotOptimize(canonical(b));
    state.SetItemsProcessed(state.iterations() * positions().size());
}
BENCHMARK(BM_Canonical);

// The alternative to recomputing the indices: updating them with each move (Edax's way). This
// prototype keeps both views (side to move = digit 1, and the swapped colours) so an evaluation
// after the move can read them directly; per square it lists (placement, 3^digit). Measured here
// only, to compare with BM_PatternIndices.
struct SquareTerms {
    std::vector<std::pair<std::uint8_t, std::uint16_t>> terms;
};
const std::array<SquareTerms, 64>& square_terms() {
    static const std::array<SquareTerms, 64> table = [] {
        std::array<SquareTerms, 64> t;
        for (int i = 0; i < kPlacements; ++i) {
            const Placement& p = placements()[i];
            for (int sq = 0; sq < 64; ++sq) {
                if (!(p.mask & square_bit(sq))) continue;
                // The digit weight of this square: the ternary value of its bit alone.
                const int bit = popcount(p.mask & (square_bit(sq) - 1));
                t[sq].terms.push_back({static_cast<std::uint8_t>(i), p.ternary[1u << bit]});
            }
        }
        return t;
    }();
    return table;
}

struct MoveSample {
    Board board;
    int square;
    Bitboard flipped;
};
const std::vector<MoveSample>& move_samples() {
    static const std::vector<MoveSample> samples = [] {
        std::vector<MoveSample> out;
        for (const Board& b : positions())
            for_each_square(b.moves(), [&](int sq) { out.push_back({b, sq, b.flips_for(sq)}); });
        return out;
    }();
    return samples;
}

// Applies a move to both index views: `mine` (mover = 1) becomes the next side's `theirs`.
void update_indices(std::array<std::uint16_t, kPlacements>& mine, std::array<std::uint16_t, kPlacements>& theirs,
                    int square, Bitboard flipped) {
    const auto& terms = square_terms();
    for (const auto& [placement, power] : terms[square].terms) {
        mine[placement] += power;        // empty -> mover (digit 1)
        theirs[placement] += 2 * power;  // empty -> mover, seen as the opponent (digit 2)
    }
    for_each_square(flipped, [&](int sq) {
        for (const auto& [placement, power] : terms[sq].terms) {
            mine[placement] -= power;    // opponent (2) -> mover (1)
            theirs[placement] += power;  // seen from the other side: 1 -> 2
        }
    });
}

void BM_IncrementalUpdate(benchmark::State& state) {
    const auto& samples = move_samples();
    std::vector<std::array<std::uint16_t, kPlacements>> mine(samples.size()), theirs(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        pattern_indices(samples[i].board, mine[i]);
        pattern_indices(samples[i].board.passed(), theirs[i]);
    }
    // The prototype must agree with recomputation, or its timing means nothing.
    for (std::size_t i = 0; i < samples.size(); ++i) {
        auto m = mine[i], t = theirs[i];
        update_indices(m, t, samples[i].square, samples[i].flipped);
        std::array<std::uint16_t, kPlacements> next, next_swapped;
        const Board after = samples[i].board.after(samples[i].square, samples[i].flipped);
        pattern_indices(after, next);
        pattern_indices(after.passed(), next_swapped);
        if (m != next_swapped || t != next) {
            state.SkipWithError("incremental indices differ from recomputed ones");
            return;
        }
    }
    for (auto _ : state)
        for (std::size_t i = 0; i < samples.size(); ++i) {
            auto m = mine[i], t = theirs[i];
            update_indices(m, t, samples[i].square, samples[i].flipped);
            benchmark::DoNotOptimize(m);
            benchmark::DoNotOptimize(t);
        }
    state.SetItemsProcessed(state.iterations() * samples.size());
}
BENCHMARK(BM_IncrementalUpdate);

// The same moves with the indices recomputed from the new bitboards.
void BM_RecomputeAfterMove(benchmark::State& state) {
    const auto& samples = move_samples();
    std::array<std::uint16_t, kPlacements> index;
    for (auto _ : state)
        for (const MoveSample& s : samples) {
            pattern_indices(s.board.after(s.square, s.flipped), index);
            benchmark::DoNotOptimize(index);
        }
    state.SetItemsProcessed(state.iterations() * samples.size());
}
BENCHMARK(BM_RecomputeAfterMove);

void BM_SimpleEvaluate(benchmark::State& state) {
    const SimpleEvaluator eval(Variant{});
    for (auto _ : state)
        for (const Board& b : positions()) benchmark::DoNotOptimize(eval.evaluate(b));
    state.SetItemsProcessed(state.iterations() * positions().size());
}
BENCHMARK(BM_SimpleEvaluate);

}  // namespace
}  // namespace tempo
