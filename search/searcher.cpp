// The Searcher: iterative deepening with aspiration windows over the midgame search, the hand-over
// to the exact or win/loss/draw endgame solver, time control, and several threads: Lazy SMP (helper
// threads run the same iterative deepening on the shared transposition table, half of them one ply
// deeper, and the main thread's answer is the result) or Young Brothers Wait at the root, the PV
// nodes and the null-window nodes below it (search/midgame/split.hpp).
#include "search/searcher.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <thread>

#include "engine/rules.hpp"
#include "eval/simple_eval.hpp"
#include "search/deepest_iteration.hpp"
#include "search/endgame/solver.hpp"
#include "search/midgame/probcut.hpp"
#include "search/midgame/search.hpp"
#include "search/midgame/solve_guess.hpp"
#include "search/midgame/split.hpp"
#include "search/time_manager.hpp"
#include "search/tt.hpp"
#include "search/tunables.hpp"

namespace tempo {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::microseconds;

// Aspiration: the first window around the previous iteration's score, in discs (the tunable
// aspiration_window, 3 by default); doubled on a fail.
constexpr int kAspirationMinDepth = 4;
// Before a WLD solve, or an exact one of several root moves or too short for the guess, a short
// midgame search (this many plies short of the end, at most kMaxPreSolveDepth) gives a fallback
// move and fills the table for the solver's ordering.
constexpr int kSolveLead = 12;
constexpr int kMaxPreSolveDepth = 8;

std::chrono::milliseconds to_ms(Clock::duration d) { return std::chrono::duration_cast<std::chrono::milliseconds>(d); }

}  // namespace

struct Searcher::Impl {
    SearcherOptions options;
    TranspositionTable tt;
    std::map<std::pair<Geometry, Rules>, std::shared_ptr<const Evaluator>> evaluators;
    std::map<std::pair<Geometry, Rules>, std::unique_ptr<EndgameSolver>> solvers;
    // The running search's stop flag, which its searches poll; raised by the caller's stop token.
    std::atomic<bool> stop{false};
    // The main thread's exact tail by variant, on `tt` and `stop`, made on first use and kept.
    std::map<std::pair<Geometry, Rules>, std::unique_ptr<ExactTail>> exact_tails;

    explicit Impl(const SearcherOptions& o) : options(o), tt(static_cast<std::size_t>(std::max(1, o.hash_mb))) {}

    // The variant's evaluation, loaded once. Without its weights file the search still plays, on
    // the hand-written evaluation, and says so on stderr.
    const std::shared_ptr<const Evaluator>& shared_evaluator(Variant variant) {
        auto& slot = evaluators[{variant.geometry, variant.rules}];
        if (slot) return slot;
        try {
            slot = Evaluator::create(variant, options.eval_file);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "tempo: %s; using the simple evaluation\n", e.what());
            slot = std::make_shared<SimpleEvaluator>(variant);
        }
        return slot;
    }
    const Evaluator& evaluator(Variant variant) { return *shared_evaluator(variant); }

    // The variant's endgame solver on the shared table, made on first use (and again when the
    // thread count or the weights change), ordered by the evaluation where that pays
    // (solver_uses_evaluation; FFO #40-#49: 1.81 G -> 0.97 G nodes, bench/results/2026-11-29-endgame-ffo40-49.md).
    EndgameSolver& solver(Variant variant) {
        auto& slot = solvers[{variant.geometry, variant.rules}];
        const int threads = std::max(1, options.threads);
        if (!slot || slot->threads() != threads)
            slot = std::make_unique<EndgameSolver>(
                tt, variant, threads,
                solver_uses_evaluation(variant, options.eval_file) ? shared_evaluator(variant) : nullptr);
        return *slot;
    }

    ExactTail& exact_tail(Variant variant) {
        auto& slot = exact_tails[{variant.geometry, variant.rules}];
        if (!slot) slot = ExactTail::create(tt, variant, stop, &evaluator(variant));
        return *slot;
    }
};

