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

// Tuning record (tempo solve, 1 thread). How deep: FFO #40-#44, nodes (the midgame's included): no
// guess 238.4 M; with the mobility-ordered solver, depth 8 205.4 M, 10 194.7 M, 12 161.6 M, 14
// 145.3 M, 16 147.8 M; with the evaluation-ordered solver, depth 14 110.4 M, 18 106.6 M,
// empties - 2 92.4 M, to the end 89.2 M (selectivity 4: 90.7 M, 2: 131.9 M; selectivity 4 then a
// last pass at 3: 79.9 M, but on #45-#49 681.8 M against 639.1 M).
//
// From how many empties, measured by CPU time, which is what the guess costs (its nodes are 3-4x
// dearer than the solver's): guess from 18 / 20 / 22 / 24 empties, FFO #20-#39 user s (3 rounds
// each, alternated) 5.50-7.37 / 5.61-5.95 / 4.09-4.44 / 3.92-4.07, nodes 89.9 / 91.7 / 93.4 /
// 93.4 M; FFO #40-#49 38.4 / - / 39.3 / 39.0 s, 728.3 / - / 733.5 / 780.1 M nodes. Selectivity 4:
// #20-#39 4.19-4.44 s but #40-#49 43.0 s, 884.1 M nodes.
//
// A selectivity ladder (Edax style) did not pay: after the deepening, searches to the end at 87%
// (2), then 95% (1), or deepening at 38% (4) first, order the exact solve a little better, but
// their midgame nodes (5-7 M per CPU s against the solver's 17-25 M) cost more than they save.
// Nodes (guess included), #40-#49 / #52 / #54: 3 (kept) 716.5 M / 204.5 M / 4.59 G; 3 then 2
// 738.3 M / 233.6 M / 4.77 G; 3, 2, 1 819.1 M / 314.1 M; 4 then 2 647.0 M / 299.7 M / 5.09 G; 4, 3,
// 2 673.3 M / 264.2 M. User s of one alternated round (later levels in a window of +-2 around the
// last score), #40-#49 / #52: 3 37.8 / 10.6; 3 then 2 46.1 / 17.2; 3, 2, 1 66.5 / 27.9; 4 then 2
// 39.5 / 13.5; 4 then 3 40.7 / 12.9. #54, two rounds: 3 274.2 and 225.0 s, 3 then 2 266.1 and
// 227.7 s (bench/README.md, "Selectivity ladder before the exact solve").

// Empties from which the guess searches to the end.
constexpr int kGuessEmpties = 22;
// Below kGuessEmpties the guess stops this many plies short of the end (a guess of 0 until 1 Dec).
// 1 thread, one run each, s (nodes), stopping 4 / 6 / 8 plies short against a guess of 0, on the
// shared data's endgame files: 497 positions of 17-18 empties (eg_17_18.txt) 7.07 / 6.48 / 6.47
// (291 M) against 7.83 (386 M); 495 of 19-20 30.4 / 29.8 / 29.6 (1.31 G) against 39.9 (1.91 G); 497
// of 21-22 138.8 / 139.5 / 145.2 against 155.9. hard-20.obf (276 positions, 20 empties), the guess
// to depth 6 / 8 / 10 / 12 / 14 / 16 / 20 (the end): 28.6 / 27.6 / 25.6 / 24.3 / 23.4 / 24.0 / 27.8 s
// against 29.1 s (1.33 G nodes); the static evaluation as the guess 29.3 s. From 22 empties
// stopping short loses: FFO #40-#49 6 / 4 / 2 short 19.4 / 19.7 / 20.0 s against 18.5 s.
constexpr int kGuessShortfall = 6;

// The depth of the guess's last iteration for a position with `empties` empties (< 2: no guess).
constexpr int guess_depth(int empties) { return empties >= kGuessEmpties ? empties : empties - kGuessShortfall; }

// Plies between the guess's iterations. Every depth costs more than it gains: the searcher's
// guess on FFO #40-#49 took 784.9 M nodes and 58.7 s by 1 ply against 738.8 M and 48.5 s by 2.
constexpr int kGuessDepthStep = 2;

// The guess's selectivity (search/probcut.hpp): 73% on 8x8, the most selective level (38%) on 6x6.
// 6x6: 8 random 6x6 positions with 22-26 empties (bench/data/6x6-random-22-26.obf), CPU s
// (nodes): selectivity 3 46.1 (335.5 M), 4 30.2 (373.8 M), no guess 40.0 (541.8 M).
constexpr int guess_selectivity(Geometry geometry) { return geometry == Geometry::k6x6 ? 4 : 3; }

// The guess for `board`: its last iteration's score (0 when no iteration is deep enough), on `tt`
// and `threads` threads (young brothers wait); adds its nodes to `nodes`.
int endgame_guess(const Board& board, const Evaluator& evaluator, Variant variant, TranspositionTable& tt,
                  int threads, std::uint64_t& nodes);

}  // namespace tempo
