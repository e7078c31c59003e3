#include "search/pv_split.hpp"

#include <memory>

namespace tempo {

namespace {

std::vector<std::unique_ptr<MidgameSearch>> make_helpers(const MidgameSearch::Context& context, int helpers) {
    std::vector<std::unique_ptr<MidgameSearch>> searches;
    for (int i = 0; i < helpers; ++i) searches.push_back(std::make_unique<MidgameSearch>(context));
    return searches;
}

}  // namespace

PvSplit::PvSplit(const MidgameSearch::Context& context, int helpers) : pool_(make_helpers(context, helpers)) {}

int PvSplit::share(MidgameSearch& master, const Board& node, std::vector<RootMove>& moves, std::size_t first,
                   int depth, int selectivity, int alpha, int beta, int ply) {
    Point point;
    point.node = &node;
    point.moves = &moves;
    point.depth = depth;
    point.selectivity = selectivity;
    point.beta = beta;
    point.ply = ply;
    point.next.store(first);
    point.alpha.store(alpha);
    pool_.share(master, point);
    return point.best;
}

void PvSplit::Point::work(MidgameSearch& search) {
    for (;;) {
        if (cutoff.load(std::memory_order_relaxed) || search.stopped()) return;
        const std::size_t i = next.fetch_add(1);
        if (i >= moves->size()) return;
        const int score =
            search.search_later_root_move(*node, (*moves)[i], depth, selectivity, alpha.load(), beta, true, ply);
        if (search.stopped()) return;
        std::lock_guard guard(best_mutex);
        if (score > best) best = score;
        if (score > alpha.load()) alpha.store(score);
        if (score >= beta) cutoff.store(true);
    }
}

std::uint64_t PvSplit::helper_nodes() const {
    std::uint64_t total = 0;
    for (const auto& h : pool_.workers()) total += h->nodes();
    return total;
}

}  // namespace tempo
