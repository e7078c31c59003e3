// `tempo-train selfplay`: positions of random (or partly evaluation-guided) games from the start,
// the 6x6 training set.
#include <memory>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "tools/cli/engine_options.hpp"
#include "tools/train/commands.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

void add_selfplay_command(CLI::App& app) {
    struct Options {
        std::string variant = "8x8";
        std::size_t games = 10000;
        std::string out = "samples.bin";
        SampleOptions sample;
        std::string eval_file;
        int random_percent = 100;
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("selfplay", "positions of random games from the start (6x6 training)");
    add_variant_option(*cmd, options->variant);
    cmd->add_option("--games", options->games, "games to play")->capture_default_str();
    cmd->add_option("--out", options->out, "sample file to write")->capture_default_str();
    cmd->add_option("--seed", options->sample.seed, "seed of the moves and the held-out split")->capture_default_str();
    cmd->add_option("--held-out", options->sample.held_out_percent, "percent of games held out")
        ->capture_default_str();
    cli::add_eval_option(*cmd, options->eval_file,
                         "weights file: moves not chosen at random are its best 1-ply move");
    cmd->add_option("--random-percent", options->random_percent, "share of random moves (with --eval)")
        ->capture_default_str()
        ->check(CLI::Range(0, 100));
    cmd->callback([options] {
        const Variant variant = Variant::parse(options->variant);
        const auto eval = options->eval_file.empty() ? nullptr : Evaluator::create(variant, options->eval_file);
        const std::vector<Sample> all = random_game_samples(variant, options->games, options->sample, eval.get(),
                                                            eval ? options->random_percent : 100);
        write_samples(options->out, all);
    });
}

}  // namespace tempo::train
