// Microbenchmarks of the ground floor: move generation, flips, make-move and perft.
// Each iteration works through a fixed list of positions from random games, so branch
// predictors and caches see realistic, varied input.
#include <benchmark/benchmark.h>

#include "engine/perft.hpp"
#include "tests/engine/random_positions.hpp"

namespace tempo {
namespace {

const std::vector<Board>& positions() {
    static const std::vector<Board> boards = testing::random_game_positions(4096, 42);
    return boards;
}

// Every (position, legal move) pair of the list, for the flip and make-move benchmarks.
struct MoveSample {
    Board board;
    int square;
};
const std::vector<MoveSample>& move_samples() {
    static const std::vector<MoveSample> samples = [] {
        std::vector<MoveSample> out;
        for (const Board& b : positions()) for_each_square(b.moves(), [&](int sq) { out.push_back({b, sq}); });
        return out;
    }();
    return samples;
}

template <Bitboard (*Generate)(Bitboard, Bitboard)>
void BM_LegalMoves(benchmark::State& state) {
    for (auto _ : state)
        for (const Board& b : positions()) benchmark::DoNotOptimize(Generate(b.player, b.opponent));
    state.SetItemsProcessed(state.iterations() * positions().size());
}
BENCHMARK(BM_LegalMoves<legal_moves_scalar>)->Name("LegalMoves/scalar");
#if defined(__AVX2__)
BENCHMARK(BM_LegalMoves<legal_moves_avx2>)->Name("LegalMoves/avx2");
#endif
template <Bitboard (*Flip)(int, Bitboard, Bitboard)>
void BM_Flips(benchmark::State& state) {
    for (auto _ : state)
        for (const MoveSample& s : move_samples())
            benchmark::DoNotOptimize(Flip(s.square, s.board.player, s.board.opponent));
    state.SetItemsProcessed(state.iterations() * move_samples().size());
}
BENCHMARK(BM_Flips<flips_scalar>)->Name("Flips/scalar");
#if defined(__AVX2__)
BENCHMARK(BM_Flips<flips_avx2>)->Name("Flips/avx2");
#endif
// Flips + the new position + the reply's move generation: the unit of work of a search node.
void BM_MakeMoveAndGenerate(benchmark::State& state) {
    for (auto _ : state) {
        for (const MoveSample& s : move_samples()) {
            const Board child = s.board.play(s.square);
            benchmark::DoNotOptimize(child.moves());
        }
    }
    state.SetItemsProcessed(state.iterations() * move_samples().size());
}
BENCHMARK(BM_MakeMoveAndGenerate);

void BM_Perft(benchmark::State& state) {
    std::uint64_t leaves = 0;
    for (auto _ : state) leaves += perft(Board::start(), static_cast<int>(state.range(0)));
    state.SetItemsProcessed(static_cast<std::int64_t>(leaves));  // items/s = leaves/s
}
BENCHMARK(BM_Perft)->Arg(9)->Arg(11)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tempo
