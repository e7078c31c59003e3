// The selective search to the end that precedes an exact solve from many empties: iterative
// deepening by two plies up to the empties count at a Multi-ProbCut selectivity, on the solver's
// table. Its score opens the solve's aspiration window and its table moves order the solve. Both
// `tempo solve` (tools/cmd_solve.cpp) and the Searcher (search/searcher.cpp) run it.
#pragma once

#include "engine/variant.hpp"

namespace tempo {

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

// Empties from which an exact solve is preceded by the guess.
constexpr int kGuessEmpties = 22;
// Plies between the guess's iterations. Every depth costs more than it gains: the searcher's
// guess on FFO #40-#49 took 784.9 M nodes and 58.7 s by 1 ply against 738.8 M and 48.5 s by 2.
constexpr int kGuessDepthStep = 2;

// The guess's selectivity (search/probcut.hpp): 73% on 8x8, the most selective level (38%) on 6x6.
// 6x6: 8 random 6x6 positions with 22-26 empties (bench/data/6x6-random-22-26.obf), CPU s
// (nodes): selectivity 3 46.1 (335.5 M), 4 30.2 (373.8 M), no guess 40.0 (541.8 M).
constexpr int guess_selectivity(Geometry geometry) { return geometry == Geometry::k6x6 ? 4 : 3; }

}  // namespace tempo
