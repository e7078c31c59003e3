// Scores are final disc margins from the side to move's view: evaluations, search results and the
// table's bounds lie in [-kMaxScore, kMaxScore] (a 6x6 game ends within +-36); +-kInfinity only
// bounds a window or marks a score not yet found.
#pragma once

namespace tempo {

// The largest margin a game can end with: all 64 squares one colour.
constexpr int kMaxScore = 64;
// Beyond every score: the widest search window is (-kInfinity, kInfinity), and a best score that
// starts at -kInfinity is replaced by the first move searched.
constexpr int kInfinity = kMaxScore + 1;

// The ordering score of the table move: above every score the move orderings compute, so it
// is searched first, and the orderings that re-score moves recognise it and leave it first.
constexpr int kTableMoveOrder = 1 << 30;

}  // namespace tempo
