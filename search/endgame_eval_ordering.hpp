// Move ordering by the trained evaluation for the endgame search at many empties: each move is
// scored by a shallow alpha-beta search of its child on the pattern evaluation, in a window
// around the node's alpha, plus the fastest-first score as the tie-break. Far from the end the
// evaluation predicts the final margin well enough to find the refutation first, which mobility
// alone does not.
#pragma once

#include <cstdint>

#include "eval/evaluator.hpp"
#include "search/endgame_look_ahead.hpp"
#include "search/endgame_ordering.hpp"

namespace tempo::endgame {

// Depth (empties) from which the evaluation orders the moves (null-window and PV nodes), the
// look-ahead in plies below each move, the half-width of its window around the node's alpha and
// the weight of one disc of it against the fastest-first score (64 per opponent reply).
// FFO #40-#44 (145.3 M nodes with the mobility look-ahead; ordering nodes counted): from 18
// empties weight 16 133.5 M, 32 126.1 M, 64 121.6 M; from 14 empties with PV nodes weight 64
// 111.5 M, 128 116.7 M, from 12 118.0 M; 0 plies 141.7 M, 2 plies 135.3 M; window 4 or 16 the same.
// FFO #45-#49 (861.4 M at weight 64): weight 48 841.3 M, 96 900.3 M; 2 plies from 20 empties
// 899.1 M, 3 plies from 20 929.4 M, 3 plies from 22 888.7 M.
// Re-tested with the guess solved to the end and started at 22 empties (30 Nov, 2 alternated
// rounds, user s): weight 64 / 48 / from 16 empties at 64: FFO #20-#39 93.4 / 89.8 / 103.6 M
// nodes, 4.26-4.50 / 4.41-4.75 / 4.41-4.66 s; FFO #40-#49 733.5 / 716.5 / 744.3 M, 39.6-42.0 /
// 37.8-43.1 / 38.7-44.9 s; 8 random 6x6 positions 270.9 / 272.8 / 320.4 M, 14.7-16.4 / 14.2-15.8 /
// 15.5-17.0 s. Weight 48: fewer nodes, the same time within the noise.
// The depth re-tested on 1 Dec (1 thread, alternated rounds, s): 8x8 from 16 instead of 14, FFO
// #56 34.48 / 34.50 -> 32.36 / 32.71 (1.21 -> 1.26 G nodes), #40-#49 18.58 / 18.75 -> 18.01 /
// 18.62, #20-#39 2.19 -> 2.27; from 18, #56 34.6 and #40-#49 18.8. On 6x6 from 16 loses: the
// start 11.97 / 12.22 -> 13.11 / 13.16. More plies at many empties lose too (2 threads, one
// round): 2 plies from 22 empties, FFO #50-#52 24.9 s and #56 + #58 96.0 s against 24.0 and
// 50.8 s with 1 ply; 2 from 20 and 3 from 26, 30.6 and 78.6 s: the look-ahead is a plain
// alpha-beta without table or ordering, and its own nodes outgrow what it saves.
// Below kEvalOrderDepth the child's static evaluation (0 plies) at 10 per disc, from 13 empties,
// takes FFO #40-#49 from 637.0 to 565.1 M nodes (1 thread, evaluations included), but not the
// time (18.4-18.8 s against 18.2-18.6 s): an evaluation costs three to four solver nodes
// (bench/README.md, "3 Dec 2026, 15:10-16:25 UTC"). Evaluated only once the table move has
// failed, and only for the moves within two replies of the best fastest-first score: FFO #40-#49
// 553.1 M nodes in the same time, FFO #40-#59 on 2 threads 260.8 / 257.6 s (18.6 G nodes) against
// 269.4 / 262.0 s (21.1 G). Not kept: an evaluation counts as one node and costs about thirteen,
// which took the endgame nodes/s from 1.37x Edax's to 1.25x (issue 3 asks for 1.3x;
// bench/README.md, "3 Dec 2026, 18:05-19:30 UTC").
// The weight re-tuned on the large trees (3 Dec, same section of bench/README.md), 48 / 24 / 16:
// FFO #40-#59 on 2 threads, one loop, 279.1 / 255.9 / 258.4 s (22.89 / 21.07 / 21.39 G nodes;
// #55 127.6 / 112.7 / 112.7 s); set5 (FFO #50-#53 + #56) 2 threads 63.0-65.0 / 59.4-61.3 /
// 60.9-61.4 s; FFO #40-#49 1 thread 18.40-18.79 / 18.13-18.25 / 17.38-18.20 s (637.0 / 628.2 /
// 632.5 M nodes); 6x6 start 12.65-12.79 / 12.22-12.25 / 13.01-13.22 s. 32: set5 61.7-62.4 s;
// 8 and 12: #40-#49 672.7 and 644.3 M nodes. At 24 a disc weighs 3/8 of an opponent reply: the
// evaluation overrides fastest-first only where it differs by a few discs.
template <class T>
constexpr int kEvalOrderDepth = T::kGeometry == Geometry::k8x8 ? 16 : 14;
constexpr int kEvalOrderPlies = 1;
constexpr int kEvalOrderWindow = 8;
constexpr int kEvalOrderWeight = 24;

// Re-scores every move of `list` but the table move for a node whose window starts at `alpha`.
template <class T>
void score_by_evaluation(EndgameMoveList& list, const Evaluator& evaluator, Bitboard player, Bitboard opponent, int alpha,
                         std::uint64_t& nodes) {
    const auto evaluate = [&evaluator](Bitboard p, Bitboard o) { return evaluator.evaluate(Board{p, o}); };
    for (int i = 0; i < list.size; ++i) {
        OrderedMove& m = list.moves[i];
        if (m.score == 1 << 30) continue;
        const int v = -look_ahead<T>(evaluate, 1, opponent ^ m.flips, player | m.flips | square_bit(m.square),
                                     -alpha - kEvalOrderWindow, -alpha + kEvalOrderWindow, kEvalOrderPlies, nodes);
        m.score = v * kEvalOrderWeight + m.score;
    }
}

}  // namespace tempo::endgame
