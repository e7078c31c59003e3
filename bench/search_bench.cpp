#include "bench/search_bench.hpp"

#include <chrono>
#include <ctime>

#include "engine/notation.hpp"

namespace tempo {

namespace {

// Twelve XOT openings (every 300th line of openingssmall.txt, see data/README.md: 52 empties) and
// twelve middle games cut from Logistello's game collection (logbook.gam, every 9000th game, after
// 20 to 32 moves).
constexpr const char* kBenchPositions[] = {
    "f5d6c4d3c2b3b4b5",
    "f5d6c3f3c5c4d3e2",
    "f5f4e3f6g6d6g4f2",
    "f5f4c3d6f3g3f6c4",
    "f5f4f3d6c5g4c3f2",
    "f5f4e3d6g5e2c7g4",
    "f5d6c7f6f4g5c4c3",
    "f5f6c4f4g5d6f3c3",
    "f5d6c4d3e6g6e3c5",
    "f5f4e3f2f3e6d7g5",
    "f5d6c7g5f4f3d3c5",
    "f5f4c3g6g4c5d6e7",
    "d3c3c4e3c2c5c6b4a3a4a5b3d2b5f4c1b6f5e2d1e1f1f2g1",
    "d3c3c4e3d2b4f4f3f5c1e2c6g4e6d6f6e7g6f7f1c5d7d1e1c8g3b5a6",
    "d3c3c4e3d2c5b5b4d6e6f3c2b6d1c6f5f4e7d7f6a3c8b3g4g3c7h4e2g5f2f7h6",
    "d3c3c4e3f4d6e6b5c6g5b4c5b3a5g4f5d2f2f3e2",
    "d3c5e6f5f6e3c3d2c4b5b3d6c7f4c6a3a6d7f7e7g5g4f8e8",
    "d3c5e6f5f6e3c3f3c4b4b5c2d2b3a3d1c1b1a2d6c6e7f4b6d7g3a6d8",
    "d3c5e6f5f6e3d6e7f7g6b5b6f4c6h6g5c4d7h5g4c3a4f2b4b3e2c2f3h3c1e1a3",
    "d3c5e6f5f6e3d6f7g6e7f4c4c7c6d7e8f3c8f8h5",
    "d3c5f6e3c3f5e6d2c6f4b5d6c4a5e1c1e2f3b6f1d1b4d7f2",
    "d3c5f6e3c3f5e6f3c4b4b5c2d2d6c6c1a5e7e1f7f4e2g5d7f2g6f1b6",
    "d3c5f6f5e6e3c3d2c4b5b3d6c7a3c6f4a6d7c2a5g4b6f3b4f7e2e1d1c8e8e7f1",
    "d3c5f6f5e6e3c3f3c4b4b5c2a5d6c6e7d2c1f4g4",
};

}  // namespace

std::span<const char* const> bench_positions() { return kBenchPositions; }

std::uint64_t run_bench(
    const BenchOptions& options,
    const std::function<void(const SearchResult&, double seconds, double cpu_seconds)>& on_position) {
    SearcherOptions searcher_options{options.threads, options.hash_mb};
    searcher_options.parallelism = options.parallelism;
    Searcher searcher(searcher_options);
    if (options.evaluator) searcher.set_evaluator(Variant{}, options.evaluator);
    searcher.prepare(Variant{});  // loading is not timed
    Limits limits;
    limits.depth = options.depth;
    limits.endgame = Limits::Endgame::kOff;
    limits.selectivity = options.selectivity;
    std::uint64_t total_nodes = 0;
    for (const char* transcript : kBenchPositions) {
        const Game game = parse_transcript(transcript);
        searcher.clear();
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        const SearchResult r = searcher.run(game, limits);
        const double cpu_seconds = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        total_nodes += r.nodes;
        if (on_position) on_position(r, seconds, cpu_seconds);
    }
    return total_nodes;
}

}  // namespace tempo
