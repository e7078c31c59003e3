// The protocol stress test: many self-play games through the real `tempo` binary over pipes, NBoard
// and GTP, with tiny clocks, threads > 1 and random injections (ping, new position, quit, EOF,
// hints, undo, junk lines) mid-search. Checks every move against the engine core, every clock,
// every exit status, and the memory of the engine processes. Exit code 1 on any failure.
//   protocol_stress --tempo build/tools/tempo --games 6
#include <csignal>
#include <cstdio>
#include <random>

#include <CLI/CLI.hpp>

#include "tests/stress/gtp_stress.hpp"
#include "tests/stress/nboard_stress.hpp"
#include "tests/stress/stress_run.hpp"

using namespace tempo;
using namespace tempo::stress;

int main(int argc, char** argv) {
    StressOptions options;
    CLI::App app("Self-play stress test of tempo's NBoard and GTP modes");
    app.add_option("--tempo", options.tempo, "The tempo binary")->check(CLI::ExistingFile);
    app.add_option("--games", options.games, "Games in all, protocols alternating")->check(CLI::Range(1, 100000));
    app.add_option("--threads", options.threads, "Engine search threads")->check(CLI::Range(1, 256));
    app.add_option("--hash", options.hash_mb, "Engine hash size in MiB")->check(CLI::Range(1, 4096));
    app.add_option("--clock", options.clock_seconds, "Each side's clock for a game, seconds")->check(CLI::Range(0.1, 3600.0));
    app.add_option("--inject-rate", options.inject_rate, "Chance per move of each kind of injection")
        ->check(CLI::Range(0.0, 0.25));
    app.add_option("--seed", options.seed, "Random seed");
    app.add_option("--variants", options.variants, "Variants to play (8x8, 6x6, anti, anti6x6)")->delimiter(',');
    app.add_option("--protocols", options.protocols, "Protocols to drive (nboard, gtp)")
        ->delimiter(',')
        ->check(CLI::IsMember({"nboard", "gtp"}));
    app.add_option("--hang-seconds", options.hang_seconds, "Grace beyond the clock before an answer counts as a hang");
    app.add_option("--max-rss", options.max_rss_mib, "Peak RSS allowed per engine process, MiB (default hash + 160)");
    app.add_option("--engine-arg", options.extra_args, "Extra argument for the engine (repeatable)");
    app.add_flag("--verbose,-v", options.verbose, "Echo the protocol traffic to stderr");
    CLI11_PARSE(app, argc, argv);

    std::signal(SIGPIPE, SIG_IGN);  // an engine that dies is reported, not fatal to the driver
    const long max_rss_kib = 1024 * (options.max_rss_mib ? options.max_rss_mib : options.hash_mb + 160);
    std::vector<Variant> variants;
    for (const std::string& name : options.variants) variants.push_back(Variant::parse(name));

    std::mt19937_64 random(options.seed);
    StressStats stats;
    const auto start = Clock::now();
    {
        NboardStress nboard(options, stats, random);
        GtpStress gtp(options, stats, random);
        for (int game = 0; game < options.games; ++game) {
            const std::string& protocol = options.protocols[game % options.protocols.size()];
            Variant variant = variants[(game / options.protocols.size()) % variants.size()];
            if (protocol == "gtp") variant.rules = Rules::kStandard;  // GTP sets only the board size
            if (protocol == "nboard") nboard.play_game(variant);
            else gtp.play_game(variant);
        }
    }  // both engines are told to quit here, and must exit cleanly
    for (const auto& [protocol, memory] : stats.memory)
        if (memory.peak_kib > max_rss_kib)
            stats.fail("memory", protocol + " engine peak RSS " + std::to_string(memory.peak_kib / 1024) +
                                     " MiB over the bound " + std::to_string(max_rss_kib / 1024) + " MiB");
    stats.print(options, std::chrono::duration<double>(Clock::now() - start).count());
    return stats.failed() ? 1 : 0;
}
