#include "tools/train/self_play.hpp"

#include <chrono>
#include <cstdio>
#include <random>

#include "search/searcher.hpp"
#include "tools/match/openings.hpp"

namespace tempo::train {

std::vector<Sample> engine_game_samples(Variant variant, std::size_t games, const SampleOptions& samples,
                                        const SelfPlayOptions& options) {
    std::vector<match::Opening> openings{match::Opening{}};
    if (!options.openings_file.empty()) {
        openings = match::load_openings(options.openings_file);
        match::shuffle_openings(openings, samples.seed);
    }
    SearcherOptions searcher_options;
    searcher_options.hash_mb = 32;
    searcher_options.eval_file = options.eval_file;
    Searcher searcher(searcher_options);
    Limits limits;
    limits.depth = options.depth;
    limits.solve_empties = options.solve_empties;
    std::mt19937_64 rng(samples.seed);
    const Bitboard playable = variant.playable();
    const auto start = std::chrono::steady_clock::now();
    std::vector<Sample> out;
    for (std::size_t g = 0; g < games; ++g) {
        Game game(variant);
        for (Move move : openings[g % openings.size()].moves) game.play(move);
        int exact_from = -1;  // empties at the first solved move: from there on, play is perfect
        while (!game.is_over()) {
            const Bitboard moves = game.legal_moves();
            if (!moves) {
                game.play(kPass);
                continue;
            }
            const int empties = game.board().empty_count(playable);
            if (empties > options.random_above && static_cast<int>(rng() % 100) < options.random_percent) {
                game.play(random_move(moves, rng()));
                continue;
            }
            const SearchResult result = searcher.run(game, limits);
            if (result.solved && !result.wld && exact_from < 0) exact_from = empties;
            game.play(result.best);
        }
        const int margin = black_result(game, variant.rules == Rules::kAnti);
        add_game(game, is_held_out(samples.seed, kEngineGames, g, samples.held_out_percent),
                 [&](int empties) { return std::pair{margin, empties <= exact_from}; }, out);
        if (g % 100 == 99 || g + 1 == games) {
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::fprintf(stderr, "\rengine games: %zu, %zu positions, %.0f s", g + 1, out.size(), seconds);
        }
    }
    std::fprintf(stderr, "\n");
    return out;
}

}  // namespace tempo::train
