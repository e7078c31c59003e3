// The selective search to the end that precedes an exact solve from many empties: iterative
// deepening by two plies up to the empties count at a Multi-ProbCut selectivity, on the solver's
// table. Its score opens the solve's aspiration window and its table moves order the solve. Both
// `tempo solve` (tools/cmd_solve.cpp) and the Searcher (search/searcher.cpp) run it; the tuning
// record is in tools/cmd_solve.cpp, beside the measurements' command.
#pragma once

#include "engine/variant.hpp"

namespace tempo {

// Empties from which an exact solve is preceded by the guess.
constexpr int kGuessEmpties = 22;
// Plies between the guess's iterations (odd and even depths differ systematically in Othello;
// every depth costs more than it gains).
constexpr int kGuessDepthStep = 2;

// The guess's selectivity (search/probcut.hpp): 73% on 8x8, the most selective level (38%) on 6x6.
constexpr int guess_selectivity(Geometry geometry) { return geometry == Geometry::k6x6 ? 4 : 3; }

}  // namespace tempo
