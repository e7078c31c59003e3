// Each `tempo-train` subcommand registers itself on the CLI11 app from its own cmd_*.cpp (as `tempo`'s
// do, tools/cli); main() only lists them. Below them, what several commands share.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/variant.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

void add_samples_command(CLI::App& app);
void add_selfplay_command(CLI::App& app);
void add_engine_games_command(CLI::App& app);
void add_merge_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_fit_command(CLI::App& app);
void add_fit_net_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_average_command(CLI::App& app);
void add_fit_probcut_command(CLI::App& app);
void add_openings_command(CLI::App& app);
void add_merge_games_command(CLI::App& app);
void add_spsa_command(CLI::App& app);

// The variant of a command that takes --anti as well as --variant: --anti gives the variant's board
// the Anti-Reversi rules.
struct VariantOptions {
    std::string name = "8x8";
    bool anti = false;
    Variant variant() const;
};

// --variant (the engine option, tools/cli/engine_options.hpp), its default shown.
CLI::Option* add_variant_option(CLI::App& command, std::string& name);
// --anti (`anti_help` says what it changes for the command), then --variant.
void add_variant_options(CLI::App& command, VariantOptions& options, const std::string& anti_help);

// Saves `samples` to `path` and says so on stderr.
void write_samples(const std::string& path, const std::vector<Sample>& samples);

}  // namespace tempo::train
