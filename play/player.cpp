#include "play/player.hpp"

#include <chrono>
#include <exception>

namespace tempo {

namespace {

// The seed of the book draws: the options' or, for 0, a random one.
std::uint64_t book_seed(const book::BookOptions& options) {
    if (options.seed != 0) return options.seed;
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

// Weak levels: the move with the best score after noise of up to `noise` discs.
void add_noise(SearchResult& result, int noise) {
    if (result.multi_pv.empty()) return;
    std::mt19937 rng(std::random_device{}());
    std::uniform_int_distribution<int> draw(-noise, noise);
    const MultiPvLine* pick = &result.multi_pv.front();
    int best = -1000;
    for (const MultiPvLine& line : result.multi_pv) {
        const int value = line.score + draw(rng);
        if (value > best) {
            best = value;
            pick = &line;
        }
    }
    result.best = pick->move;
    result.score = pick->score;
    result.pv = pick->pv;
}

}  // namespace

Player::Player(PlayerOptions options)
    : options_(std::move(options)), searcher_(options_.searcher), book_rng_(book_seed(options_.book)) {}

void Player::prepare(Variant variant) {
    searcher_.prepare(variant);
    book(variant);  // nullptr, at once, when the options disable the book
}

void Player::set_options(const PlayerOptions& options) {
    searcher_.set_options(options.searcher);
    if (options.book != options_.book) books_.clear();
    if (options.book.seed != options_.book.seed) book_rng_.seed(book_seed(options.book));
    options_ = options;
}

std::shared_ptr<const book::Book> Player::book(Variant variant) {
    const std::pair key{variant.geometry, variant.rules};
    if (const auto it = books_.find(key); it != books_.end()) return it->second;
    std::shared_ptr<const book::Book> opened;
    try {
        opened = book::open_book(variant, options_.book);
    } catch (const std::exception&) {
        // The tools check the book at start-up; a --book file of one variant serves no other.
    }
    books_[key] = opened;
    return opened;
}

void Player::set_book(std::shared_ptr<const book::Book> book) {
    const Variant variant = book->variant();
    books_[{variant.geometry, variant.rules}] = std::move(book);
}

SearchResult Player::play(const Game& game, const Level& level,
                          const std::function<void(const SearchResult&)>& on_info, std::stop_token stop) {
    const auto start = std::chrono::steady_clock::now();
    const bool searched_anyway = game.is_over() || game.must_pass();
    if (level.book && level.noise == 0 && level.limits.multi_pv <= 1 && !searched_anyway) {
        const std::shared_ptr<const book::Book> opening_book = book(game.variant());
        const Board board = game.board();
        if (const auto move = opening_book ? opening_book->choose(board, options_.book.margin, book_rng_)
                                           : std::nullopt) {
            SearchResult result;
            result.best = move->move;
            result.score = move->value;
            result.depth = move->depth;
            result.solved = move->exact;
            result.selectivity = move->exact ? 100 : 0;
            result.pv = opening_book->line(board, move->move);
            result.book = true;
            result.elapsed =
                std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
            if (on_info) on_info(result);
            return result;
        }
    }
    Limits limits = level.limits;
    if (level.noise > 0) limits.multi_pv = Limits::kAllMoves;
    SearchResult result = searcher_.run(game, limits, on_info, std::move(stop));
    if (level.noise > 0) add_noise(result, level.noise);
    return result;
}

}  // namespace tempo
