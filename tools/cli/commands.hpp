// Each `tempo` subcommand registers itself on the CLI11 app; main() only lists them.
#pragma once

#include <CLI/CLI.hpp>

namespace tempo::cli {

void add_perft_command(CLI::App& app);
void add_demo_command(CLI::App& app);
void add_book_command(CLI::App& app);
void add_analyze_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_nboard_command(CLI::App& app);
void add_gtp_command(CLI::App& app);
void add_play_command(CLI::App& app);
// Bare `tempo`: the engine options on the app itself, then NBoard or GTP by the first input line.
void add_auto_detect_options(CLI::App& app);
int run_auto_detected();
void add_match_command(CLI::App& app);
void add_solve_command(CLI::App& app);
void add_review_command(CLI::App& app);

}  // namespace tempo::cli
