// `tempo-train merge`: sample files -> one, in the order given (a labels file's numbers stay valid
// for the first), with labels applied (so that a labelled file can be given more weight by
// repeating it).
#include <memory>
#include <string>
#include <vector>

#include "tools/train/commands.hpp"
#include "tools/train/solve_labels.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

void add_merge_command(CLI::App& app) {
    struct Options {
        std::vector<std::string> inputs, label_files;
        std::string out = "samples.bin";
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("merge", "sample files -> one, in the order given, labels applied");
    cmd->add_option("inputs", options->inputs, "sample files")->required();
    cmd->add_option("--out", options->out, "sample file to write")->required();
    cmd->add_option("--labels", options->label_files, "labels files of the merged file, applied before writing it");
    cmd->callback([options] {
        std::vector<Sample> all;
        for (const std::string& path : options->inputs) {
            const std::vector<Sample> more = load_samples(path);
            all.insert(all.end(), more.begin(), more.end());
        }
        for (const std::string& labels : options->label_files) apply_labels(all, labels);
        write_samples(options->out, all);
    });
}

}  // namespace tempo::train
