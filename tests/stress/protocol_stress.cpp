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

namespace {

// Microseconds so far in which some runnable task waited for a CPU (Linux PSI, /proc/pressure/cpu);
// -1 where the kernel does not say.
double cpu_pressure_total() {
    std::FILE* file = std::fopen("/proc/pressure/cpu", "r");
    if (!file) return -1;
    double total = -1;
    if (std::fscanf(file, "some avg10=%*f avg60=%*f avg300=%*f total=%lf", &total) != 1) total = -1;
    std::fclose(file);
    return total;
}

// Above this share of the run's wall time with tasks waiting for a CPU, the machine is oversubscribed
// and wall-clock move times measure the scheduler (the engine was seen to search 15k nodes in 0.7 s):
// clock overruns are then reported but do not fail the run. Everything else still does.
constexpr double kStarvedPressure = 0.5;

}  // namespace

int main(int argc, char** argv) {
    StressOptions options;
    CLI::App app("Self-play stress test of tempo's NBoard and GTP modes");
    app.add_option("--tempo", options.tempo, "The tempo binary")->check(CLI::ExistingFile);
    app.add_option("--games", options.games, "Games in all, protocols alternating")->check(CLI::Range(1, 100000));
    app.add_option("--threads", options.threads, "Engine search threads")->check(CLI::Range(1, 256));
    app.add_option("--hash", options.hash_mb, "Engine hash size in MiB")->check(CLI::Range(1, 4096));
    app.add_option("--clock", options.clock_seconds, "Each side's clock for a game, seconds")
        ->check(CLI::Range(0.1, 3600.0));
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
    const double pressure_start = cpu_pressure_total();
    {
        NboardStress nboard(options, stats, random);
        GtpStress gtp(options, stats, random);
        for (int game = 0; game < options.games; ++game) {
            const std::string& protocol = options.protocols[game % options.protocols.size()];
            Variant variant = variants[(game / options.protocols.size()) % variants.size()];
            if (protocol == "gtp") variant.rules = Rules::kStandard;  // GTP sets only the board size
            if (protocol == "nboard")
                nboard.play_game(variant);
            else
                gtp.play_game(variant);
        }
    }  // both engines are told to quit here, and must exit cleanly
    for (const auto& [protocol, memory] : stats.memory)
        if (memory.peak_kib > max_rss_kib)
            stats.fail("memory", protocol + " engine peak RSS " + std::to_string(memory.peak_kib / 1024) +
                                     " MiB over the bound " + std::to_string(max_rss_kib / 1024) + " MiB");
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    stats.print(options, seconds);
    const double pressure_end = cpu_pressure_total();
    int failed = stats.failed();
    if (pressure_start >= 0 && pressure_end >= 0) {
        const double pressure = (pressure_end - pressure_start) / 1e6 / seconds;
        std::printf("  CPU pressure (some tasks waiting for a CPU): %.0f%% of the run\n", 100 * pressure);
        if (pressure > kStarvedPressure && stats.time_losses > 0) {
            std::printf("  the machine is oversubscribed: %d time loss%s reported, not counted as failures\n",
                        stats.time_losses, stats.time_losses == 1 ? "" : "es");
            failed -= stats.time_losses;
        }
    }
    return failed ? 1 : 0;
}
