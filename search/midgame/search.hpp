// The midgame search of one thread: principal-variation search (negascout) on null windows with a
// shared transposition table, Multi-ProbCut and move ordering. Scores are final-disc margins from
// the side to move's view; leaves are the evaluation, finished games their official margin. A
// search that reaches the end of the game solves its null-window nodes of few empties exactly,
// with the endgame solver's search (search/endgame/exact_tail.hpp).
// Iterative deepening, aspiration windows, time and threads live in the Searcher above it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/board.hpp"
#include "engine/score.hpp"
#include "eval/evaluator.hpp"
#include "search/endgame/exact_tail.hpp"
#include "search/midgame/move_ordering.hpp"
#include "search/tt.hpp"

namespace tempo {

class MidgameSplit;
struct SplitCutoff;

// A root move with what the last iteration found for it.
struct RootMove {
    Move move = kNoMove;
    int score = -kInfinity;  // exact when `exact`, else a bound (see RootSearch)
    bool exact = false;
    bool upper_bound = false;  // the score is a fail-low's bound: the move is at most that good
    int depth = 0;             // of the iteration that gave `score`
    std::vector<Move> pv;      // starting with `move`
};

// What a search has done: the nodes of its tree and the positions it scored beside it
// (MidgameSearch::scored_positions). Threads' counts add up.
struct SearchCounts {
    std::uint64_t nodes = 0;
    std::uint64_t scored_positions = 0;

    SearchCounts& operator+=(const SearchCounts& other) {
        nodes += other.nodes;
        scored_positions += other.scored_positions;
        return *this;
    }
};

class MidgameSearch {
public:
    struct Context {
        TranspositionTable* tt = nullptr;
        const Evaluator* evaluator = nullptr;
        Variant variant{};
        const std::atomic<bool>* stop = nullptr;  // raised by the caller's stop token or another thread
        std::uint64_t node_limit = 0;             // 0 = none; counted over all threads
        std::atomic<std::uint64_t>* shared_nodes = nullptr;
        // The hard time limit, polled by the search itself: a watchdog thread can be scheduled
        // late on a loaded machine, the searching thread is running by definition.
        std::optional<std::chrono::steady_clock::time_point> deadline;
        // The exact tail to use, on `tt` and `stop`: the caller's, kept from search to search (its
        // small table is 400 KB, too much to allocate and clear at every move); null = the search
        // makes its own.
        ExactTail* exact_tail = nullptr;
    };

    explicit MidgameSearch(const Context& context);

    // Searches the root moves to `depth` at `selectivity` within (alpha, beta). The first
    // `multi_pv` moves (after sorting by this search) get exact scores when inside the window.
    // Moves are left sorted best first. Returns the best score (a bound when outside the window);
    // meaningless when stopped().
    // With a `split` (several threads, multi_pv 1) the moves after the first are shared with its helpers.
    int search_root(const Board& root, std::vector<RootMove>& moves, int depth, int selectivity, int alpha, int beta,
                    int multi_pv = 1, MidgameSplit* split = nullptr);

    // One root move after the first: a null window at `alpha`, the full window (alpha, beta) when
    // it fails high. Fills `rm` and returns its score; when stopped, `rm` changes only if
    // `keep_fail_high` and the move beat alpha before the stop (alpha + 1, a lower bound).
    // `ply` is the node's distance from the root (0 for a root move), for the PV arrays: the split
    // of a PV node below the root searches its later moves the same way.
    int search_later_root_move(const Board& root, RootMove& rm, int depth, int selectivity, int alpha, int beta,
                               bool keep_fail_high, int ply = 0);

    // A move after the first of a null-window node that shares its moves: the value of `node`
    // after `move` at `depth`, from `node`'s side to move, fail-soft around `beta`.
    int search_split_move(const Board& node, const OrderedMove& move, int beta, int depth, int selectivity);

    // The cut-off of the split point this thread works at (search/split_pool.hpp), if any: when it
    // or an enclosing one is raised, the search unwinds as if stopped.
    void set_cutoff(const SplitCutoff* cutoff) { cutoff_ = cutoff; }
    const SplitCutoff* cutoff() const { return cutoff_; }

    // The value of `board` at `depth` within (alpha, beta), for tools and tests; with a `split`,
    // nodes share their later moves with its helpers.
    int search(const Board& board, int alpha, int beta, int depth, int selectivity, MidgameSplit* split = nullptr);

    // Looks at the stop flag, the deadline and the node limit now (the search itself does every
    // few hundred nodes). A split point's owner calls it once its helpers have left: a helper
    // that stopped left its move unsearched, and the owner must not take the split point's score
    // (nor store it) as complete.
    void check_stop();

    std::uint64_t nodes() const { return nodes_; }
    // Positions made or evaluated beside the tree, which nodes() leaves out: those the move order
    // scores (score_moves) and ProbCut's static evaluations. Edax counts each as a node, so the
    // two engines' nodes/s compare only with these added (bench/README.md, "Midgame").
    std::uint64_t scored_positions() const { return scored_positions_; }
    SearchCounts counts() const { return {nodes_, scored_positions_}; }
    bool stopped() const { return stopped_; }

private:
    static constexpr int kMaxPly = 128;  // 60 moves and as many passes, with room to spare

    int pvs(const Board& board, int alpha, int beta, int depth, int ply);
    // `key`: the board's hash_key when the caller has it, else 0.
    int nws(const Board& board, int beta, int depth, std::uint64_t key = 0);
    // nws one ply above the leaves, for a position with `moves`.
    int nws_frontier(const Board& board, Bitboard moves, int beta);
    int leaf(const Board& board);
    // A null-window node that searches to the end from few empties: solved exactly by exact_tail_.
    int solve_to_end(const Board& board, int beta);
    // Stores a completed search of a move of the node at `ply` (score, exactness, PV from pv_[ply + 1]) in `rm`.
    void record_root_move(RootMove& rm, int depth, int score, int alpha, int beta, int ply = 0) const;
    // A PV node's moves after the first, shared over split_; returns the best score, fills the PV.
    int split_pv_node(const Board& board, MoveList& list, int alpha, int beta, int depth, int ply, Move& best_move);
    bool probcut(const Board& board, int alpha, int beta, int depth, int& score);
    // Counts a node and returns true when the search must unwind.
    bool interrupted();
    // Whether the search must unwind: stopped, or a split point it works under was cut off.
    bool aborted() const;
    // Whether a node `depth` deep shares its moves after the first: the main thread's search with
    // helpers (split_), from `min_depth`, with at least two moves to share and a helper idle.
    bool splits(const MoveList& list, int depth, int min_depth) const;

    Context context_;
    Bitboard playable_;
    OrderingContext ordering_;
    std::unique_ptr<ExactTail> own_exact_tail_;  // when the context gives none, with a table only
    ExactTail* exact_tail_;
    // The Multi-ProbCut level of the running search, and its confidence (probcut_t).
    void set_selectivity(int selectivity);
    int selectivity_ = 0;
    double probcut_t_ = 0;
    MidgameSplit* split_ = nullptr;  // the main thread's, while it searches with helpers
    const SplitCutoff* cutoff_ = nullptr;
    std::uint64_t nodes_ = 0;
    std::uint64_t scored_positions_ = 0;
    std::uint64_t nodes_reported_ = 0;
    bool stopped_ = false;
    Move pv_[kMaxPly][kMaxPly];
    int pv_length_[kMaxPly];
};

}  // namespace tempo
