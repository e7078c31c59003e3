#include "tools/train/commands.hpp"

#include <iostream>

#include "tools/cli/engine_options.hpp"

namespace tempo::train {

Variant VariantOptions::variant() const {
    Variant variant = Variant::parse(name);
    if (anti) variant.rules = Rules::kAnti;
    return variant;
}

CLI::Option* add_variant_option(CLI::App& command, std::string& name) {
    return cli::add_variant_option(command, name)->capture_default_str();
}

void add_variant_options(CLI::App& command, VariantOptions& options, const std::string& anti_help) {
    command.add_flag("--anti", options.anti, anti_help);
    add_variant_option(command, options.name);
}

void write_samples(const std::string& path, const std::vector<Sample>& samples) {
    save_samples(path, samples);
    std::cerr << "wrote " << samples.size() << " positions to " << path << "\n";
}

}  // namespace tempo::train
