// Endgame solver microbenchmarks: exact solves of FForum #1-#3 (14 empties; positions from the
// FForum magazine, via abulmo/edax-reversi problem/fforum-1-19.obf) with the table cleared each
// time, on 1 and 2 threads. The node count per iteration is a signature of the search.
#include <benchmark/benchmark.h>

#include "engine/notation.hpp"
#include "search/endgame/solver.hpp"

namespace tempo {
namespace {

const char* const kPositions[] = {
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",  // #1: G8 +18
    "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X",  // #2: A4 +10
    "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X",  // #3: D1 +2
};

void BM_SolveFfo1To3(benchmark::State& state) {
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{}, static_cast<int>(state.range(0)));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        for (const char* text : kPositions) {
            tt.clear();
            const EndgameResult r = solver.solve(parse_board(text).board);
            benchmark::DoNotOptimize(r.score);
            nodes += r.nodes;
        }
    }
    state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
    state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_SolveFfo1To3)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tempo
