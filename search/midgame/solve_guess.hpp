// The selective search that precedes an exact solve: iterative deepening by two plies at a
// Multi-ProbCut selectivity on the solver's table, to the end from many empties, a few plies short
// of it below. Its score opens the solve's aspiration window and its table moves order the solve.
// `endgame_guess` runs it for `tempo solve` and `tempo-train solve`; the Searcher
// (search/searcher.cpp) runs the same depths as its iterative deepening before an exact solve.
#pragma once

#include <cstdint>

#include "engine/board.hpp"
#include "engine/variant.hpp"

namespace tempo {

class Evaluator;
class TranspositionTable;

// Empties from which the guess searches to the end. How deep, from how many empties, and why
// not a ladder of selectivities: bench/results/tuning-notes.md.
constexpr int kGuessEmpties = 22;
// Below kGuessEmpties the guess stops this many plies short of the end; from kGuessEmpties
// stopping short loses (bench/results/tuning-notes.md).
constexpr int kGuessShortfall = 6;

// The depth of the guess's last iteration for a position with `empties` empties (< 2: no guess).
constexpr int guess_depth(int empties) { return empties >= kGuessEmpties ? empties : empties - kGuessShortfall; }

// Plies between the guess's iterations: every depth costs more than it gains
// (bench/results/tuning-notes.md).
constexpr int kGuessDepthStep = 2;

// The guess's selectivity (search/midgame/probcut.hpp): 73% on 8x8, the most selective level (38%) on 6x6
// (bench/results/tuning-notes.md).
constexpr int guess_selectivity(Geometry geometry) { return geometry == Geometry::k6x6 ? 4 : 3; }

// The guess for `board`: its last iteration's score (0 when no iteration is deep enough), on `tt`
// and `threads` threads (young brothers wait); adds its nodes to `nodes`.
int endgame_guess(const Board& board, const Evaluator& evaluator, Variant variant, TranspositionTable& tt, int threads,
                  std::uint64_t& nodes);

}  // namespace tempo
