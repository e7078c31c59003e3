// `tempo-train solve`: exact labels for late positions by the endgame solver (or searched labels
// with --search-depth), appended to a labels file (resumable, shardable).
#include <memory>
#include <string>

#include "formats/shard.hpp"
#include "tools/cli/engine_options.hpp"
#include "tools/train/commands.hpp"
#include "tools/train/solve_labels.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

void add_solve_command(CLI::App& app) {
    struct Options {
        SolveOptions solve;
        std::string samples = "samples.bin", labels, shard = "0/1";
        VariantOptions variant;
    };
    auto options = std::make_shared<Options>();
    SolveOptions& solve = options->solve;
    auto* cmd = app.add_subcommand("solve", "exact labels for late positions (resumable)");
    cmd->add_option("--samples", options->samples, "sample file")->capture_default_str();
    cmd->add_option("--labels", options->labels, "labels file to append to")->required();
    cmd->add_option("--min-empties", solve.min_empties, "solve positions with at least this many empties")
        ->capture_default_str();
    cmd->add_option("--max-empties", solve.max_empties, "... and at most this many")->capture_default_str();
    cmd->add_option("--percent", solve.percent, "share of those positions")->capture_default_str();
    cmd->add_option("--seed", solve.seed, "seed of that choice")->capture_default_str();
    cmd->add_option("--from-sample", solve.first_sample,
                    "only samples numbered this or higher (the part a merge appended)")
        ->capture_default_str();
    cmd->add_option("--shard", options->shard, "K/N: label only the samples numbered K, K+N, K+2N, ... (0-based)")
        ->capture_default_str();
    cli::add_threads_option(*cmd, solve.threads, "solver threads")->capture_default_str();
    cmd->add_option("--max-seconds", solve.max_seconds, "stop after this long (rerun to resume)");
    cmd->add_option("--max-labels", solve.max_labels, "stop when the file holds this many labels");
    add_variant_options(*cmd, options->variant, "Anti-Reversi scoring");
    cli::add_eval_option(*cmd, solve.eval_file, "weights file ordering the solver (default: the shipped one)");
    auto* search_depth = cmd->add_option(
        "--search-depth", solve.search_depth,
        "label by a midgame search of this depth on --eval instead of solving (training samples without an exact "
        "score only)");
    cli::add_selectivity_option(*cmd, solve.search_selectivity, 0, "--search-selectivity",
                                "with --search-depth: its Multi-ProbCut level")
        ->needs(search_depth);
    cmd->add_flag("--include-exact", solve.include_exact,
                  "with --search-depth: also search training samples with an exact score (to measure the "
                  "searched labels against it; not a file to train on)")
        ->needs(search_depth);
    cmd->callback([options] {
        SolveOptions solve = options->solve;
        solve.shard = Shard::parse(options->shard);
        solve_labels(load_samples(options->samples), options->variant.variant(), solve, options->labels);
    });
}

}  // namespace tempo::train
