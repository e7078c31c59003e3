#include "search/endgame/exact_tail.hpp"

#include "search/endgame/parallel.hpp"  // the search, whose split code needs the pool complete

namespace tempo {

namespace {

template <class T>
class ExactTailFor final : public ExactTail {
public:
    ExactTailFor(TranspositionTable& tt, const std::atomic<bool>& stop, const Evaluator* evaluator)
        : search_(tt, stop) {
        search_.set_evaluator(evaluator);
    }

    int nws(const Board& board, int beta, const SplitCutoff* cutoff, std::uint64_t& nodes) override {
        search_.set_cutoff(cutoff);
        search_.nodes = 0;
        const Bitboard empties = ~board.occupied() & T::kPlayable;
        const int score =
            search_.nws(board.player, board.opponent, beta - 1, popcount(empties), endgame::parity_of(empties));
        nodes += search_.nodes;
        return score;
    }

    bool stopped() const override { return search_.stopped(); }
    void clear() override { search_.clear_local(); }

private:
    endgame::Search<T> search_;
};

}  // namespace

std::unique_ptr<ExactTail> ExactTail::create(TranspositionTable& tt, Variant variant, const std::atomic<bool>& stop,
                                             const Evaluator* evaluator) {
    return endgame::with_traits(variant, [&](auto traits) -> std::unique_ptr<ExactTail> {
        return std::make_unique<ExactTailFor<decltype(traits)>>(tt, stop, evaluator);
    });
}

}  // namespace tempo