namespace {

// One run of the searcher: the state shared by its threads.
struct Run {
    Board board;
    Variant variant;
    const Limits& limits;
    TranspositionTable& tt;
    const Evaluator& evaluator;
    std::stop_token stop_token;  // the caller's: also ends the endgame solve
    std::atomic<bool>& stop;     // raised by stop_token's callback; the searches poll it
    ExactTail& exact_tail;       // the main thread's, on `tt` and `stop`
    Clock::time_point start;
    TimePlan time;
    int threads;
    int empties;
    int multi_pv;
    // What the helpers that have ended searched: Lazy SMP threads as they end, a split's helpers
    // once its iterations end.
    std::atomic<std::uint64_t> helper_nodes{0};
    std::atomic<std::uint64_t> helper_scored_positions{0};
    void add_helper_counts(const SearchCounts& counts) {
        helper_nodes.fetch_add(counts.nodes);
        helper_scored_positions.fetch_add(counts.scored_positions);
    }
    SearchCounts helper_counts() const { return {helper_nodes.load(), helper_scored_positions.load()}; }
    std::atomic<std::uint64_t> shared_nodes{0};
    std::atomic<bool> helpers_stop{false};  // raised by the main thread when its search ends
    // Lazy SMP: the deepest iteration any thread has completed, and the depth the main thread searches.
    DeepestIteration deepest{};
    std::atomic<int> main_depth{0};

