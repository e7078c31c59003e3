// The endgame solver: the final margin under perfect play (official scoring of the variant, from
// the side to move's view), the best move and the principal variation.
//
// Design: null-window searches with a shared transposition table; specialised code for the last
// 1-4 empties; parity ordering near the end, fastest-first ordering higher up and, given the
// trained evaluation, a 1-ply search on it from kEvalOrderDepth empties
// (search/endgame/eval_ordering.hpp); stability cut-offs (8x8 standard). One EndgameSolver drives
// `threads` search threads itself: the caller's thread is the master, threads - 1 helpers
// (started with the solver, asleep between searches) share the moves after the first of the
// master's nodes (PV nodes from kSplitDepth empties, null-window ones above the thread's small
// table, search/endgame/search.hpp) while a helper is idle (Young Brothers Wait, split points
// nested, search/endgame/parallel.hpp).
// It is used by one caller thread at a time; a solve stops on its caller's stop token or deadline
// (SolveStop); nodes() may be called from any thread (its helper part is then approximate).
//
// Table entries: depth = empties, selectivity 0, bounds on the exact final margin. The solver
// trusts any entry with depth >= empties and selectivity 0, so a midgame search storing such an
// entry must have searched to the end of the game.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/board.hpp"
#include "engine/score.hpp"
#include "engine/variant.hpp"
#include "eval/evaluator.hpp"
#include "search/tt.hpp"

namespace tempo {

struct EndgameResult {
    // Exact when alpha < score < beta; otherwise a fail-soft bound (score <= alpha: the true score
    // is at most score; score >= beta: at least score).
    int score = 0;
    Move best = kNoMove;   // kPass when the side to move must pass; kNoMove when the game is over
    std::vector<Move> pv;  // filled when the score is exact (passes appear as kPass)
    std::uint64_t nodes = 0;
    bool stopped = false;  // the stop token or the deadline interrupted the solve: score and move mean nothing
};

// What ends a solve early: a stop request on `token` (from any thread, also before the solve
// starts) or the steady clock reaching `deadline`. Default: nothing, the solve runs to its end.
struct SolveStop {
    std::stop_token token;
    std::optional<std::chrono::steady_clock::time_point> deadline;
};

// Whether the solver orders its moves by the variant's evaluation: always on 8x8; on 6x6 only with
// trained weights (shipped, or `weights_file`), since the 6x6 stand-in orders worse than the
// solver's own mobility ordering.
bool solver_uses_evaluation(Variant variant, const std::string& weights_file);

class EndgameSolver {
public:
    // With an `evaluator` (the variant's trained evaluation), moves at many empties are ordered by
    // a shallow search on it; without one, by mobility alone.
    EndgameSolver(TranspositionTable& tt, Variant variant, int threads = 1,
                  std::shared_ptr<const Evaluator> evaluator = nullptr);
    ~EndgameSolver();
    EndgameSolver(const EndgameSolver&) = delete;
    EndgameSolver& operator=(const EndgameSolver&) = delete;

    // Solves `board` within [alpha, beta]. The default window gives the exact score; (-1, 1) gives
    // win/loss/draw (score -1, 0 or +1 as a bound: <= -1 loss, >= 1 win, 0 draw). A wide window is
    // narrowed around `guess` (an estimate of the score, e.g. a midgame search's): a closer guess
    // costs fewer nodes, any guess gives the same score.
    // `stop` ends it early with stopped = true, within a few milliseconds.
    EndgameResult solve(const Board& board, int alpha = -kMaxScore, int beta = kMaxScore, int guess = 0,
                        const SolveStop& stop = {});
    // Win/loss/draw: solve(board, -1, 1) with the score clamped to -1, 0, +1.
    EndgameResult solve_wld(const Board& board, const SolveStop& stop = {});

    // Nodes visited by the running (or last) solve, all threads; safe from any thread.
    std::uint64_t nodes() const;

    Variant variant() const { return variant_; }
    int threads() const { return threads_; }

    struct Impl;  // the search for one variant (templated inside), defined in endgame.cpp

private:
    Variant variant_;
    int threads_;
    std::shared_ptr<const Evaluator> evaluator_;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tempo
