// What a search is asked for: its limits. Its own header, so that the time plan and the callers
// that only build limits need not see the Searcher.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

namespace tempo {

// What to search for and when to stop. Every limit that is set applies; the first reached stops.
struct Limits {
    // Midgame depth in plies (1..60); the ladder of NBoard's `set depth`.
    int depth = 60;
    // Selectivity for midgame searches: 0 = none (exact alpha-beta), higher = more Multi-ProbCut
    // pruning. The searcher's default is its strongest setting.
    std::optional<int> selectivity;
    // Fixed time for this move.
    std::optional<std::chrono::milliseconds> move_time;
    // A game clock: time left for the side to move, increment per move, moves until the next
    // time control (0 = sudden death). The searcher budgets the move from it and never overruns.
    struct Clock {
        std::chrono::milliseconds left{0};
        std::chrono::milliseconds increment{0};
        int moves_to_go = 0;
    };
    std::optional<Clock> clock;
    std::uint64_t nodes = 0;  // 0 = unlimited
    // Endgame: solve exactly or for win/loss/draw when few enough empties remain (the searcher
    // decides when, from the time available), or force a full solve now.
    enum class Endgame : std::uint8_t { kAuto, kExact, kWld, kOff };
    Endgame endgame = Endgame::kAuto;
    // Number of best moves to search with full windows (NBoard's `hint N`); kAllMoves scores every
    // root move.
    int multi_pv = 1;
    static constexpr int kAllMoves = 64;
    // kAuto: solve exactly once this many empties or fewer remain (levels use it); under a time
    // limit only when the time allows it too. Unset = decide from the time available (or from
    // `depth` when there is no time limit).
    std::optional<int> solve_empties;
};

}  // namespace tempo
