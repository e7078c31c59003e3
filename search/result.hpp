// What a search answers, after each iteration (progress) and at its end.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/board.hpp"

namespace tempo {

// One move with its value, as in multi-PV results.
struct MultiPvLine {
    Move move = kNoMove;
    int score = 0;  // discs, from the side to move's view
    std::vector<Move> pv;
};

// Progress and final answer. Scores are final-disc margins from the side to move's view
// (official scoring for the game's variant).
struct SearchResult {
    Move best = kNoMove;  // kPass when the side to move must pass
    int score = 0;
    int depth = 0;         // plies searched (empties when solved)
    int selectivity = 0;   // probability in percent that the result holds: 100 = exact alpha-beta
    bool solved = false;   // exact endgame result (or WLD if wld)
    bool wld = false;      // score is only -1/0/+1 (loss/draw/win)
    bool book = false;     // the move comes from the opening book (play/player.hpp; score and depth are the book's)
    bool stopped = false;  // a stop was requested before run() returned: the answer may fall short of the limits
    std::vector<Move> pv;
    std::vector<MultiPvLine> multi_pv;  // best first, when Limits::multi_pv > 1
    std::uint64_t nodes = 0;
    // The midgame search's positions scored beside its tree (MidgameSearch::scored_positions).
    std::uint64_t scored_positions = 0;
    std::chrono::milliseconds elapsed{0};
};

}  // namespace tempo
