#include "search/midgame/search.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <optional>

#include "engine/hash_key.hpp"
#include "engine/rules.hpp"
#include "search/midgame/probcut.hpp"
#include "search/midgame/split.hpp"

namespace tempo {

namespace {

// Nodes this shallow neither read nor write the table: a probe costs more than they do.
constexpr int kTtMinDepth = 2;
// PV nodes below the root share their later moves with idle helpers from this depth: shallower,
// the split's bookkeeping costs more than the helper gains.
constexpr int kPvSplitDepth = 6;
// Null-window nodes share their moves after the first from this depth (bench/results/tuning-notes.md).
constexpr int kNwsSplitDepth = 4;
// Internal iterative deepening: a PV node without a table move this deep first searches shallower.
constexpr int kIidMinDepth = 5;
// The stop flag and node limit are looked at once per this many nodes (a power of two).
constexpr std::uint64_t kPollInterval = 512;
// A null-window node that searches to the end of the game with at most this many empties is
// solved exactly by the endgame solver's search (search/endgame/exact_tail.hpp). It pays in the selective
// search to the end before a solve (bench/results/tuning-notes.md).
constexpr int kExactTailEmpties = 12;
// The stop flag of a search that has none: never raised.
const std::atomic<bool> kNeverStopped{false};

// What a search with window (alpha, beta) that returned `best` proves about the position.
TranspositionTable::Data bounds(int best, int alpha, int beta, Move move, int depth, int selectivity) {
    TranspositionTable::Data d;
    d.move = move;
    d.depth = depth;
    d.selectivity = selectivity;
    if (best > alpha) d.lower = best;
    if (best < beta) d.upper = best;
    return d;
}

}  // namespace

MidgameSearch::MidgameSearch(const Context& context)
    : context_(context),
      playable_(context.variant.playable()),
      ordering_{context.evaluator, context.variant.playable(), context.variant.corners(),
                context.variant.rules == Rules::kStandard ? context.variant.corners() : 0,
                context.variant.rules == Rules::kStandard ? context.variant.corner_neighbours() : 0},
      own_exact_tail_(context.tt && !context.exact_tail
                          ? ExactTail::create(*context.tt, context.variant,
                                              context.stop ? *context.stop : kNeverStopped, context.evaluator)
                          : nullptr),
      exact_tail_(context.exact_tail ? context.exact_tail : own_exact_tail_.get()) {}

bool MidgameSearch::interrupted() {
    ++nodes_;
    if ((nodes_ & (kPollInterval - 1)) == 0) check_stop();
    return aborted();
}

void MidgameSearch::check_stop() {
    if (context_.stop && context_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if (context_.deadline && std::chrono::steady_clock::now() >= *context_.deadline) stopped_ = true;
    if (context_.node_limit) {
        std::uint64_t total = nodes_;
        if (context_.shared_nodes) {
            total = context_.shared_nodes->fetch_add(nodes_ - nodes_reported_, std::memory_order_relaxed) +
                    (nodes_ - nodes_reported_);
            nodes_reported_ = nodes_;
        }
        if (total >= context_.node_limit) stopped_ = true;
    }
}

bool MidgameSearch::aborted() const { return stopped_ || (cutoff_ && cutoff_->any_raised()); }

bool MidgameSearch::splits(const MoveList& list, int depth, int min_depth) const {
    return split_ && depth >= min_depth && list.size() > 2 && split_->idle();
}

int MidgameSearch::leaf(const Board& board) {
    if (board.empties(playable_) == 0) return final_margin(board, context_.variant);
    return context_.evaluator->evaluate(board);
}

void MidgameSearch::set_selectivity(int selectivity) {
    selectivity_ = std::clamp(selectivity, 0, kMaxSelectivity);
    probcut_t_ = probcut_t(selectivity_);
}

int MidgameSearch::search(const Board& board, int alpha, int beta, int depth, int selectivity, MidgameSplit* split) {
    set_selectivity(selectivity);
    split_ = split;
    const int score = pvs(board, alpha, beta, depth, 0);
    split_ = nullptr;
    return score;
}

bool MidgameSearch::probcut(const Board& board, int alpha, int beta, int depth, int& score) {
    const ProbcutFit& fit = probcut_fit(depth);
    const double margin = probcut_t_ * probcut_sigma(fit, board.empty_count(playable_));
    const int shallow = probcut_shallow_depth(depth);
    // The shallow value for a null window at `window_beta`; at depth 0 the static evaluation,
    // which both probes share.
    std::optional<int> static_value;
    const auto shallow_value = [&](int window_beta) {
        if (shallow > 0) return nws(board, window_beta, shallow);
        if (!static_value) {
            static_value = leaf(board);
            ++scored_positions_;
        }
        return *static_value;
    };
    // The deep value reaches beta with the level's confidence when the shallow one reaches `high`.
    const int high = static_cast<int>(std::ceil((beta + margin - fit.offset) / fit.slope));
    // A bound beyond every score is reached (or not) for certain: cut without a probe, whose window
    // would lie outside the score range.
    if (high < -kMaxScore) {
        score = beta;
        return true;
    }
    if (high <= kMaxScore) {
        const int value = shallow_value(high);
        if (!aborted() && value >= high) {
            score = beta;
            return true;
        }
    }
    const int low = static_cast<int>(std::floor((alpha - margin - fit.offset) / fit.slope));
    if (low > kMaxScore) {
        score = alpha;
        return true;
    }
    if (low >= -kMaxScore) {
        const int value = shallow_value(low + 1);
        if (!aborted() && value <= low) {
            score = alpha;
            return true;
        }
    }
    return false;
}

int MidgameSearch::solve_to_end(const Board& board, int beta) {
    if (aborted()) return 0;
    const std::uint64_t before = nodes_;
    const int score = exact_tail_->nws(board, beta, cutoff_, nodes_);
    // The tail's nodes can jump over the poll that interrupted() makes every kPollInterval nodes.
    if ((before ^ nodes_) >= kPollInterval || exact_tail_->stopped()) check_stop();
    return aborted() ? 0 : score;
}

// Null-window search: is the value at least beta? Fail-soft.
int MidgameSearch::nws(const Board& board, int beta, int depth, std::uint64_t key) {
    assert(-kInfinity < beta && beta <= kInfinity);  // the window (beta - 1, beta)
    const int empties = board.empty_count(playable_);
    if (depth >= empties && empties <= kExactTailEmpties && exact_tail_) return solve_to_end(board, beta);
    if (interrupted()) return 0;
    if (depth == 0) return leaf(board);
    const Bitboard moves = board.moves(playable_);
    if (!moves) {
        const Board passed = board.passed();
        if (!passed.moves(playable_)) return final_margin(board, context_.variant);
        return -nws(passed, 1 - beta, depth);
    }
    Move tt_move = kNoMove;
    if (depth >= kTtMinDepth) {
        if (key == 0) key = hash_key(board);
        TranspositionTable::Data entry;
        if (context_.tt->probe(key, entry)) {
            if (entry.depth >= depth && entry.selectivity <= selectivity_) {
                if (entry.lower >= beta) return entry.lower;
                if (entry.upper < beta) return entry.upper;
            }
            tt_move = entry.move;
        }
    }
    if (selectivity_ > 0 && depth >= kProbcutMinDepth) {
        int score;
        if (probcut(board, beta - 1, beta, depth, score)) return score;
        if (aborted()) return 0;
    }
    // After ProbCut: at depth 1 one evaluation of this node often spares the 3.9 of its children
    // that a null window evaluates on average (bench/results/tuning-notes.md).
    if (depth == 1) return nws_frontier(board, moves, beta);

    MoveList list(board, moves, ordering_.try_first, ordering_.try_last);
    // The children's keys by square, when they probe the table (0: not computed).
    std::uint64_t child_keys[64];
    const bool children_probe = depth > kTtMinDepth;
    if (children_probe) {
        // The children probe the table too: their lines are requested now, so that the misses
        // overlap the move scoring and each other instead of stalling each child in turn
        // (bench/results/tuning-notes.md). Their keys are handed down, not computed twice.
        for (int i = 0; i < list.size(); ++i) {
            const std::uint64_t child_key = hash_key(board.after(list[i].square, list[i].flips));
            child_keys[list[i].square] = child_key;
            context_.tt->prefetch(child_key);
        }
    }
    // At depth 1 ordering costs as much as the search it would save.
    const bool ordered = depth >= 2 && list.size() > 1;
    if (ordered) scored_positions_ += score_moves(list, board, tt_move, depth, ordering_);
    int best = -kInfinity;
    Move best_move = kNoMove;
    for (int i = 0; i < list.size(); ++i) {
        if (i == 1 && splits(list, depth, kNwsSplitDepth)) {
            // The eldest son did not cut off: the others go to all threads (young brothers wait).
            Move move = kNoMove;
            const int score = split_->share_null_window(*this, board, list, beta, depth, selectivity_, move);
            if (aborted()) return 0;
            if (score > best) {
                best = score;
                best_move = move;
            }
            break;
        }
        const OrderedMove& m = ordered ? list.pick(i) : list[i];
        const int score =
            -nws(board.after(m.square, m.flips), 1 - beta, depth - 1, children_probe ? child_keys[m.square] : 0);
        if (aborted()) return 0;
        if (score > best) {
            best = score;
            best_move = m.square;
            if (score >= beta) break;
        }
    }
    if (depth >= kTtMinDepth) context_.tt->store(key, bounds(best, beta - 1, beta, best_move, depth, selectivity_));
    return best;
}

// Below kTtMinDepth and the split depths, and unordered: the moves in MoveList's order, each one's
// flips found only when it is reached, since most of these nodes cut off after a few of their
// moves (bench/results/tuning-notes.md).
int MidgameSearch::nws_frontier(const Board& board, Bitboard moves, int beta) {
    static_assert(kTtMinDepth > 1 && kNwsSplitDepth > 1);
    // The children are leaves, evaluated here as nws(child, 1 - beta, 0) would, without its
    // checks; a full board (the last empty filled) goes through nws, which scores the game.
    const bool children_full = board.empty_count(playable_) == 1;
    int best = -kInfinity;
    for (Bitboard part : unscored_order(moves, ordering_.try_first, ordering_.try_last)) {
        for (; part; part &= part - 1) {
            const int square = std::countr_zero(part);
            const Board child = board.after(square, board.flips_for(square));
            int score;
            if (children_full) {
                score = -nws(child, 1 - beta, 0);
                if (aborted()) return 0;
            } else {
                if (interrupted()) return 0;
                score = -context_.evaluator->evaluate(child);
            }
            if (score > best) {
                best = score;
                if (score >= beta) return best;
            }
        }
    }
    return best;
}

// Principal-variation search: exact inside (alpha, beta), fail-soft bounds outside; fills pv_[ply].
int MidgameSearch::pvs(const Board& board, int alpha, int beta, int depth, int ply) {
    assert(-kInfinity <= alpha && alpha < beta && beta <= kInfinity);
    assert(ply + 1 < kMaxPly);  // the PV arrays hold this node's row and its children's
    pv_length_[ply] = ply;
    if (interrupted()) return 0;
    if (depth == 0) return leaf(board);
    const Bitboard moves = board.moves(playable_);
    if (!moves) {
        const Board passed = board.passed();
        if (!passed.moves(playable_)) return final_margin(board, context_.variant);
        const int score = -pvs(passed, -beta, -alpha, depth, ply + 1);
        pv_[ply][ply] = kPass;
        std::copy(pv_[ply + 1] + ply + 1, pv_[ply + 1] + pv_length_[ply + 1], pv_[ply] + ply + 1);
        pv_length_[ply] = pv_length_[ply + 1];
        return score;
    }

    // PV nodes take only the table's move: a cut-off here would cut the principal variation short.
    const std::uint64_t key = hash_key(board);
    Move tt_move = kNoMove;
    TranspositionTable::Data entry;
    if (context_.tt->probe(key, entry)) tt_move = entry.move;
    if (tt_move == kNoMove && depth >= kIidMinDepth) {
        pvs(board, alpha, beta, depth - 2, ply);
        if (aborted()) return 0;
        if (context_.tt->probe(key, entry)) tt_move = entry.move;
    }

    MoveList list(board, moves, ordering_.try_first, ordering_.try_last);
    scored_positions_ += score_moves(list, board, tt_move, depth, ordering_);
    const int alpha_in = alpha;
    int best = -kInfinity;
    Move best_move = kNoMove;
    for (int i = 0; i < list.size(); ++i) {
        if (i == 1 && splits(list, depth, kPvSplitDepth)) {
            Move move = kNoMove;
            const int score = split_pv_node(board, list, alpha, beta, depth, ply, move);
            if (aborted()) return 0;
            if (score > best) {
                best = score;
                best_move = move;
            }
            break;
        }
        const OrderedMove& m = list.pick(i);
        const Board child = board.after(m.square, m.flips);
        pv_length_[ply + 1] = ply + 1;
        int score;
        if (i == 0) {
            score = -pvs(child, -beta, -alpha, depth - 1, ply + 1);
        } else {
            score = -nws(child, -alpha, depth - 1);
            if (score > alpha && score < beta && !aborted()) score = -pvs(child, -beta, -alpha, depth - 1, ply + 1);
        }
        if (aborted()) return 0;
        if (score > best) {
            best = score;
            best_move = m.square;
            if (score > alpha) {
                alpha = score;
                pv_[ply][ply] = m.square;
                std::copy(pv_[ply + 1] + ply + 1, pv_[ply + 1] + pv_length_[ply + 1], pv_[ply] + ply + 1);
                pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
                if (alpha >= beta) break;
            }
        }
    }
    context_.tt->store(key, bounds(best, alpha_in, beta, best_move, depth, selectivity_));
    return best;
}

int MidgameSearch::split_pv_node(const Board& board, MoveList& list, int alpha, int beta, int depth, int ply,
                                 Move& best_move) {
    std::vector<RootMove> later;
    for (int j = 1; j < list.size(); ++j) {
        later.emplace_back();
        later.back().move = list.pick(j).square;
    }
    const int best = split_->share(*this, board, later, 0, depth, selectivity_, alpha, beta, ply);
    for (const RootMove& rm : later) {
        // The move that set the best score beat the alpha it was searched at: its score is exact
        // or a fail high, and its PV becomes this node's. (Another may equal it as a fail-low bound.)
        if (rm.depth != depth || rm.score <= alpha || rm.score != best || !(rm.exact || rm.score >= beta)) continue;
        best_move = rm.move;
        pv_[ply][ply] = rm.move;
        std::copy(rm.pv.begin() + 1, rm.pv.end(), pv_[ply] + ply + 1);
        pv_length_[ply] = ply + static_cast<int>(rm.pv.size());
        return best;
    }
    for (const RootMove& rm : later)
        if (rm.depth == depth && rm.score == best) best_move = rm.move;
    return best;
}

int MidgameSearch::search_later_root_move(const Board& root, RootMove& rm, int depth, int selectivity, int alpha,
                                          int beta, bool keep_fail_high, int ply) {
    set_selectivity(selectivity);
    const Board child = root.play(rm.move);
    pv_length_[ply + 1] = ply + 1;
    int score = -nws(child, -alpha, depth - 1);
    const bool failed_high = score > alpha && score < beta;
    if (failed_high && !aborted()) score = -pvs(child, -beta, -alpha, depth - 1, ply + 1);
    if (aborted()) {
        // A move that beat alpha on the null window is better, even if its exact score is unknown.
        if (failed_high && keep_fail_high) {
            rm.score = alpha + 1;
            rm.exact = false;
            rm.upper_bound = false;
            rm.depth = depth;
            rm.pv.assign(1, rm.move);
        }
        return score;
    }
    record_root_move(rm, depth, score, alpha, beta, ply);
    return score;
}

int MidgameSearch::search_split_move(const Board& node, const OrderedMove& move, int beta, int depth, int selectivity) {
    set_selectivity(selectivity);
    return -nws(node.after(move.square, move.flips), 1 - beta, depth - 1);
}

void MidgameSearch::record_root_move(RootMove& rm, int depth, int score, int alpha, int beta, int ply) const {
    rm.depth = depth;
    rm.score = score;
    rm.exact = score > alpha && score < beta;
    rm.upper_bound = score <= alpha;
    rm.pv.assign(1, rm.move);
    if (score > alpha) rm.pv.insert(rm.pv.end(), pv_[ply + 1] + ply + 1, pv_[ply + 1] + pv_length_[ply + 1]);
}

int MidgameSearch::search_root(const Board& root, std::vector<RootMove>& moves, int depth, int selectivity, int alpha,
                               int beta, int multi_pv, MidgameSplit* split) {
    set_selectivity(selectivity);
    multi_pv = std::max(1, multi_pv);
    // PV nodes below the root split too (single PV only: multi-PV needs each root move exact).
    split_ = multi_pv == 1 ? split : nullptr;
    struct SplitReset {
        MidgameSplit*& split;
        ~SplitReset() { split = nullptr; }
    } split_reset{split_};
    const int alpha_in = alpha;
    std::vector<int> exact_scores;  // of the moves searched so far, for the multi-PV threshold
    int best = -kInfinity;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        RootMove& rm = moves[i];
        if (i == 1 && split && multi_pv == 1) {
            best = std::max(best, split->share(*this, root, moves, 1, depth, selectivity_, alpha, beta));
            if (aborted()) return best;
            if (best >= beta)
                for (RootMove& later : moves)
                    if (later.depth != depth) later.score = -kInfinity;
            break;
        }
        // With multi-PV a move must beat the k-th best so far, not the best, to need an exact score.
        int a = alpha;
        if (multi_pv > 1) {
            a = alpha_in;
            if (static_cast<int>(exact_scores.size()) >= multi_pv) {
                std::nth_element(exact_scores.begin(), exact_scores.begin() + (multi_pv - 1), exact_scores.end(),
                                 std::greater<>());
                a = std::max(a, exact_scores[multi_pv - 1]);
            }
        }
        int score;
        if (i == 0) {
            pv_length_[1] = 1;
            score = -pvs(root.play(rm.move), -beta, -a, depth - 1, 1);
            if (aborted()) return best;
            record_root_move(rm, depth, score, a, beta);
        } else {
            score = search_later_root_move(root, rm, depth, selectivity_, a, beta, multi_pv == 1);
            if (aborted()) return best;
        }
        if (rm.exact) exact_scores.push_back(score);
        best = std::max(best, score);
        if (score > alpha && multi_pv == 1) {
            alpha = score;
            if (alpha >= beta) {
                for (std::size_t j = i + 1; j < moves.size(); ++j) moves[j].score = -kInfinity;
                break;
            }
        }
    }
    std::stable_sort(moves.begin(), moves.end(),
                     [](const RootMove& x, const RootMove& y) { return x.score > y.score; });
    return best;
}

}  // namespace tempo
