// `tempo-train report`: a weights file's mean absolute error per phase on held-out positions and on
// exactly solved test positions.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "tools/train/commands.hpp"
#include "tools/train/report.hpp"
#include "tools/train/solve_labels.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

void add_report_command(CLI::App& app) {
    struct Options {
        std::string samples = "samples.bin", weights;
        std::vector<std::string> label_files, exact_files;
        int bucket = 4;
        VariantOptions variant;
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("report", "mean absolute error per phase");
    cmd->add_option("--samples", options->samples, "sample file (held-out games)");
    cmd->add_option("--labels", options->label_files, "labels files from `solve`");
    cmd->add_option("--weights", options->weights, "weights file (default: the shipped one)");
    cmd->add_option("--exact", options->exact_files, "endgame files with exact scores (.obf or eg_*.txt)");
    cmd->add_option("--bucket", options->bucket, "empties per table row")
        ->capture_default_str()
        ->check(CLI::Range(1, 60));
    add_variant_options(*cmd, options->variant, "Anti-Reversi weights");
    cmd->callback([options] {
        const auto eval = Evaluator::create(options->variant.variant(), options->weights);
        // samples.bin when it is there, as --samples says by default.
        if (!options->samples.empty() && std::filesystem::exists(options->samples)) {
            std::vector<Sample> all = load_samples(options->samples);
            for (const std::string& labels : options->label_files) apply_labels(all, labels);
            print_mae_held_out(*eval, all, options->bucket);
        }
        if (!options->exact_files.empty())
            print_mae_exact(*eval, exact_position_samples(options->exact_files), 1, "exactly solved test positions:");
    });
}

}  // namespace tempo::train
