// The bench's node count is the search's signature (search/bench.hpp), checked at a small depth
// as Stockfish's CI checks its bench: a change to the search or the evaluation changes it. Search
// changes update these numbers and kBenchSignature in the same commit.
#include "search/bench.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace tempo {
namespace {

BenchOptions at_depth(int depth) {
    BenchOptions options;
    options.depth = depth;
    return options;
}

TEST(Bench, NodeCountAtDepth8IsTheStoredSignature) {
    EXPECT_EQ(bench_positions().size(), 24u);
    EXPECT_EQ(run_bench(at_depth(8)), 603892u);
}

TEST(Bench, OneThreadIsDeterministic) {
    std::vector<std::uint64_t> first, second;
    const auto nodes_into = [](std::vector<std::uint64_t>& out) {
        return [&out](const SearchResult& r, double, double) { out.push_back(r.nodes); };
    };
    const std::uint64_t total = run_bench(at_depth(6), nodes_into(first));
    EXPECT_EQ(run_bench(at_depth(6), nodes_into(second)), total);
    EXPECT_EQ(first, second);
    EXPECT_EQ(total, 125826u);
}

}  // namespace
}  // namespace tempo