    MidgameSearch::Context context(bool helper = false) {
        MidgameSearch::Context c;
        c.tt = &tt;
        c.evaluator = &evaluator;
        c.variant = variant;
        c.stop = helper ? &helpers_stop : &stop;
        c.exact_tail = helper ? nullptr : &exact_tail;
        c.node_limit = limits.nodes;
        c.shared_nodes = threads > 1 ? &shared_nodes : nullptr;
        if (time.hard) c.deadline = start + *time.hard;
        return c;
    }
    microseconds elapsed() const { return std::chrono::duration_cast<microseconds>(Clock::now() - start); }
};

std::vector<RootMove> initial_root_moves(const Board& board, const Run& run) {
    MoveList list(board, board.moves(run.variant.playable()));
    score_moves(list, board, kNoMove, 3, {&run.evaluator, run.variant.playable(), run.variant.corners(), 0, 0},
                kRootOrdering);
    std::vector<RootMove> moves;
    for (int i = 0; i < list.size(); ++i) {
        moves.emplace_back();
        moves.back().move = list.pick(i).square;
    }
    return moves;
}

// The answer of one completed root search (or of the part of an interrupted one that can be trusted).
void record(SearchResult& info, const std::vector<RootMove>& moves, int depth, int selectivity, int multi_pv,
            bool solved) {
    info.best = moves.front().move;
    info.score = moves.front().score;
    info.pv = moves.front().pv;
    info.depth = depth;
    info.selectivity = kSelectivityPercent[selectivity];
    info.solved = solved;
    info.multi_pv.clear();
    if (multi_pv > 1)
        for (int i = 0; i < static_cast<int>(moves.size()) && i < multi_pv; ++i)
            info.multi_pv.push_back({moves[i].move, moves[i].score, moves[i].pv});
}

// One root search at `depth` with aspiration windows around `guess`. Returns false when stopped.
bool search_depth(MidgameSearch& search, Run& run, std::vector<RootMove>& moves, int depth, int selectivity, int guess,
                  MidgameSplit* split = nullptr) {
    int window = tunable(Tunable::kAspirationWindow);
    const bool aspirate = depth >= kAspirationMinDepth && run.multi_pv == 1;
    int alpha = aspirate ? std::max(-kInfinity, guess - window) : -kInfinity;
    int beta = aspirate ? std::min(kInfinity, guess + window) : kInfinity;
    for (;;) {
        const int score = search.search_root(run.board, moves, depth, selectivity, alpha, beta, run.multi_pv, split);
        if (search.stopped()) return false;
        if (score <= alpha && alpha > -kInfinity) {
            window *= 2;
            alpha = std::max(-kInfinity, score - window);
        } else if (score >= beta && beta < kInfinity) {
            window *= 2;
            beta = std::min(kInfinity, score + window);
        } else {
            return true;
        }
    }
}

// After an interrupted iteration: a move proven better than the previous best at that depth. A
// fail-low's score is only a bound from above (after a failed aspiration window, the moves not yet
// searched again keep theirs), so it proves nothing.
void adopt_partial(SearchResult& info, const std::vector<RootMove>& moves, int depth) {
    if (moves.front().depth != depth) return;
    const RootMove* best = &moves.front();
    for (const RootMove& rm : moves)
        if (rm.depth == depth && !rm.upper_bound && rm.score > best->score) best = &rm;
    if (best->move != info.best && best->score > moves.front().score) {
        info.best = best->move;
        info.pv = best->pv;
        info.score = best->score;
    }
}

// The selectivity ladder (iterate): once an iteration has reached the end of the game, the next
// one searches the same depth one selectivity level safer, as a new iteration (no root move has
// its score yet). False when there is no ladder, no end reached, or no safer level.
bool climb_ladder(bool ladder, int depth, int empties, int& selectivity, std::vector<RootMove>& moves) {
    if (!ladder || depth < empties || selectivity == 0) return false;
    --selectivity;
    for (RootMove& rm : moves) rm.depth = 0;
    return true;
}

// The depth of the iteration after `depth`: `step` plies deeper, or the end of the game once that
// is within the end reach (the tunable end_reach), where the search may go there (`max_depth`) and
// no solve follows (`ladder`).
int next_depth(int depth, int step, int empties, int max_depth, bool ladder) {
    depth += step;
    if (ladder && max_depth >= empties && depth < empties && empties - depth <= tunable(Tunable::kEndReach))
        return empties;
    return depth;
}

// Lazy SMP, after a thread completes the iteration (depth, sel): offers it to the others, and when
// another thread has completed a deeper one, takes that one's answer and goes on from its depth and
// selectivity (the ladder's level, past kProbcutMinDepth).
void share_iteration(Run& run, std::vector<RootMove>& moves, int& depth, int& sel, int& selectivity) {
    run.deepest.offer({depth, sel, moves.front()});
    if (const auto ahead = run.deepest.beyond(depth, sel)) {
        take_iteration(moves, *ahead);
        depth = ahead->depth;
        sel = ahead->selectivity;
        if (depth >= kProbcutMinDepth) selectivity = sel;
    }
}

// A helper thread of Lazy SMP: the same iterative deepening on the shared table. Each iteration
// starts past the deepest any thread has completed, odd helpers a further ply past the one the main
// thread searches, so that two threads seldom search the same depth; each completed iteration is
// offered to the main thread's answer.
void helper_loop(Run& run, int index, int max_depth, int selectivity, int step, bool ladder) {
    MidgameSearch search(run.context(true));
    std::vector<RootMove> moves = initial_root_moves(run.board, run);
    int guess = 0;
    for (int depth = step * (1 + (index & 1)); depth <= max_depth && !run.helpers_stop.load();) {
        int sel = depth < kProbcutMinDepth ? 0 : selectivity;
        if (!search_depth(search, run, moves, depth, sel, guess)) break;
        share_iteration(run, moves, depth, sel, selectivity);
        guess = moves.front().score;
        if (climb_ladder(ladder, depth, run.empties, selectivity, moves)) continue;
        depth = next_depth(depth, step, run.empties, max_depth, ladder);
        const int after = next_depth(depth, step, run.empties, max_depth, ladder);
        if ((index & 1) && depth == run.main_depth.load() && after <= max_depth) depth = after;
    }
    run.add_helper_counts(search.counts());
}

// Iterative deepening by `step` plies on the calling thread, helpers alongside (Lazy SMP threads,
// or the midgame split's). Ends at `max_depth`, on stop, or when the soft time budget says the next
// iteration would not finish. With `ladder`, the iteration after the last one more than the end reach
// plies short of the end searches to the end (next_depth), and a selective search that reaches the
// end of the game is followed by searches to the end at lower selectivity, down to an exact one,
// while the time lasts: a move the clock gives time for is not played on a selective search's word
// (in timed games at 25-28 empties such searches ended within a fifth of the move's time).
void iterate(Run& run, MidgameSearch& search, std::vector<RootMove>& moves, SearchResult& info, int max_depth,
             int selectivity, int step, bool ladder, Parallelism parallelism,
             const std::function<void(const SearchResult&)>& on_info) {
    const bool several = run.threads > 1 && max_depth > 1;
    std::optional<MidgameSplit> split;
    if (several && parallelism == Parallelism::kYbwc) split.emplace(run.context(), run.threads - 1);
    std::vector<std::thread> helpers;
    for (int i = 1; several && !split && i < run.threads; ++i)
        helpers.emplace_back(helper_loop, std::ref(run), i, max_depth, selectivity, step, ladder);
    const auto split_counts = [&] { return split ? split->helper_counts() : SearchCounts{}; };
    const bool share = several && !split && run.multi_pv == 1;
    int guess = 0;
    int answered_sel = 0;  // the selectivity of the iteration `info` holds
    for (int depth = step; depth <= max_depth;) {
        int sel = depth < kProbcutMinDepth ? 0 : selectivity;
        run.main_depth.store(depth);
        if (!search_depth(search, run, moves, depth, sel, guess, split ? &*split : nullptr)) {
            adopt_partial(info, moves, depth);
            break;
        }
        // A helper may have finished a deeper iteration while this one ran: answer with it and go on past it.
        if (share) share_iteration(run, moves, depth, sel, selectivity);
        answered_sel = sel;
        guess = moves.front().score;
        const bool exact = depth >= run.empties && sel == 0;
        record(info, moves, depth, sel, run.multi_pv, exact);
        SearchCounts counts = search.counts();
        counts += run.helper_counts();
        counts += split_counts();
        info.nodes = counts.nodes;
        info.scored_positions = counts.scored_positions;
        info.elapsed = to_ms(Clock::now() - run.start);
        if (on_info) on_info(info);
        if (exact) break;
        // An iteration costs a few times the previous ones together: do not start one that cannot end,
        // unless the time left is lost anyway (time_manager.hpp, use_all).
        if (run.time.soft && !run.time.use_all && run.elapsed() * 2 > *run.time.soft) break;
        if (!climb_ladder(ladder, depth, run.empties, selectivity, moves))
            depth = next_depth(depth, step, run.empties, max_depth, ladder);
    }
    run.helpers_stop.store(true);
    for (std::thread& t : helpers) t.join();
    run.add_helper_counts(split_counts());
    // The main thread stopped inside an iteration a helper may have completed.
    if (const auto ahead = run.deepest.beyond(info.depth, answered_sel); share && ahead) {
        std::vector<RootMove> answer{ahead->best};
        const int sel = ahead->selectivity;
        record(info, answer, ahead->depth, sel, 1, ahead->depth >= run.empties && sel == 0);
        if (on_info) on_info(info);
    }
}

// The exact (or WLD) solve of the root by the endgame solver; with multi-PV, each root move
// solved on its own. Returns false when stopped (by the stop token or the hard time limit).
// `guess` opens the exact solve's aspiration window.
bool solve(Run& run, EndgameSolver& solver, const std::vector<RootMove>& root_moves, SearchResult& info, bool wld,
           int guess, const std::function<void(const SearchResult&)>& on_info) {
    const SolveStop stop{run.stop_token, run.time.hard ? std::optional(run.start + *run.time.hard) : std::nullopt};
    std::uint64_t nodes = 0;
    SearchResult solved = info;
    if (run.multi_pv > 1 && !wld) {
        std::vector<RootMove> moves = root_moves;
        for (RootMove& rm : moves) {
            const EndgameResult r = solver.solve(run.board.play(rm.move), -64, 64, 0, stop);
            nodes += r.nodes;
            if (r.stopped) return false;
            rm.score = -r.score;
            rm.exact = true;
            rm.pv.assign(1, rm.move);
            rm.pv.insert(rm.pv.end(), r.pv.begin(), r.pv.end());
        }
        std::stable_sort(moves.begin(), moves.end(),
                         [](const RootMove& x, const RootMove& y) { return x.score > y.score; });
        record(solved, moves, run.empties, 0, run.multi_pv, true);
    } else {
        const EndgameResult r =
            wld ? solver.solve_wld(run.board, stop) : solver.solve(run.board, -kMaxScore, kMaxScore, guess, stop);
        nodes += r.nodes;
        if (r.stopped) return false;
        solved.best = r.best;
        solved.score = r.score;
        solved.pv = r.pv.empty() ? std::vector<Move>{r.best} : r.pv;
        solved.depth = run.empties;
        solved.selectivity = 100;
        solved.solved = true;
        solved.wld = wld;
        solved.multi_pv.clear();
    }
    solved.nodes = info.nodes + nodes;
    solved.elapsed = to_ms(Clock::now() - run.start);
    info = solved;
    if (on_info) on_info(info);
    return true;
}

}  // namespace

