#include "search/endgame/solver.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include "search/deadline_timer.hpp"
#include "search/endgame/parallel.hpp"

namespace tempo {

using endgame::Parallel;
using endgame::Search;
using endgame::Traits;

struct EndgameSolver::Impl {
    virtual ~Impl() = default;
    virtual EndgameResult solve(const Board& board, int alpha, int beta, int guess) = 0;
    virtual std::uint64_t nodes() const = 0;
    // Read by every thread at every node; raised by the stop token's callback or the deadline.
    std::atomic<bool> stop{false};
    endgame::Deadline deadline{stop};
    // The searches read the clock only at nodes above 14 empties (Deadline), and a subtree below
    // them can outlast the deadline on a slow build (a sanitizer's): the timer raises the flag at
    // the deadline too. It polls nothing.
    DeadlineTimer timer{stop};
};

namespace {

template <class T>
class SolverFor final : public EndgameSolver::Impl {
public:
    SolverFor(TranspositionTable& tt, int threads, const Evaluator* evaluator) : tt_(tt), search_(tt, stop) {
        search_.set_evaluator(evaluator);
        search_.set_deadline(&deadline);
        if (threads > 1) {
            parallel_ = std::make_unique<Parallel<T>>(tt, stop, threads - 1);
            parallel_->set_evaluator(evaluator);
            parallel_->set_deadline(&deadline);
            search_.set_parallel(parallel_.get());
        }
    }

    EndgameResult solve(const Board& board, int alpha, int beta, int guess) override {
        tt_.new_search();
        search_.nodes = 0;
        search_.clear_local();
        if (parallel_) parallel_->reset();
        EndgameResult result;
        const Bitboard empties = ~board.occupied() & T::kPlayable;
        const int n = popcount(empties);
        const unsigned parity = endgame::parity_of(empties);
        // An exact +-kMaxScore (or +-36) lies inside the window only when the window reaches past it.
        if (alpha <= -T::kSquares) alpha = -T::kSquares - 1;
        if (beta >= T::kSquares) beta = T::kSquares + 1;
        result.score = root_search(board, alpha, beta, guess, n, parity, result.best);
        result.stopped = search_.stopped();
        if (!result.stopped && result.score > alpha && result.score < beta)
            result.pv = principal_variation(board, result.score, result.best);
        result.nodes = nodes();
        return result;
    }

    std::uint64_t nodes() const override { return search_.nodes + (parallel_ ? parallel_->nodes() : 0); }

private:
    // A wide window is solved by narrow probes (g - 1, g + 1) that converge on the score from the
    // fail-soft bounds they return (MTD(f) style): a window that holds the score costs about a
    // third of the full window (6x6 after 8 moves, 24 empties: 30.1 M nodes against 86.9 M).
    int root_search(const Board& board, int alpha, int beta, int guess, int n, unsigned parity, Move& best) {
        if (beta - alpha <= 3) return search_.pvs(board.player, board.opponent, alpha, beta, n, parity, &best);
        int lower = -kInfinity, upper = kInfinity;  // the score lies in [lower, upper]
        Move lower_move = kNoMove;                  // a move that reaches `lower`
        for (;;) {
            if (upper <= alpha) return upper;
            if (lower >= beta || lower == upper) {
                best = lower_move;
                return lower;
            }
            guess = std::clamp(guess, std::max(lower, alpha + 1), std::min(upper, beta - 1));
            const int a = std::max(guess - 1, alpha), b = std::min(guess + 1, beta);
            Move move = kNoMove;
            const int v = search_.pvs(board.player, board.opponent, a, b, n, parity, &move);
            if (search_.stopped()) return 0;
            if (v > a && v < b) {
                best = move;
                return v;
            }
            if (v <= a) {
                upper = std::min(upper, v);
            } else if (v > lower) {
                lower = v;
                lower_move = move;
            }
            guess = v;
        }
    }

