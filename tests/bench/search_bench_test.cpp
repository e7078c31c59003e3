// The bench's node count is the search's signature (bench/search_bench.hpp), checked as Stockfish's CI
// checks its bench: a change to the search or the evaluation changes it. Search changes update
// kBenchSignature in the same commit.
#include "bench/search_bench.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "eval/simple_eval.hpp"

namespace tempo {
namespace {

BenchOptions at_depth(int depth) {
    BenchOptions options;
    options.depth = depth;
    return options;
}

// The full bench, depth 12 (0.6 s in Release): shallower runs miss changes that only deeper
// nodes see (internal iterative deepening from 6 plies instead of 5 alters depth 12 alone).
TEST(Bench, NodeCountIsTheStoredSignature) {
    EXPECT_EQ(bench_positions().size(), 24u);
    EXPECT_EQ(run_bench(BenchOptions{}), kBenchSignature);
}

// Two runs in one process (the table cleared, not reallocated) count the same nodes, position by
// position.
TEST(Bench, OneThreadIsDeterministic) {
    std::vector<std::uint64_t> first, second;
    const auto nodes_into = [](std::vector<std::uint64_t>& out) {
        return [&out](const SearchResult& r, double, double) { out.push_back(r.nodes); };
    };
    const std::uint64_t total = run_bench(at_depth(6), nodes_into(first));
    EXPECT_EQ(run_bench(at_depth(6), nodes_into(second)), total);
    EXPECT_EQ(first, second);
}

// `tempo bench --eval`: another evaluation searches another tree; the shipped one, given
// explicitly, the same tree as the default.
TEST(Bench, TheEvaluationGivenIsTheOneSearched) {
    const std::uint64_t shipped = run_bench(at_depth(6));
    BenchOptions explicit_shipped = at_depth(6);
    explicit_shipped.evaluator = Evaluator::create(Variant{});
    EXPECT_EQ(run_bench(explicit_shipped), shipped);
    BenchOptions simple = at_depth(6);
    simple.evaluator = std::make_shared<SimpleEvaluator>(Variant{});
    EXPECT_NE(run_bench(simple), shipped);
}

// Beside its tree the search scores positions that Edax counts as nodes and Tempo does not: the
// children its move order scores and their evaluations, ProbCut's static evaluations. `tempo bench`
// adds them for its line "counted as Edax counts" (2,582,742 nodes at depth 12).
TEST(Bench, PositionsScoredBesideTheTreeAreCounted) {
    std::uint64_t scored = 0;
    const std::uint64_t nodes =
        run_bench(BenchOptions{}, [&](const SearchResult& r, double, double) { scored += r.scored_positions; });
    EXPECT_EQ(nodes, kBenchSignature);
    EXPECT_EQ(scored, 1'573'175u);
}

}  // namespace
}  // namespace tempo
