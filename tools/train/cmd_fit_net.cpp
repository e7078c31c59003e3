// `tempo-train fit-net`: positions + fitted pattern weights -> the same weights with residual
// networks (residual_fit.hpp), a checkpoint a phase.
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/train/commands.hpp"
#include "tools/train/residual_fit.hpp"
#include "tools/train/solve_labels.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

void add_fit_net_command(CLI::App& app) {
    struct Options {
        NetFitOptions net;
        std::string samples = "samples.bin", pattern_weights, out, checkpoint_dir;
        std::vector<std::string> label_files;
        std::vector<int> phases;
        VariantOptions variant;
    };
    auto options = std::make_shared<Options>();
    NetFitOptions& net = options->net;
    auto* cmd = app.add_subcommand("fit-net", "fit the residual networks on top of fitted pattern weights");
    cmd->add_option("--samples", options->samples, "sample file")->capture_default_str();
    cmd->add_option("--labels", options->label_files, "labels files from `solve` (exact or searched)");
    cmd->add_option("--weights", options->pattern_weights, "pattern weights (from `fit`) the networks correct")
        ->required();
    cmd->add_option("--out", options->out, "weights file to write (the pattern weights and the networks)")
        ->required();
    cmd->add_option("--hidden", net.hidden, "hidden units per network")
        ->capture_default_str()
        ->check(CLI::Range(ResidualNet::kLanes, ResidualNet::kMaxHidden));
    cmd->add_option("--epochs", net.epochs, "passes over the positions")->capture_default_str();
    cmd->add_option("--rate", net.rate, "Adam's step size in the first epoch")->capture_default_str();
    cmd->add_option("--rate-decay", net.rate_decay, "factor on the step size after each epoch")
        ->capture_default_str();
    cmd->add_option("--batch", net.batch, "positions per step")->capture_default_str()->check(CLI::PositiveNumber);
    cmd->add_option("--overlap", net.overlap, "extra empties each side of a phase")->capture_default_str();
    cmd->add_option("--exact-below", net.exact_below, "train only on exact labels at <= this many empties")
        ->capture_default_str();
    cmd->add_option("--seed", net.seed, "seed of the initial weights and the order")->capture_default_str();
    cmd->add_option("--only-phases", options->phases,
                    "fit these phases (0 = fewest empties) only; the others get networks that add 0");
    cmd->add_option("--checkpoint", options->checkpoint_dir, "directory for per-phase results (resume)");
    add_variant_options(*cmd, options->variant, "weights for Anti-Reversi");
    cmd->callback([options] {
        if (options->net.hidden % ResidualNet::kLanes != 0)
            throw std::runtime_error("--hidden must be a multiple of " + std::to_string(ResidualNet::kLanes));
        const Variant variant = options->variant.variant();
        std::vector<Sample> all = load_samples(options->samples);
        for (const std::string& labels : options->label_files) apply_labels(all, labels);
        EvalWeights weights = load_weights(options->pattern_weights, variant);
        std::cerr << all.size() << " positions from " << options->samples << "; fitting the networks of "
                  << weights.phases << " phases\n";
        fit_residual_nets(all, weights, variant, options->net, options->phases, options->checkpoint_dir);
        save_weights(options->out, weights);
        std::cerr << "wrote " << options->out << " (" << std::filesystem::file_size(options->out) << " bytes)\n";
    });
}

}  // namespace tempo::train
