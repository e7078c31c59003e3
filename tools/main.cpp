// `tempo`: the engine's command-line entry point. Each subcommand lives in its own cmd_*.cpp.
#include <iostream>

#include "tools/commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"Tempo: an Othello engine (8x8, 6x6 and Anti-Reversi)"};
    app.require_subcommand(0, 1);
    tempo::cli::add_perft_command(app);
    tempo::cli::add_book_command(app);
    tempo::cli::add_analyze_command(app);
    tempo::cli::add_bench_command(app);
    tempo::cli::add_fit_probcut_command(app);
    tempo::cli::add_solve_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    }
    if (app.get_subcommands().empty()) {
        std::cout << app.help();
        return 0;
    }
    return 0;
}
