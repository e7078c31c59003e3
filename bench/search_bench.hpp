// The bench: a fixed set of positions searched to a fixed depth on one thread, the table cleared
// before each. Its total node count depends only on the search and the evaluation: it is the
// search's signature (`tempo bench`, tests/bench/search_bench_test.cpp), and a change that alters it
// changes the search.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>

#include "search/searcher.hpp"

namespace tempo {

// `tempo bench`'s node count at its default depth (12) on one thread. Search changes update this
// in the same commit.
constexpr int kBenchDepth = 12;
constexpr std::uint64_t kBenchSignature = 1091508;

// The bench positions, as move transcripts from the standard start.
std::span<const char* const> bench_positions();

struct BenchOptions {
    int depth = kBenchDepth;
    int threads = 1;  // node counts are deterministic on one thread only
    int hash_mb = 64;
    std::optional<int> selectivity;  // unset: the searcher's default
    Parallelism parallelism = Parallelism::kLazySmp;
    std::shared_ptr<const Evaluator> evaluator;  // unset: the shipped weights
};

// Searches every bench position in order, the table cleared before each, and returns the total
// nodes. `on_position`, if given, gets each search's result with its wall-clock and CPU seconds.
std::uint64_t run_bench(
    const BenchOptions& options,
    const std::function<void(const SearchResult&, double seconds, double cpu_seconds)>& on_position = {});

}  // namespace tempo
