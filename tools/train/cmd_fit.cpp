// `tempo-train fit`: positions -> weights file, phase by phase (fit.hpp), a checkpoint a phase.
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "tools/train/commands.hpp"
#include "tools/train/fit.hpp"
#include "tools/train/solve_labels.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

void add_fit_command(CLI::App& app) {
    struct Options {
        FitOptions fit;
        std::string samples = "samples.bin", out, checkpoint_dir;
        std::vector<std::string> label_files;
        int phases = 15;
        int only_phase = -1;
        VariantOptions variant;
    };
    auto options = std::make_shared<Options>();
    FitOptions& fit = options->fit;
    auto* cmd = app.add_subcommand("fit", "fit the weights phase by phase");
    cmd->add_option("--samples", options->samples, "sample file")->capture_default_str();
    cmd->add_option("--out", options->out, "weights file to write")->required();
    cmd->add_option("--phases", options->phases, "number of phases")->capture_default_str()->check(CLI::Range(1, 60));
    cmd->add_option("--lambda", fit.lambda, "ridge penalty")->capture_default_str();
    cmd->add_option("--iterations", fit.iterations, "conjugate-gradient steps per phase")->capture_default_str();
    cmd->add_option("--overlap", fit.overlap, "extra empties each side of a phase")->capture_default_str();
    cmd->add_option("--labels", options->label_files, "labels files from `solve` (exact or searched)");
    cmd->add_option("--train-percent", fit.train_percent,
                    "train on this share of the positions (chosen by a hash of the position): learning curves")
        ->capture_default_str()
        ->check(CLI::Range(1, 100));
    cmd->add_option("--exact-below", fit.exact_below, "train only on exact labels at <= this many empties")
        ->capture_default_str();
    cmd->add_option("--searched-above", fit.searched_above,
                    "train only on searched (or exact) labels above this many empties")
        ->capture_default_str();
    cmd->add_option("--only-phase", options->only_phase,
                    "fit just this phase (0 = fewest empties) and stop: for tuning");
    cmd->add_option("--checkpoint", options->checkpoint_dir, "directory for per-phase results (resume)");
    add_variant_options(*cmd, options->variant, "weights for Anti-Reversi");
    cmd->callback([options] {
        const Variant variant = options->variant.variant();
        std::vector<Sample> all = load_samples(options->samples);
        for (const std::string& labels : options->label_files) apply_labels(all, labels);
        std::cerr << all.size() << " positions from " << options->samples << "; fitting " << options->phases
                  << " phases\n";
        const EvalWeights weights =
            fit_weights(all, variant, options->phases, options->fit, options->checkpoint_dir, options->only_phase);
        if (options->only_phase >= 0) return;
        save_weights(options->out, weights);
        std::cerr << "wrote " << options->out << " (" << std::filesystem::file_size(options->out) << " bytes)\n";
    });
}

}  // namespace tempo::train
