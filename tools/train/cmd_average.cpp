// `tempo-train average`: the share-weighted mean of fitted weights files of one kind (weights_average.hpp).
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/train/commands.hpp"
#include "tools/train/weights_average.hpp"

namespace tempo::train {

void add_average_command(CLI::App& app) {
    struct Options {
        std::vector<std::string> inputs;
        std::vector<double> shares;
        std::string out, variant = "8x8";
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("average", "the share-weighted mean of fitted weights files (alike ones)");
    cmd->add_option("weights", options->inputs, "weights files")->required()->check(CLI::ExistingFile);
    cmd->add_option("--shares", options->shares, "one positive share a file (default: equal shares)");
    cmd->add_option("--out", options->out, "weights file to write")->required();
    add_variant_option(*cmd, options->variant);
    cmd->callback([options] {
        const std::vector<std::string>& files = options->inputs;
        const std::vector<double>& shares = options->shares;
        if (!shares.empty() && shares.size() != files.size())
            throw std::runtime_error("average: " + std::to_string(files.size()) + " files but " +
                                     std::to_string(shares.size()) + " shares");
        const Variant variant = Variant::parse(options->variant);
        std::vector<WeightsShare> inputs;
        for (std::size_t i = 0; i < files.size(); ++i)
            inputs.push_back({files[i], load_weights(files[i], variant), shares.empty() ? 1.0 : shares[i]});
        save_weights(options->out, average_weights(inputs));
        std::cerr << "wrote " << options->out << " (" << std::filesystem::file_size(options->out) << " bytes)\n";
    });
}

}  // namespace tempo::train
