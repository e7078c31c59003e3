#include "search/midgame/split.hpp"

namespace tempo {

// A PV node's later moves: each RootMove gets its score and PV.
struct MidgameSplit::PvPoint : Point {
    const Board* node = nullptr;
    std::vector<RootMove>* moves = nullptr;
    int ply = 0;

    int search_move(MidgameSearch& search, int i, int alpha) override {
        return search.search_later_root_move(*node, (*moves)[i], depth, selectivity, alpha, beta, true, ply);
    }
};

// A null-window node's moves after the first.
struct MidgameSplit::NullWindowPoint : Point {
    const Board* node = nullptr;
    const MoveList* list = nullptr;

    int search_move(MidgameSearch& search, int i, int /*alpha: beta - 1*/) override {
        return search.search_split_move(*node, (*list)[i], beta, depth, selectivity);
    }
};

namespace {

// A helper's search makes its own exact tail: the caller's belongs to the caller's thread.
MidgameSearch::Context without_exact_tail(MidgameSearch::Context context) {
    context.exact_tail = nullptr;
    return context;
}

}  // namespace

MidgameSplit::MidgameSplit(const MidgameSearch::Context& context, int helpers)
    : helpers_context_(without_exact_tail(context)), pool_(helpers, helpers_context_) {}

int MidgameSplit::open(MidgameSearch& master, Point& point, int first, int end, int depth, int selectivity, int alpha,
                       int beta) {
    point.next.store(first);
    point.alpha.store(alpha);
    point.end = end;
    point.depth = depth;
    point.selectivity = selectivity;
    point.beta = beta;
    point.best = -kInfinity;
    point.cutoff.parent = master.cutoff();
    pool_.share(master, point);
    master.check_stop();
    return point.best;
}

int MidgameSplit::share(MidgameSearch& master, const Board& node, std::vector<RootMove>& moves, std::size_t first,
                        int depth, int selectivity, int alpha, int beta, int ply) {
    PvPoint point;
    point.node = &node;
    point.moves = &moves;
    point.ply = ply;
    return open(master, point, static_cast<int>(first), static_cast<int>(moves.size()), depth, selectivity, alpha,
                beta);
}

int MidgameSplit::share_null_window(MidgameSearch& master, const Board& node, MoveList& list, int beta, int depth,
                                    int selectivity, Move& best_move) {
    for (int j = 1; j < list.size(); ++j) list.pick(j);  // the threads take them in order
    NullWindowPoint point;
    point.node = &node;
    point.list = &list;
    const int best = open(master, point, 1, list.size(), depth, selectivity, beta - 1, beta);
    if (point.best_index >= 0) best_move = list[point.best_index].square;
    return best;
}

SearchCounts MidgameSplit::helper_counts() const {
    SearchCounts total;
    for (const auto& h : pool_.workers()) total += h->counts();
    return total;
}

}  // namespace tempo
