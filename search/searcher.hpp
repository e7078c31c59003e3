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
#include "search/limits.hpp"
#include "search/midgame/probcut.hpp"
#include "search/result.hpp"

namespace tempo {

class Evaluator;

// How several threads share a midgame search (the endgame solver always uses its own Young Brothers Wait).
enum class Parallelism : std::uint8_t {
    kLazySmp,  // every thread runs its own iterative deepening on the shared table
    kYbwc,     // Young Brothers Wait (search/midgame/split.hpp): a node's moves after the first are shared out
};

struct SearcherOptions {
    int threads = 1;
    int hash_mb = 64;
    std::string eval_file = {};  // weights for Evaluator::create; empty = the shipped weights
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
    SearchResult run(const Game& game, const Limits& limits, const std::function<void(const SearchResult&)>& on_info = {},
                     std::stop_token stop = {});

    // Loads what a search of `variant` opens on first use (its evaluation, its endgame solver), so
    // that no clocked or timed run pays for it: the shipped weights take tens of ms to decode,
    // inside the first move's time budget but outside anything the time plan can stop. Cheap when
    // done already; call it after set_evaluator, which it then does not undo.
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

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tempo