// Nothing loads here: a caller that gives the search its evaluation (set_evaluator) would pay for
// decoding the shipped weights once more. Callers that time run() call prepare() first.
Searcher::Searcher(SearcherOptions options) : impl_(std::make_unique<Impl>(options)) {}
Searcher::~Searcher() = default;

void Searcher::prepare(Variant variant) {
    impl_->evaluator(variant);
    impl_->solver(variant);
    impl_->exact_tail(variant);
}

std::shared_ptr<const Evaluator> Searcher::evaluator(Variant variant) { return impl_->shared_evaluator(variant); }

void Searcher::set_evaluator(Variant variant, std::shared_ptr<const Evaluator> evaluator) {
    impl_->evaluators[{variant.geometry, variant.rules}] = std::move(evaluator);
    // Both order by the evaluation, and an exact tail points at it.
    impl_->solvers.erase({variant.geometry, variant.rules});
    impl_->exact_tails.erase({variant.geometry, variant.rules});
}

// A new game: the table and the exact tails' small tables are emptied, so that a cleared searcher
// searches as a new one, node for node.
void Searcher::clear() {
    impl_->tt.clear();
    for (auto& [variant, tail] : impl_->exact_tails) tail->clear();
}
const SearcherOptions& Searcher::options() const { return impl_->options; }

