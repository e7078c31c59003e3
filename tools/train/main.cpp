// `tempo-train`: the evaluation's training pipeline. Steps (each resumable from its output file):
//   samples  game records -> labelled positions (binary cache)
//   selfplay random (or partly evaluation-guided) games from the start: positions for 6x6
//   engine-games  the engine's own games from openings, exact from some empties on, to a games file
//            (resumable, shardable: self_play.hpp); `samples --engine-games` turns them into positions
//   merge    sample files -> one, in order (a labels file's numbers stay valid for the first), with
//            labels applied (so that a labelled file can be given more weight by repeating it)
//   solve    late positions -> exact labels by the endgame solver (append-only file)
//   fit      positions -> weights file, phase by phase (checkpoint per phase)
//   fit-net  positions + fitted pattern weights -> the same with residual networks (checkpoint per phase)
//   report   weights -> mean absolute error per phase on held-out and exactly solved positions
//   average  fitted weights files -> their share-weighted mean
//   fit-probcut  shallow vs deep search values -> search/midgame/probcut_params.cpp (the Multi-ProbCut model)
//   openings distinct positions after N moves of real games (WTHOR), for matches and self-play
// Each step lives in its own cmd_*.cpp (commands.hpp). See eval/README.md for the commands that made
// the shipped weights.
#include <exception>
#include <iostream>

#include "tools/train/commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{"tempo-train: fits the pattern evaluation's weights"};
    app.require_subcommand(1, 1);
    tempo::train::add_samples_command(app);
    tempo::train::add_selfplay_command(app);
    tempo::train::add_engine_games_command(app);
    tempo::train::add_merge_command(app);
    tempo::train::add_solve_command(app);
    tempo::train::add_fit_command(app);
    tempo::train::add_fit_net_command(app);
    tempo::train::add_report_command(app);
    tempo::train::add_average_command(app);
    tempo::train::add_fit_probcut_command(app);
    tempo::train::add_openings_command(app);
    tempo::train::add_merge_games_command(app);
    tempo::train::add_spsa_command(app);
    // The subcommands run inside app.parse: a bad command line is CLI11's message, whatever a
    // command throws is one line on stderr and exit code 1.
    try {
        try {
            app.parse(argc, argv);
        } catch (const CLI::ParseError& e) {
            return app.exit(e);
        }
    } catch (const std::exception& e) {
        std::cerr << "tempo-train: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
