// `tempo perft N [--variant 6x6]`: leaf counts from the start position.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>

#include "engine/perft.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/engine_options.hpp"

namespace tempo::cli {

void add_perft_command(CLI::App& app) {
    struct Options {
        int depth = 0;
        std::string variant = "8x8";
        bool quiet = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* cmd =
        app.add_subcommand("perft",
                           "Count the leaves of the game tree from the start position to depth N.\n"
                           "Convention (Aart Bik's published table): a forced pass uses up one ply, and a game that\n"
                           "ends before depth N counts as one leaf. perft 11 = 212258800 on 8x8.");
    cmd->add_option("depth", options->depth, "Depth in plies (1..20)")->required()->check(CLI::Range(1, 20));
    add_variant_option(*cmd, options->variant, "Board: 8x8 or 6x6 (anti has the same tree as its board)");
    cmd->add_flag("--quiet,-q", options->quiet, "Print only the count");
    cmd->callback([options] {
        const Variant variant = Variant::parse(options->variant);
        // CPU time as well as wall time: on a shared machine the CPU time is the fairer speed.
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        const std::uint64_t leaves = perft(Board::start(), options->depth, variant.geometry);
        const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (options->quiet) {
            std::printf("%llu\n", static_cast<unsigned long long>(leaves));
        } else {
            std::printf("perft %d (%s): %llu leaves in %.3f s (cpu %.3f s), %.1f M leaves/s (cpu)\n", options->depth,
                        variant.name().c_str(), static_cast<unsigned long long>(leaves), seconds, cpu,
                        cpu > 0 ? leaves / cpu / 1e6 : 0.0);
        }
    });
}

}  // namespace tempo::cli
