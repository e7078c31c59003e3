// `tempo-train spsa`: tunes the search's parameters (search/tunables.hpp) by games. Each iteration
// plays --pairs opening pairs between the engine with theta + c*delta and with theta - c*delta
// (`--tune NAME=VALUE` appended to --engine's command line) and moves theta (tools/train/spsa.hpp).
// Interrupted (Ctrl-C, a crash), it resumes from --log: the same command goes on where it stopped.
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "engine/parse_error.hpp"
#include "formats/file_bytes.hpp"
#include "search/tunables.hpp"
#include "tools/match/match_runner.hpp"
#include "tools/train/commands.hpp"
#include "tools/train/spsa.hpp"

namespace tempo::train {

namespace {

std::atomic<bool> g_interrupted{false};
void stop_on_interrupt(int) { g_interrupted = true; }

const TunableSpec& tunable_spec(const std::string& name) {
    for (const TunableSpec& spec : tunable_specs())
        if (spec.name == name) return spec;
    throw CLI::ValidationError("--param", "unknown tunable '" + name + "' (tempo-train spsa --list shows them)");
}

// "NAME", "NAME,C_END" or "NAME,C_END,R_END": c_end defaults to a twentieth of the range, r_end to
// 0.002 (fishtest's usual learning rate); the start is the tunable's default.
SpsaParameter parse_parameter(const std::string& text) {
    std::vector<std::string> fields;
    std::size_t at = 0;
    for (std::size_t comma; (comma = text.find(',', at)) != std::string::npos; at = comma + 1)
        fields.push_back(text.substr(at, comma - at));
    fields.push_back(text.substr(at));
    if (fields.size() > 3) throw CLI::ValidationError("--param", "expected NAME[,C_END[,R_END]], got " + text);
    const TunableSpec& spec = tunable_spec(fields[0]);
    SpsaParameter p{fields[0],        double(spec.default_value),   double(spec.min),
                    double(spec.max), (spec.max - spec.min) / 20.0, 0.002};
    try {
        if (fields.size() > 1) p.c_end = std::stod(fields[1]);
        if (fields.size() > 2) p.r_end = std::stod(fields[2]);
    } catch (const std::exception&) {
        throw CLI::ValidationError("--param", "C_END and R_END must be numbers: " + text);
    }
    if (!(p.c_end > 0) || !(p.r_end > 0)) throw CLI::ValidationError("--param", "C_END and R_END must be > 0: " + text);
    return p;
}

std::string engine_command(const std::string& base, const std::vector<SpsaParameter>& parameters,
                           const std::vector<int>& values) {
    std::string command = base;
    for (std::size_t i = 0; i < parameters.size(); ++i)
        command += " --tune " + parameters[i].name + "=" + std::to_string(values[i]);
    return command;
}

void list_tunables() {
    for (const TunableSpec& spec : tunable_specs())
        std::printf("%-20s default %4d  range %d..%d  %s\n", std::string(spec.name).c_str(), spec.default_value,
                    spec.min, spec.max, std::string(spec.help).c_str());
}

}  // namespace

void add_spsa_command(CLI::App& app) {
    struct Options {
        std::string engine;
        std::string protocol = "gtp";
        std::vector<std::string> params;
        SpsaSettings settings;
        int pairs = 2;
        int concurrency = 2;
        double clock = 2.0;
        std::string openings = "xot-small";
        std::string log;
        bool list = false;
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("spsa", "tune search parameters by games (SPSA), resumable from its log");
    cmd->add_option("--engine", options->engine, "the engine's command line, e.g. 'tempo gtp --threads 1'");
    cmd->add_option("--protocol", options->protocol, "gtp or nboard")
        ->check(CLI::IsMember({"gtp", "nboard"}))
        ->capture_default_str();
    cmd->add_option("--param", options->params, "a tunable to tune: NAME[,C_END[,R_END]] (repeatable)");
    cmd->add_option("--iterations", options->settings.iterations, "iterations N")
        ->check(CLI::Range(1, 10'000'000))
        ->capture_default_str();
    cmd->add_option("--pairs", options->pairs, "opening pairs (2 games each) an iteration")
        ->check(CLI::Range(1, 10'000))
        ->capture_default_str();
    cmd->add_option("--concurrency,-j", options->concurrency, "games at a time")
        ->check(CLI::Range(1, 1024))
        ->capture_default_str();
    cmd->add_option("--clock", options->clock, "seconds a game for each engine")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_option("--openings", options->openings, "opening list (xot-small, xot-large or a file)")
        ->capture_default_str();
    cmd->add_option("--seed", options->settings.seed, "seed of the perturbations and openings")->capture_default_str();
    cmd->add_option("--log", options->log, "the run's log: its state, resumed from when it exists");
    cmd->add_flag("--list", options->list, "list the tunables, their defaults and ranges, and exit");
    cmd->callback([options] {
        if (options->list) return list_tunables();
        if (options->engine.empty() || options->params.empty() || options->log.empty())
            throw CLI::ValidationError("spsa", "needs --engine, --param and --log (or --list)");
        std::vector<SpsaParameter> parameters;
        for (const std::string& text : options->params) parameters.push_back(parse_parameter(text));
        const SpsaSettings& settings = options->settings;

        std::vector<match::Opening> openings;
        try {
            openings = match::load_openings(match::openings_path(options->openings));
        } catch (const ParseError& error) {
            throw CLI::ValidationError("--openings", error.what());
        }

        int done = 0;
        if (std::filesystem::exists(options->log)) {
            const std::vector<std::uint8_t> bytes = read_file_bytes(options->log);
            const std::vector<SpsaIteration> iterations = read_spsa_log(
                {reinterpret_cast<const char*>(bytes.data()), bytes.size()}, options->log, settings, parameters);
            // Written again without a line cut short, so that the next one starts on a line of its own.
            std::string kept = spsa_log_header(settings, parameters);
            for (const SpsaIteration& iteration : iterations) kept += spsa_log_line(iteration, parameters);
            write_file_atomically(options->log, {reinterpret_cast<const std::uint8_t*>(kept.data()), kept.size()});
            done = static_cast<int>(iterations.size());
            if (done > 0)
                for (std::size_t i = 0; i < parameters.size(); ++i) parameters[i].value = iterations.back().theta[i];
            std::fprintf(stderr, "resuming %s after iteration %d\n", options->log.c_str(), done);
        } else {
            std::ofstream(options->log) << spsa_log_header(settings, parameters);
        }
        std::ofstream log(options->log, std::ios::app);
        if (!log) throw std::runtime_error("cannot write the log " + options->log);

        g_interrupted = false;
        const auto previous = std::signal(SIGINT, stop_on_interrupt);
        for (int k = done + 1; k <= settings.iterations && !g_interrupted; ++k) {
            const SpsaPerturbation perturbation = spsa_perturb(parameters, settings, k);
            match::MatchSettings match;
            const std::vector<int>* values[2] = {&perturbation.plus, &perturbation.minus};
            for (int e = 0; e < 2; ++e) {
                match.engines[e].command = engine_command(options->engine, parameters, *values[e]);
                match.engines[e].protocol =
                    options->protocol == "nboard" ? match::Protocol::kNboard : match::Protocol::kGtp;
                match.engines[e].name = e == 0 ? "plus" : "minus";
            }
            match.time.base_seconds = options->clock;
            match.openings = openings;
            match::shuffle_openings(match.openings, settings.seed * 1'000'003u + static_cast<std::uint64_t>(k));
            match.games = 2 * options->pairs;
            match.concurrency = options->concurrency;
            match.interrupt = &g_interrupted;
            const match::MatchSummary summary = match::run_match(match, {});
            if (!summary.fatal_error.empty()) {
                std::signal(SIGINT, previous);
                throw std::runtime_error("spsa: " + summary.fatal_error);
            }
            if (g_interrupted || summary.tally.games() < match.games) break;  // this iteration is played again
            SpsaIteration iteration{k, summary.tally.wins, summary.tally.draws, summary.tally.losses, {}};
            spsa_update(parameters, settings, k, perturbation, iteration.wins - iteration.losses);
            for (const SpsaParameter& p : parameters) iteration.theta.push_back(p.value);
            const std::string line = spsa_log_line(iteration, parameters);
            log << line << std::flush;
            std::fprintf(stderr, "%s", line.c_str());
        }
        std::signal(SIGINT, previous);
        if (g_interrupted)
            std::fprintf(stderr, "interrupted: the same command resumes from %s\n", options->log.c_str());
    });
}

}  // namespace tempo::train
