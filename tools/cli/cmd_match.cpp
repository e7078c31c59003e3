// `tempo match --engine1 CMD --engine2 CMD [--games N] [--openings FILE] ...`: an engine-vs-engine
// match over GTP or NBoard with Elo statistics, SPRT and a GGF record (tools/README.md).
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <thread>

#include "engine/text.hpp"
#include "tools/cli/commands.hpp"
#include "tools/match/match_runner.hpp"
#include "tools/match/utc_time.hpp"

namespace tempo::cli {

namespace {

std::atomic<bool> g_interrupted{false};

void stop_match_on_interrupt(int) { g_interrupted = true; }

// Per-engine command-line options, bound to one EngineSpec.
struct MatchEngineOptions {
    std::string protocol = "auto";
    match::EngineSpec spec;
};

void add_match_engine_options(CLI::App* cmd, int number, MatchEngineOptions& engine) {
    const std::string prefix = "--engine" + std::to_string(number);
    cmd->add_option(prefix, engine.spec.command,
                    "Command line of engine " + std::to_string(number) +
                        " (run by /bin/sh; on Windows: a program and its arguments)")
        ->required();
    cmd->add_option(prefix + "-protocol", engine.protocol, "gtp, nboard or auto (probe with GTP protocol_version)")
        ->check(CLI::IsMember({"auto", "gtp", "nboard"}));
    cmd->add_option(prefix + "-name", engine.spec.name, "Name in the report and the GGF records");
    cmd->add_option(prefix + "-init", engine.spec.init_lines,
                    "Protocol line sent after the handshake (repeatable), e.g. a GTP level command");
    cmd->add_option(prefix + "-depth", engine.spec.depth, "NBoard `set depth` for this engine");
    cmd->add_flag(prefix + "-untimed", engine.spec.untimed,
                  "This engine plays at its own level (no time commands; only --hang-timeout applies)");
    cmd->add_flag(prefix + "-explicit-pass", engine.spec.gtp_explicit_pass,
                  "GTP: send `play <colour> pass` (default: passes implicit, as gtp-rhino needs)");
}

match::Protocol parse_protocol(const std::string& name) {
    return name == "gtp" ? match::Protocol::kGtp : name == "nboard" ? match::Protocol::kNboard : match::Protocol::kAuto;
}

// "60" or "60+0.5": main time and increment in seconds.
bool parse_clock(const std::string& text, match::TimeControl& time) {
    // The '+' is searched from the second character: a leading sign belongs to the number.
    const std::size_t plus = text.find('+', 1);
    const std::string_view view = text;
    const auto base = parse_number(view.substr(0, plus));
    const auto increment = plus == std::string::npos ? std::optional<double>(0) : parse_number(view.substr(plus + 1));
    if (!base || !increment) return false;
    time.base_seconds = *base;
    time.increment_seconds = *increment;
    return time.base_seconds > 0 && time.increment_seconds >= 0;
}

}  // namespace

void add_match_command(CLI::App& app) {
    struct Options {
        MatchEngineOptions engines[2];
        int games = 0;
        std::string openings;
        long long seed = -1;
        double move_time = 0;
        std::string clock;
        int depth = 0;
        double margin = 1.0;
        double hang_timeout = 300;
        int concurrency = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        std::vector<double> sprt;
        std::string ggf;
        bool resume = false;
        std::string paired_with;
        bool quiet = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* cmd = app.add_subcommand(
        "match",
        "Play a match between two GTP or NBoard engines: every move checked, forfeits for illegal moves,\n"
        "crashes, hangs and garbage; W/D/L, Elo with 95% interval, optional SPRT; all games saved as GGF.\n"
        "Example: tempo match --engine1 '/usr/games/gtp-rhino -l 1' --engine2 '/usr/games/gtp-rhino -l 2'\n"
        "         --openings xot-small --games 100");
    add_match_engine_options(cmd, 1, options->engines[0]);
    add_match_engine_options(cmd, 2, options->engines[1]);
    cmd->add_option("--games,-n", options->games, "Number of games (default: each opening twice; 2 without openings)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--openings", options->openings,
                    "Transcript list, one opening per line: a file, or xot-small / xot-large (the shipped XOT\n"
                    "lists); default: the start position");
    cmd->add_option("--seed", options->seed, "Seed of the opening order (default: random, printed); 0 = file order")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--move-time", options->move_time, "Seconds per move")->check(CLI::PositiveNumber);
    cmd->add_option("--clock", options->clock, "Clock per player: SECONDS or SECONDS+INCREMENT, e.g. 60+0.5");
    cmd->add_option("--depth", options->depth,
                    "NBoard `set depth` for both engines (GTP engines: use their command line)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--margin", options->margin, "Seconds past the time limit before a move is forfeited (default 1)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--hang-timeout", options->hang_timeout,
                    "Without a time limit: seconds before a move counts as a hang (default 300)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--concurrency,-j", options->concurrency, "Games in parallel (default: number of cores)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--sprt", options->sprt, "SPRT: ELO0 ELO1 [ALPHA BETA] (default alpha = beta = 0.05)")
        ->expected(2, 4);
    cmd->add_option("--ggf", options->ggf, "GGF file for the games (default: match-<date>-<time>.ggf)");
    cmd->add_flag("--resume", options->resume,
                  "Keep the games already in the --ggf file (an interrupted run of the same command) and\n"
                  "play only the others; without the file, start afresh");
    cmd->add_option("--paired-with", options->paired_with,
                    "An earlier record (GGF) of this match: the same engine names, openings, seed and number of\n"
                    "games. The report adds engine 1's score difference with that run, game by game, and its\n"
                    "standard error")
        ->check(CLI::ExistingFile);
    cmd->add_flag("--quiet,-q", options->quiet, "No progress line");
    cmd->callback([options] {
        match::MatchSettings settings;
        match::TimeControl& time = settings.time;
        time.move_seconds = options->move_time;
        time.margin_seconds = options->margin;
        time.no_limit_timeout = options->hang_timeout;
        if (!options->clock.empty() && !parse_clock(options->clock, time))
            throw CLI::ValidationError("--clock", "expected SECONDS or SECONDS+INCREMENT, got " + options->clock);
        if (time.move_seconds > 0 && time.has_clock())
            throw CLI::ValidationError("--move-time", "give either --move-time or --clock, not both");
        if (options->sprt.size() == 3) throw CLI::ValidationError("--sprt", "give ELO0 ELO1 or ELO0 ELO1 ALPHA BETA");
        if (!options->sprt.empty()) {
            match::SprtSettings sprt{options->sprt[0], options->sprt[1]};
            if (options->sprt.size() == 4) sprt.alpha = options->sprt[2], sprt.beta = options->sprt[3];
            if (!(sprt.elo0 < sprt.elo1) || sprt.alpha <= 0 || sprt.alpha >= 0.5 || sprt.beta <= 0 || sprt.beta >= 0.5)
                throw CLI::ValidationError("--sprt", "need ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5");
            settings.sprt = sprt;
        }

        if (options->openings.empty()) {
            settings.openings = {match::Opening{}};
        } else {
            try {
                settings.openings = match::load_openings(match::openings_path(options->openings));
            } catch (const ParseError& error) {
                throw CLI::ValidationError("--openings", error.what());
            }
        }
        std::uint64_t seed = options->seed >= 0 ? static_cast<std::uint64_t>(options->seed) : std::random_device{}();
        if (options->seed < 0 && seed == 0) seed = 1;
        if (seed != 0) match::shuffle_openings(settings.openings, seed);
        settings.games = options->games > 0 ? options->games : 2 * static_cast<int>(settings.openings.size());
        settings.concurrency = options->concurrency;
        if (options->resume && options->ggf.empty())
            throw CLI::ValidationError("--resume", "needs --ggf FILE, the record of the match to go on with");
        settings.resume = options->resume;
        settings.paired_path = options->paired_with;
        settings.ggf_path = options->ggf.empty() ? match::utc_time_text("match-%Y%m%d-%H%M%S.ggf") : options->ggf;

        for (int e = 0; e < 2; ++e) {
            match::EngineSpec& spec = settings.engines[e] = options->engines[e].spec;
            if (options->depth > 0 && spec.depth == 0) spec.depth = options->depth;
            spec.protocol = parse_protocol(options->engines[e].protocol);
            if (spec.protocol == match::Protocol::kAuto) {
                spec.protocol = match::detect_protocol(spec.command);
                std::fprintf(stderr, "engine %d: %s (detected)\n", e + 1, match::protocol_name(spec.protocol));
            }
        }
        std::fprintf(stderr, "%d games, %zu opening%s%s, seed %llu, %d in parallel\n", settings.games,
                     settings.openings.size(), settings.openings.size() == 1 ? "" : "s",
                     options->openings.empty() ? " (start position)" : (" from " + options->openings).c_str(),
                     static_cast<unsigned long long>(seed), std::min(settings.concurrency, settings.games));

        const bool tty = ::isatty(STDERR_FILENO);
        auto progress_shown = std::make_shared<bool>(false);
        match::MatchReporter reporter;
        if (!options->quiet) {
            reporter.progress = [tty, progress_shown](const std::string& line) {
                if (tty)
                    std::fprintf(stderr, "\r%s\x1b[K", line.c_str()), *progress_shown = true;
                else
                    std::fprintf(stderr, "%s\n", line.c_str());
                std::fflush(stderr);
            };
        }
        reporter.log = [tty, progress_shown](const std::string& message) {
            if (tty && *progress_shown) std::fputc('\n', stderr), *progress_shown = false;
            std::fprintf(stderr, "%s", message.c_str());
            if (message.empty() || message.back() != '\n') std::fputc('\n', stderr);
            std::fflush(stderr);
        };
        g_interrupted = false;
        settings.interrupt = &g_interrupted;
        const auto previous = std::signal(SIGINT, stop_match_on_interrupt);
        const match::MatchSummary summary = match::run_match(settings, reporter);
        std::signal(SIGINT, previous);
        if (tty && *progress_shown) std::fputc('\n', stderr);
        std::cout << match::summary_report(summary, settings) << std::flush;
        if (!summary.fatal_error.empty()) std::exit(1);  // the report above says why
    });
}

}  // namespace tempo::cli
