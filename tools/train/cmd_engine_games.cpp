// `tempo-train engine-games`: the engine's own games from openings, exact from some empties on,
// appended to a games file (resumable, shardable: self_play.hpp).
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "formats/shard.hpp"
#include "tools/cli/engine_options.hpp"
#include "tools/match/openings.hpp"
#include "tools/train/commands.hpp"
#include "tools/train/self_play.hpp"

namespace tempo::train {

void add_engine_games_command(CLI::App& app) {
    struct Options {
        std::string variant = "8x8";
        EngineGamesJob job;
        std::string out = "engine-games.txt", shard = "0/1";
    };
    auto options = std::make_shared<Options>();
    EngineGamesJob& job = options->job;
    auto* cmd = app.add_subcommand(
        "engine-games", "the engine's own games from openings, appended to a games file (resumable, shardable)");
    add_variant_option(*cmd, options->variant);
    cmd->add_option("--games", job.games, "games in the whole job (all shards)")->capture_default_str();
    cmd->add_option("--shard", options->shard, "K/N: this process plays games K, K+N, K+2N, ... (0-based)")
        ->capture_default_str();
    cmd->add_option("--openings", job.play.openings_file,
                    "opening transcripts, one per line: a file, or xot-small / xot-large");
    cmd->add_option("--depth", job.play.depth, "search depth of every move")
        ->capture_default_str()
        ->check(CLI::Range(1, 60));
    cmd->add_option("--solve-empties", job.play.solve_empties, "perfect play from this many empties")
        ->capture_default_str()
        ->check(CLI::Range(0, 60));
    cmd->add_option("--random-percent", job.play.random_percent, "chance of a random move at a ply ...")
        ->capture_default_str()
        ->check(CLI::Range(0, 100));
    cmd->add_option("--random-above", job.play.random_above, "... with more than this many empties")
        ->capture_default_str();
    cli::add_eval_option(*cmd, job.play.eval_file, "weights of the players (default: the shipped ones)");
    cmd->add_option("--seed", job.seed, "seed of the openings' order and the random moves")->capture_default_str();
    cmd->add_option("--out", options->out, "games file, appended to (a rerun resumes)")->capture_default_str();
    cmd->callback([options] {
        EngineGamesJob job = options->job;
        job.variant = Variant::parse(options->variant);
        job.shard = Shard::parse(options->shard);
        if (!job.play.openings_file.empty()) job.play.openings_file = match::openings_path(job.play.openings_file);
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t played = play_engine_games(job, options->out, [&](const EngineGame& g) {
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::fprintf(stderr, "\rgame %llu done, %.0f s", static_cast<unsigned long long>(g.index), seconds);
        });
        std::fprintf(stderr, "\n%llu games played, appended to %s\n", static_cast<unsigned long long>(played),
                     options->out.c_str());
    });
}

}  // namespace tempo::train
