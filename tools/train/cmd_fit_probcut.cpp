// `tempo-train fit-probcut`: shallow against deep search values of sampled positions -> the
// Multi-ProbCut constants, written as search/probcut_params.cpp (probcut_fit.hpp).
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "search/midgame/probcut.hpp"
#include "tools/cli/engine_options.hpp"
#include "tools/train/commands.hpp"
#include "tools/train/probcut_fit.hpp"

namespace tempo::train {

void add_fit_probcut_command(CLI::App& app) {
    struct Options {
        ProbcutFitOptions fit;
        std::string out;
    };
    auto options = std::make_shared<Options>();
    ProbcutFitOptions& fit = options->fit;
    auto* cmd = app.add_subcommand("fit-probcut",
                                   "fit the Multi-ProbCut constants (shallow vs deep search values) and write\n"
                                   "search/probcut_params.cpp. Slow: minutes at the defaults.");
    auto* openings =
        cmd->add_option("--openings", fit.openings, "positions by random play from these XOT openings (one a line)");
    cmd->add_option("--games", fit.games, "positions of these engine games (a games file)")->excludes(openings);
    cmd->add_option("--positions", fit.positions, "number of positions")
        ->capture_default_str()
        ->check(CLI::Range(10, 100000));
    cmd->add_option("--max-depth", fit.max_depth, "deepest depth fitted")
        ->capture_default_str()
        ->check(CLI::Range(kProbcutMinDepth, kProbcutMaxDepth));
    cmd->add_option("--seed", fit.seed, "random seed of the position sample")->capture_default_str();
    cli::add_eval_option(*cmd, fit.eval_file, "weights file (default: the shipped one)");
    cli::add_threads_option(*cmd, fit.threads, "positions searched side by side")->capture_default_str();
    cmd->add_option("--out", options->out, "write the C++ source here (default: print it)");
    cmd->callback([options] {
        if (options->fit.openings.empty() && options->fit.games.empty())
            throw std::runtime_error("fit-probcut: give --openings or --games");
        const std::string source = fit_probcut(options->fit);
        if (options->out.empty()) {
            std::cout << source;
        } else if (!(std::ofstream(options->out) << source)) {
            throw std::runtime_error("cannot write " + options->out);
        }
    });
}

}  // namespace tempo::train
