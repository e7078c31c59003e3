// The Player: what plays a move of a game. It turns a level (and the clock the protocol adds) into
// the search's limits, plays from the opening book before it searches (as Edax's play.c does), and
// gives the weak levels their noise. NBoard, GTP, the console and the library play through it; the
// Searcher below knows nothing of books or levels.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <random>
#include <stop_token>

#include "engine/game.hpp"
#include "play/book/location.hpp"
#include "play/levels.hpp"
#include "search/searcher.hpp"

namespace tempo {

struct PlayerOptions {
    SearcherOptions searcher;
    book::BookOptions book;  // the book the levels play from (default: the shipped one)
};

class Player {
public:
    explicit Player(PlayerOptions options = {});
    Player(const Player&) = delete;
    Player& operator=(const Player&) = delete;

    // A move for the game's position at `level`: a book move when the level plays from the book
    // and the position is in it (drawn among those within the book margin of the best, with the
    // player's seeded generator; score and depth are the book's), else the level's search, with the
    // noise of a weak level added to each root move's score before the choice. `on_info` and
    // `stop` as Searcher::run.
    SearchResult play(const Game& game, const Level& level,
                      const std::function<void(const SearchResult&)>& on_info = {}, std::stop_token stop = {});

    // The search behind the moves, for analysis (hints, review) that wants no book and no noise.
    Searcher& searcher() { return searcher_; }

    // Loads what a move of `variant` needs (the search's evaluation and solver, the book), so that
    // no clocked move pays for it: the shipped book takes 30 ms to open (90 ms under
    // ThreadSanitizer), inside the first move's budget but outside anything the time plan can stop.
    void prepare(Variant variant);
    // A new game: the search forgets what it learnt.
    void clear() { searcher_.clear(); }

    const PlayerOptions& options() const { return options_; }
    void set_options(const PlayerOptions& options);

    // The book of `variant` the levels play from, opened on first use (book::open_book with
    // options().book); nullptr when disabled, when none is shipped for the variant or when the
    // file cannot serve it (the tools check the file at start-up).
    std::shared_ptr<const book::Book> book(Variant variant);
    // Replaces the book of the book's variant (after `learn`).
    void set_book(std::shared_ptr<const book::Book> book);

private:
    PlayerOptions options_;
    Searcher searcher_;
    // Opening books by variant, opened on first use; nullptr = no book for the variant.
    std::map<std::pair<Geometry, Rules>, std::shared_ptr<const book::Book>> books_;
    // Draws among near-equal book moves: one stream per player, so a seed fixes a game's choices.
    std::mt19937_64 book_rng_;
};

}  // namespace tempo