void Searcher::set_options(const SearcherOptions& options) {
    if (options.hash_mb != impl_->options.hash_mb)
        impl_->tt.resize(static_cast<std::size_t>(std::max(1, options.hash_mb)));
    const bool new_weights = options.eval_file != impl_->options.eval_file;
    impl_->options = options;
    if (new_weights) {
        impl_->evaluators.clear();
        impl_->solvers.clear();  // they order by the old evaluation
        impl_->exact_tails.clear();
    }
}

SearchResult Searcher::run(const Game& game, const Limits& limits,
                           const std::function<void(const SearchResult&)>& on_info, std::stop_token stop_token) {
    const Clock::time_point start = Clock::now();
    const Variant variant = game.variant();
    const Board board = game.board();
    const Evaluator& evaluator = impl_->evaluator(variant);
    SearchResult result;
    if (game.is_over()) {
        result.best = kNoMove;
        result.score = final_margin(board, variant);
        result.solved = true;
        result.selectivity = 100;
        return result;
    }
    if (game.must_pass()) {
        result.best = kPass;
        result.pv = {kPass};
        result.score = -evaluator.evaluate(board.passed());
        return result;
    }
    const int empties = board.empty_count(variant.playable());
    const int multi_pv = std::clamp(limits.multi_pv, 1, Limits::kAllMoves);
    // The searches poll this flag; the token raises it, at once when the stop came before run().
    std::atomic<bool>& stop = impl_->stop;
    stop.store(false);
    const std::stop_callback on_stop(stop_token, [&stop] { stop.store(true); });
    const TimePlan time = plan_time(limits, empties);
    const Limits::Endgame endgame = plan_endgame(limits, time, empties);
    Run run{board,
            variant,
            limits,
            impl_->tt,
            evaluator,
            stop_token,
            stop,
            impl_->exact_tail(variant),
            start,
            endgame == Limits::Endgame::kOff ? time : time.for_solve(),
            std::max(1, impl_->options.threads),
            empties,
            multi_pv};
    impl_->tt.new_search();

    MidgameSearch search(run.context());
    std::vector<RootMove> moves = initial_root_moves(board, run);
    // Until an iteration completes, the best-ordered move stands.
    result.best = moves.front().move;
    result.pv = {result.best};

    int selectivity = std::clamp(limits.selectivity.value_or(impl_->options.selectivity), 0, kMaxSelectivity);
    int max_depth = std::clamp(limits.depth, 1, empties);
    int step = 1;
    // An exact solve first searches as `tempo solve`'s guess does (search/midgame/solve_guess.hpp): to the
    // end from kGuessEmpties, kGuessShortfall plies short below (bench/results/tuning-notes.md).
    if (endgame == Limits::Endgame::kExact && multi_pv == 1 && guess_depth(empties) >= kGuessDepthStep) {
        max_depth = guess_depth(empties);
        selectivity = guess_selectivity(variant.geometry);
        step = kGuessDepthStep;
    } else if (endgame != Limits::Endgame::kOff) {
        max_depth = std::clamp(std::min(max_depth, empties - kSolveLead), 1, kMaxPreSolveDepth);
    }
    iterate(run, search, moves, result, max_depth, selectivity, step, endgame == Limits::Endgame::kOff,
            impl_->options.parallelism, on_info);
    SearchCounts counts = search.counts();
    counts += run.helper_counts();
    result.nodes = counts.nodes;
    result.scored_positions = counts.scored_positions;
    // The last iteration's score opens the solve's window.
    const int guess = result.depth > 0 ? result.score : 0;
    if (endgame != Limits::Endgame::kOff && !result.solved && !stop.load() && !search.stopped())
        solve(run, impl_->solver(variant), moves, result, endgame == Limits::Endgame::kWld, guess, on_info);
    result.stopped = stop_token.stop_requested();
    result.elapsed = to_ms(Clock::now() - start);
    return result;
}

}  // namespace tempo
