#include "search/midgame/solve_guess.hpp"

#include <optional>

#include "search/midgame/search.hpp"
#include "search/midgame/split.hpp"

namespace tempo {

int endgame_guess(const Board& board, const Evaluator& evaluator, Variant variant, TranspositionTable& tt, int threads,
                  std::uint64_t& nodes) {
    MidgameSearch::Context context;
    context.tt = &tt;
    context.evaluator = &evaluator;
    context.variant = variant;
    MidgameSearch search(context);
    std::optional<MidgameSplit> split;
    if (threads > 1) split.emplace(context, threads - 1);
    int guess = 0;
    const int last = guess_depth(board.empty_count(variant.playable()));
    const int selectivity = guess_selectivity(variant.geometry);
    for (int depth = kGuessDepthStep; depth <= last; depth += kGuessDepthStep)
        guess = search.search(board, -kMaxScore, kMaxScore, depth, selectivity, split ? &*split : nullptr);
    nodes += search.nodes() + (split ? split->helper_counts().nodes : 0);
    return guess;
}

}  // namespace tempo
