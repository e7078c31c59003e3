// `tempo-train samples`: labelled positions from game records (WTHOR, Logistello's logbook, the
// engine's own games), to one sample file.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "formats/engine_games_file.hpp"
#include "tools/train/commands.hpp"
#include "tools/train/self_play.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

void add_samples_command(CLI::App& app) {
    struct Options {
        SampleOptions sample;
        std::string wthor_dir, logbook_path, out = "samples.bin";
        std::vector<std::string> engine_games_files;
        EngineLabels engine_labels = EngineLabels::kResult;
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("samples", "extract labelled positions from game records");
    cmd->add_option("--wthor", options->wthor_dir, "directory of WTHOR .wtb files");
    cmd->add_option("--logbook", options->logbook_path, "Logistello's logbook.gam.gz");
    cmd->add_option("--engine-games", options->engine_games_files, "games files of engine-games (plain or .gz)");
    cmd->add_option("--engine-labels", options->engine_labels,
                    "engine games' labels before the exact solve: result, search (the search's score), "
                    "search-before-random (the search's score up to the last random move, then the result)")
        ->transform(CLI::CheckedTransformer(
            std::map<std::string, EngineLabels>{{"result", EngineLabels::kResult},
                                                {"search", EngineLabels::kSearch},
                                                {"search-before-random", EngineLabels::kSearchBeforeRandom}}))
        ->capture_default_str();
    cmd->add_option("--out", options->out, "sample file to write")->capture_default_str();
    cmd->add_option("--seed", options->sample.seed, "seed of the held-out split")->capture_default_str();
    cmd->add_option("--held-out", options->sample.held_out_percent, "percent of games held out")
        ->capture_default_str();
    cmd->add_option("--max-games", options->sample.max_games, "games per source (0 = all)")->capture_default_str();
    cmd->add_flag("--anti", options->sample.anti, "Anti-Reversi labels (fewer discs wins)");
    cmd->add_option("--theory-from", options->sample.theory_from,
                    "WTHOR: the theoretical score also labels positions down to this many empties")
        ->capture_default_str();
    cmd->callback([options] {
        std::vector<Sample> all;
        if (!options->wthor_dir.empty()) all = wthor_samples(options->wthor_dir, options->sample);
        if (!options->logbook_path.empty()) {
            const std::vector<Sample> more = logbook_samples(options->logbook_path, options->sample);
            all.insert(all.end(), more.begin(), more.end());
        }
        for (const std::string& path : options->engine_games_files) {
            const std::vector<Sample> more =
                engine_game_samples(read_engine_games(path).games, options->sample, options->engine_labels);
            all.insert(all.end(), more.begin(), more.end());
        }
        write_samples(options->out, all);
    });
}

}  // namespace tempo::train