    // Follows moves that keep the exact score: each step tests children with null windows,
    // the table move first, until the game ends.
    std::vector<Move> principal_variation(Board board, int score, Move first) {
        std::vector<Move> pv;
        Move next = first;
        while (next != kNoMove && !search_.stopped()) {
            pv.push_back(next);
            if (next == kPass) {
                board = board.passed();
            } else {
                board = board.play(next);
            }
            score = -score;
            next = exact_child(board, score);
        }
        return pv;
    }

    // The move of `board` whose child scores exactly -score (score = the exact value of board).
    Move exact_child(const Board& board, int score) {
        const Bitboard moves = T::moves(board.player, board.opponent);
        if (!moves) return T::moves(board.opponent, board.player) ? kPass : kNoMove;
        const Bitboard empties = ~board.occupied() & T::kPlayable;
        const int n = popcount(empties);
        const unsigned parity = endgame::parity_of(empties);
        TranspositionTable::Data entry;
        Bitboard order = moves;
        int tt_move = -1;
        if (tt_.probe(hash_key(board), entry) && entry.move < 64 && (moves & square_bit(entry.move)))
            tt_move = entry.move;
        for (int pass = 0; pass < 2; ++pass) {
            for (Bitboard b = pass == 0 ? (tt_move >= 0 ? square_bit(tt_move) : 0) : order; b; b &= b - 1) {
                const int x = first_square(b);
                if (pass == 1 && x == tt_move) continue;
                const Board child = board.play(x);
                if (search_.nws(child.player, child.opponent, -score, n - 1, parity ^ endgame::quadrant_bit(x)) <=
                    -score)
                    return x;
            }
        }
        return kNoMove;  // only when stopped
    }

    TranspositionTable& tt_;
    Search<T> search_;
    std::unique_ptr<Parallel<T>> parallel_;  // helper threads, when threads > 1
};

std::unique_ptr<EndgameSolver::Impl> make_impl(TranspositionTable& tt, Variant variant, int threads,
                                               const Evaluator* evaluator) {
    return endgame::with_traits(variant, [&](auto traits) -> std::unique_ptr<EndgameSolver::Impl> {
        return std::make_unique<SolverFor<decltype(traits)>>(tt, threads, evaluator);
    });
}

}  // namespace

bool solver_uses_evaluation(Variant variant, const std::string& weights_file) {
    return variant.geometry == Geometry::k8x8 || !weights_file.empty() || has_shipped_weights(variant);
}

EndgameSolver::EndgameSolver(TranspositionTable& tt, Variant variant, int threads,
                             std::shared_ptr<const Evaluator> evaluator)
    : variant_(variant),
      threads_(threads < 1 ? 1 : threads),
      evaluator_(std::move(evaluator)),
      impl_(make_impl(tt, variant, threads_, evaluator_.get())) {}

EndgameSolver::~EndgameSolver() = default;

EndgameResult EndgameSolver::solve(const Board& board, int alpha, int beta, int guess, const SolveStop& stop) {
    impl_->stop.store(false, std::memory_order_relaxed);
    impl_->deadline.at.store(stop.deadline ? stop.deadline->time_since_epoch().count() : endgame::Deadline::kNone,
                             std::memory_order_relaxed);
    // Registered after the flag is cleared: a stop requested before this point raises it at once.
    const std::stop_callback on_stop(stop.token, [this] { impl_->stop.store(true, std::memory_order_relaxed); });
    std::optional<ArmedDeadline> timer;
    if (stop.deadline) timer.emplace(impl_->timer, *stop.deadline);
    return impl_->solve(board, alpha, beta, guess);
}

EndgameResult EndgameSolver::solve_wld(const Board& board, const SolveStop& stop) {
    EndgameResult result = solve(board, -1, 1, 0, stop);
    result.score = result.score > 0 ? 1 : result.score < 0 ? -1 : 0;
    return result;
}

std::uint64_t EndgameSolver::nodes() const { return impl_->nodes(); }

}  // namespace tempo
