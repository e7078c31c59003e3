// The Searcher: the one door to searching. Protocols, tools and tests call run(), with the stop
// token of their job when something may end it early; everything behind it (midgame PVS, endgame solver, TT, threads,
// time) may change freely.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "search/book/book_location.hpp"
#include "search/probcut.hpp"

namespace tempo {

class Evaluator;

// A midgame search allowed to the end of the game with no solve planned (play under a clock)
// deepens one ply at a time until its next iteration would stop within this many plies of the end;
// that one searches to the end instead, at the same selectivity: it costs little more than the
// plies it skips and scores the game's result, not an evaluation (a probable solve, as NTest's
// from 26 empties at its depth 16; bench/results/tuning-notes.md).
constexpr int kEndReach = 6;

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
    // Number of best moves to search with full windows (NBoard's `hint N`).
    int multi_pv = 1;
    // kAuto: solve exactly once this many empties or fewer remain (levels use it); under a time
    // limit only when the time allows it too. Unset = decide from the time available (or from
    // `depth` when there is no time limit).
    std::optional<int> solve_empties;
    // Weak levels: each root move's score gets uniform noise of up to this many discs before the
    // choice (0 = always the best move). Needs every root move scored, so it costs a full-window
    // search of each.
    int randomness = 0;
    // Play from the opening book (SearcherOptions::book) when the position is in it: a move within
    // the book margin of the best book move, drawn with the searcher's seeded generator, without
    // searching. Only for single-move searches without randomness (the levels normal, hard and
    // 1..60 set it; easy, hints and analysis do not).
    bool book = false;
};

// One move with its value, as in multi-PV results.
struct MultiPvLine {
    Move move = kNoMove;
    int score = 0;  // discs, from the side to move's view
    std::vector<Move> pv;
};

// Progress and final answer. Scores are final-disc margins from the side to move's view
// (official scoring for the game's variant).
struct SearchInfo {
    Move best = kNoMove;  // kPass when the side to move must pass
    int score = 0;
    int depth = 0;         // plies searched (empties when solved)
    int selectivity = 0;   // probability in percent that the result holds: 100 = exact alpha-beta
    bool solved = false;   // exact endgame result (or WLD if wld)
    bool wld = false;      // score is only -1/0/+1 (loss/draw/win)
    bool book = false;     // the move comes from the opening book (score and depth are the book's)
    bool stopped = false;  // a stop was requested before run() returned: the answer may fall short of the limits
    std::vector<Move> pv;
    std::vector<MultiPvLine> multi_pv;  // best first, when Limits::multi_pv > 1
    std::uint64_t nodes = 0;
    // The midgame search's positions scored beside its tree (MidgameSearch::scored_positions).
    std::uint64_t scored_positions = 0;
    std::chrono::milliseconds elapsed{0};
};
using SearchResult = SearchInfo;

// How several threads share a midgame search (the endgame solver always uses its own Young Brothers Wait).
enum class Parallelism : std::uint8_t {
    kLazySmp,  // every thread runs its own iterative deepening on the shared table
    kYbwc,     // Young Brothers Wait (search/midgame_split.hpp): a node's moves after the first are shared out
};

struct SearcherOptions {
    int threads = 1;
    int hash_mb = 64;
    std::string eval_file = {};  // weights for Evaluator::create; empty = the shipped weights
    BookOptions book = {};       // the book Limits::book plays from (default: the shipped one)
    Parallelism parallelism = Parallelism::kLazySmp;
    int selectivity = kDefaultSelectivity;  // the Multi-ProbCut level where Limits::selectivity is unset
};

class Searcher {
public:
    explicit Searcher(SearcherOptions options = {});
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    // Searches the game's current position. `on_info` (optional) is called from the searching
    // thread after each completed iteration. Returns the best move found; if the game is over,
    // best is kNoMove with the final score. Call from one thread at a time.
    // A stop requested on `stop` (from any thread, before or during the run) ends the search
    // within a few milliseconds, midgame or endgame solve; run() then returns the best move
    // found so far, with `stopped` set.
    SearchResult run(const Game& game, const Limits& limits, const std::function<void(const SearchInfo&)>& on_info = {},
                     std::stop_token stop = {});

    // Loads what a search of `variant` opens on first use (its evaluation, its opening book when
    // the options enable one, its endgame solver), so that no clocked or timed run pays for it: the
    // shipped weights take tens of ms to decode and the shipped book 30 ms to open (90 ms under
    // ThreadSanitizer), inside the first move's time budget but outside anything the time plan can
    // stop. Cheap when done already; call it after set_evaluator, which it then does not undo.
    void prepare(Variant variant);

    // The evaluation a search of `variant` uses, loaded on first use (the hand-written one when its
    // weights fail to load). Call from the thread that runs the searches, or while none runs.
    std::shared_ptr<const Evaluator> evaluator(Variant variant);
    // Gives `variant` an evaluation loaded (and checked) already, so that it is not loaded again.
    void set_evaluator(Variant variant, std::shared_ptr<const Evaluator> evaluator);

    // Forget everything learnt (the transposition table, the exact tails' small tables), e.g. on a new game.
    void clear();
    void set_options(const SearcherOptions& options);
    const SearcherOptions& options() const;

    // The opening book of `variant` that Limits::book plays from, opened on first use
    // (open_book with options().book); nullptr when disabled, when none is shipped for the
    // variant or when the file cannot serve it (tools check the file at start-up).
    std::shared_ptr<const Book> book(Variant variant);
    // Replaces the book of the book's variant (after `learn`).
    void set_book(std::shared_ptr<const Book> book);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tempo
