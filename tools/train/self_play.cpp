#include "tools/train/self_play.hpp"

#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "engine/parse_error.hpp"
#include "eval/evaluator.hpp"
#include "search/searcher.hpp"
#include "tools/match/openings.hpp"
#include "tools/train/job_manifest.hpp"

namespace tempo::train {

namespace {

// The random draws of game `index`: a generator of its own (SplitMix64 of seed and index), so a
// game does not depend on which games were played before it in the same process.
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t index) {
    std::uint64_t z = seed * 0x9e3779b97f4a7c15ULL + (index + 1) * 0xd1b54a32d192ed03ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::string file_name(const std::string& path, const char* none) {
    return path.empty() ? none : std::filesystem::path(path).filename().string();
}

EngineGame play_one(const EngineGamesJob& job, const std::vector<match::Opening>& openings, Searcher& searcher,
                    std::uint64_t index) {
    const SelfPlayOptions& options = job.play;
    Limits limits;
    limits.depth = options.depth;
    limits.solve_empties = options.solve_empties;
    std::mt19937_64 rng(game_seed(job.seed, index));
    const Bitboard playable = job.variant.playable();
    // A fresh table for every game: the search, and so the game, depends on nothing played before.
    searcher.clear();

    EngineGame g;
    g.index = index;
    g.game = Game(job.variant);
    const match::Opening& opening = openings[index % openings.size()];
    for (Move move : opening.moves) g.game.play(move);
    g.opening_plies =
        static_cast<int>(std::count_if(opening.moves.begin(), opening.moves.end(), [](Move m) { return m != kPass; }));
    while (!g.game.is_over()) {
        const Bitboard moves = g.game.legal_moves();
        if (!moves) {
            g.game.play(kPass);
            continue;
        }
        const int empties = g.game.board().empty_count(playable);
        if (empties > options.random_above && static_cast<int>(rng() % 100) < options.random_percent) {
            g.game.play(random_move(moves, rng()));
            g.scores.push_back(std::nullopt);
            continue;
        }
        const SearchResult result = searcher.run(g.game, limits);
        if (result.solved && !result.wld && g.exact_from < 0) g.exact_from = empties;
        g.scores.push_back(result.score);
        g.game.play(result.best);
    }
    g.black_margin = black_result(g.game, job.variant.rules == Rules::kAnti);
    return g;
}

}  // namespace

EngineGamesHeader EngineGamesJob::header() const {
    const SelfPlayOptions& p = play;
    return {variant, "depth=" + std::to_string(p.depth) + " solve-empties=" + std::to_string(p.solve_empties) +
                         " random-percent=" + std::to_string(p.random_percent) +
                         " random-above=" + std::to_string(p.random_above) + " seed=" + std::to_string(seed) +
                         " games=" + std::to_string(games) + " shard=" + shard.text() + " openings=" +
                         file_name(p.openings_file, "start") + " eval=" + file_name(p.eval_file, "shipped")};
}

std::uint64_t play_engine_games(const EngineGamesJob& job, const std::string& path,
                                const std::function<void(const EngineGame&)>& on_game) {
    const EngineGamesHeader header = job.header();
    std::set<std::uint64_t> done;
    std::uint64_t complete_bytes = 0;
    if (std::filesystem::exists(path)) {
        const EngineGamesFile file = read_engine_games(path, true, &complete_bytes);
        if (complete_bytes > 0 && file.header.line() != header.line())
            throw ParseError(path + ": made by another job ('" + file.header.line() + "'); this one is '" +
                             header.line() + "'");
        for (const EngineGame& g : file.games) done.insert(g.index);
        // Drop a line cut short by an interruption, so the next game starts on a line of its own.
        std::filesystem::resize_file(path, complete_bytes);
    }
    // Load everything that can fail before the first game: a bad openings file ends the job at once.
    std::vector<match::Opening> openings{match::Opening{}};
    if (!job.play.openings_file.empty()) {
        openings = match::load_openings(job.play.openings_file);
        match::shuffle_openings(openings, job.seed);
    }
    SearcherOptions searcher_options;
    searcher_options.hash_mb = 32;
    searcher_options.eval_file = job.play.eval_file;
    Searcher searcher(searcher_options);

    std::ofstream out(path, std::ios::app);
    if (!out) throw ParseError(path + ": cannot write");
    if (complete_bytes == 0) out << header.line() << '\n' << std::flush;
    const std::string weights = !job.play.eval_file.empty()        ? job.play.eval_file
                                : has_shipped_weights(job.variant) ? find_weights_file(job.variant)
                                                                   : "";
    start_manifest_run(path, {header.line(), weights, done.size()});
    std::uint64_t played = 0;
    for (std::uint64_t index = job.shard.index; index < job.games; index += job.shard.count) {
        if (done.count(index)) continue;
        const EngineGame game = play_one(job, openings, searcher, index);
        // One write and a flush per game: an interruption loses at most the game in progress.
        out << format_engine_game(game) + "\n" << std::flush;
        if (!out) throw ParseError(path + ": write failed");
        ++played;
        if (on_game) on_game(game);
    }
    end_manifest_run(path, done.size() + played);
    return played;
}

std::vector<Sample> engine_game_samples(const std::vector<EngineGame>& games, const SampleOptions& options,
                                        EngineLabels labels) {
    std::vector<Sample> out;
    for (const EngineGame& g : games) {
        const bool held_out = is_held_out(options.seed, kEngineGames, g.index, options.held_out_percent);
        const Bitboard playable = g.game.variant().playable();
        // The positions of scores [0, random_until) and the opening's lead into the game's last
        // random move (scored nullopt): their result pays for a blunder that no search chose.
        std::size_t random_until = 0;
        for (std::size_t i = 0; i < g.scores.size(); ++i)
            if (!g.scores[i]) random_until = i + 1;
        Board board = g.game.start().board;
        bool black_to_move = g.game.start().to_move == Color::kBlack;
        int squares = 0;  // moves that were not passes: the scores start after the opening's
        std::size_t scored = 0;
        for (Move move : g.game.moves()) {
            if (move == kPass) {
                board = board.passed();
                black_to_move = !black_to_move;
                continue;
            }
            const int empties = board.empty_count(playable);
            const bool exact = g.exact_from >= 0 && empties <= g.exact_from;
            int label = black_to_move ? g.black_margin : -g.black_margin;
            std::optional<int> score;
            if (squares++ >= g.opening_plies) score = g.scores[scored++];
            const bool before_random = scored <= random_until && random_until > 0;  // the opening's: scored 0
            bool keep = true;
            if (!exact &&
                (labels == EngineLabels::kSearch || (labels == EngineLabels::kSearchBeforeRandom && before_random))) {
                if (score)
                    label = *score;
                else  // before the last random move only a search's score is a fair label
                    keep = labels == EngineLabels::kSearch;
            }
            if (keep)
                out.push_back(
                    {board, static_cast<std::int8_t>(label), static_cast<std::uint8_t>(empties), held_out, exact});
            board = board.play(move);
            black_to_move = !black_to_move;
        }
    }
    return out;
}

}  // namespace tempo::train
