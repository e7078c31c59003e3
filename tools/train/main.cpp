// `tempo-train`: the evaluation's training pipeline. Steps (each resumable from its output file):
//   samples  game records -> labelled positions (binary cache)
//   selfplay random (or partly evaluation-guided) games from the start: positions for 6x6
//   engine-games  the engine's own games from openings, exact from some empties on, to a games file
//            (resumable, shardable: self_play.hpp); `samples --engine-games` turns them into positions
//   merge    sample files -> one, in order (a labels file's numbers stay valid for the first), with
//            labels applied (so that a labelled file can be given more weight by repeating it)
//   solve    late positions -> exact labels by the endgame solver (append-only file)
//   fit      positions -> weights file, phase by phase (checkpoint per phase)
//   fit-net  positions + fitted pattern weights -> the same with residual networks (checkpoint per phase)
//   report   weights -> mean absolute error per phase on held-out and exactly solved positions
//   fit-probcut  shallow vs deep search values -> search/probcut_params.cpp (the Multi-ProbCut model)
// See eval/README.md for the commands that made the shipped weights.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <utility>

#include "eval/features.hpp"
#include "eval/pattern_eval.hpp"
#include "search/midgame/probcut.hpp"
#include "tools/match/openings.hpp"
#include "tools/train/fit.hpp"
#include "tools/train/probcut_fit.hpp"
#include "tools/train/report.hpp"
#include "tools/train/residual_fit.hpp"
#include "tools/train/self_play.hpp"
#include "tools/train/solve_labels.hpp"
#include "tools/train/training_set.hpp"
#include "tools/train/weights_average.hpp"

using namespace tempo;
using namespace tempo::train;

namespace {

// One phase's weights in discs from a checkpoint, or empty if there is none.
std::vector<double> read_checkpoint(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<double> w(kWeightsPerPhase);
    if (!in.read(reinterpret_cast<char*>(w.data()), static_cast<std::streamsize>(w.size() * sizeof(double)))) return {};
    return w;
}

void write_checkpoint(const std::string& path, const std::vector<double>& w) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(w.data()), static_cast<std::streamsize>(w.size() * sizeof(double)));
}

// A phase's network from a checkpoint (raw floats in ResidualNet's field order); false if there is none.
bool read_net_checkpoint(const std::string& path, ResidualNet& net) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    for (std::vector<float>* values : net.vectors())
        if (!in.read(reinterpret_cast<char*>(values->data()), std::streamsize(values->size() * sizeof(float))))
            return false;
    return bool(in.read(reinterpret_cast<char*>(&net.out_bias), sizeof(float)));
}

void write_net_checkpoint(const std::string& path, const ResidualNet& net) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    for (const std::vector<float>* values : net.vectors())
        out.write(reinterpret_cast<const char*>(values->data()), std::streamsize(values->size() * sizeof(float)));
    out.write(reinterpret_cast<const char*>(&net.out_bias), sizeof(float));
}

// The empties counts [lo, hi] of phase p (0 = fewest empties) of `phases`.
std::pair<int, int> phase_empties(int p, int phases, int max_empties) {
    int lo = max_empties, hi = 0;
    for (int e = 1; e <= max_empties; ++e)
        if (phase_of(e, phases, max_empties) == p) lo = std::min(lo, e), hi = std::max(hi, e);
    return {lo, hi};
}

void write_samples(const std::string& path, const std::vector<Sample>& samples) {
    save_samples(path, samples);
    std::cerr << "wrote " << samples.size() << " positions to " << path << "\n";
}

std::int16_t quantise(double discs) {
    return static_cast<std::int16_t>(std::clamp(std::lround(discs * kWeightUnitsPerDisc), -32767L, 32767L));
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"tempo-train: fits the pattern evaluation's weights"};
    app.require_subcommand(1, 1);

    SampleOptions sample_options;
    std::string wthor_dir, logbook_path, samples_path = "samples.bin";
    auto* samples = app.add_subcommand("samples", "extract labelled positions from game records");
    samples->add_option("--wthor", wthor_dir, "directory of WTHOR .wtb files");
    samples->add_option("--logbook", logbook_path, "Logistello's logbook.gam.gz");
    std::vector<std::string> engine_games_files;
    EngineLabels engine_labels = EngineLabels::kResult;
    samples->add_option("--engine-games", engine_games_files, "games files of engine-games (plain or .gz)");
    samples
        ->add_option("--engine-labels", engine_labels,
                     "engine games' labels before the exact solve: result, search (the search's score), "
                     "search-before-random (the search's score up to the last random move, then the result)")
        ->transform(CLI::CheckedTransformer(
            std::map<std::string, EngineLabels>{{"result", EngineLabels::kResult},
                                                {"search", EngineLabels::kSearch},
                                                {"search-before-random", EngineLabels::kSearchBeforeRandom}}))
        ->capture_default_str();
    samples->add_option("--out", samples_path, "sample file to write")->capture_default_str();
    samples->add_option("--seed", sample_options.seed, "seed of the held-out split")->capture_default_str();
    samples->add_option("--held-out", sample_options.held_out_percent, "percent of games held out")
        ->capture_default_str();
    samples->add_option("--max-games", sample_options.max_games, "games per source (0 = all)")->capture_default_str();
    samples->add_flag("--anti", sample_options.anti, "Anti-Reversi labels (fewer discs wins)");
    samples
        ->add_option("--theory-from", sample_options.theory_from,
                     "WTHOR: the theoretical score also labels positions down to this many empties")
        ->capture_default_str();

    std::string variant_name = "8x8";
    std::size_t selfplay_games = 10000;
    std::string selfplay_eval;
    int random_percent = 100;
    auto* selfplay = app.add_subcommand("selfplay", "positions of random games from the start (6x6 training)");
    selfplay->add_option("--variant", variant_name, "8x8, 6x6, anti or anti6x6")->capture_default_str();
    selfplay->add_option("--games", selfplay_games, "games to play")->capture_default_str();
    selfplay->add_option("--out", samples_path, "sample file to write")->capture_default_str();
    selfplay->add_option("--seed", sample_options.seed, "seed of the moves and the held-out split")
        ->capture_default_str();
    selfplay->add_option("--held-out", sample_options.held_out_percent, "percent of games held out")
        ->capture_default_str();
    selfplay->add_option("--eval", selfplay_eval, "weights file: moves not chosen at random are its best 1-ply move");
    selfplay->add_option("--random-percent", random_percent, "share of random moves (with --eval)")
        ->capture_default_str()
        ->check(CLI::Range(0, 100));

    EngineGamesJob games_job;
    std::string games_path = "engine-games.txt", shard_text = "0/1";
    auto* engine_play = app.add_subcommand(
        "engine-games", "the engine's own games from openings, appended to a games file (resumable, shardable)");
    engine_play->add_option("--variant", variant_name, "8x8, 6x6, anti or anti6x6")->capture_default_str();
    engine_play->add_option("--games", games_job.games, "games in the whole job (all shards)")->capture_default_str();
    engine_play->add_option("--shard", shard_text, "K/N: this process plays games K, K+N, K+2N, ... (0-based)")
        ->capture_default_str();
    engine_play->add_option("--openings", games_job.play.openings_file,
                            "opening transcripts, one per line: a file, or xot-small / xot-large");
    engine_play->add_option("--depth", games_job.play.depth, "search depth of every move")
        ->capture_default_str()
        ->check(CLI::Range(1, 60));
    engine_play->add_option("--solve-empties", games_job.play.solve_empties, "perfect play from this many empties")
        ->capture_default_str()
        ->check(CLI::Range(0, 60));
    engine_play->add_option("--random-percent", games_job.play.random_percent, "chance of a random move at a ply ...")
        ->capture_default_str()
        ->check(CLI::Range(0, 100));
    engine_play->add_option("--random-above", games_job.play.random_above, "... with more than this many empties")
        ->capture_default_str();
    engine_play->add_option("--eval", games_job.play.eval_file, "weights of the players (default: the shipped ones)");
    engine_play->add_option("--seed", games_job.seed, "seed of the openings' order and the random moves")
        ->capture_default_str();
    engine_play->add_option("--out", games_path, "games file, appended to (a rerun resumes)")->capture_default_str();

    std::vector<std::string> label_files;
    std::vector<std::string> merge_inputs;
    auto* merge = app.add_subcommand("merge", "sample files -> one, in the order given, labels applied");
    merge->add_option("inputs", merge_inputs, "sample files")->required();
    merge->add_option("--out", samples_path, "sample file to write")->required();
    merge->add_option("--labels", label_files, "labels files of the merged file, applied before writing it");

    SolveOptions solve_options;
    std::string labels_path;
    bool anti = false;
    auto* solve = app.add_subcommand("solve", "exact labels for late positions (resumable)");
    solve->add_option("--samples", samples_path, "sample file")->capture_default_str();
    solve->add_option("--labels", labels_path, "labels file to append to")->required();
    solve->add_option("--min-empties", solve_options.min_empties, "solve positions with at least this many empties")
        ->capture_default_str();
    solve->add_option("--max-empties", solve_options.max_empties, "... and at most this many")->capture_default_str();
    solve->add_option("--percent", solve_options.percent, "share of those positions")->capture_default_str();
    solve->add_option("--seed", solve_options.seed, "seed of that choice")->capture_default_str();
    solve
        ->add_option("--from-sample", solve_options.first_sample,
                     "only samples numbered this or higher (the part a merge appended)")
        ->capture_default_str();
    solve->add_option("--shard", shard_text, "K/N: label only the samples numbered K, K+N, K+2N, ... (0-based)")
        ->capture_default_str();
    solve->add_option("--threads", solve_options.threads, "solver threads")->capture_default_str();
    solve->add_option("--max-seconds", solve_options.max_seconds, "stop after this long (rerun to resume)");
    solve->add_option("--max-labels", solve_options.max_labels, "stop when the file holds this many labels");
    solve->add_flag("--anti", anti, "Anti-Reversi scoring");
    solve->add_option("--variant", variant_name, "8x8, 6x6, anti or anti6x6")->capture_default_str();
    solve->add_option("--eval", solve_options.eval_file, "weights file ordering the solver (default: the shipped one)");
    auto* search_depth = solve->add_option(
        "--search-depth", solve_options.search_depth,
        "label by a midgame search of this depth on --eval instead of solving (training samples without an exact "
        "score only)");
    solve
        ->add_option("--search-selectivity", solve_options.search_selectivity,
                     "with --search-depth: its Multi-ProbCut level, 0 (none, the default) .. 4")
        ->needs(search_depth)
        ->check(CLI::Range(0, 4));
    solve
        ->add_flag("--include-exact", solve_options.include_exact,
                   "with --search-depth: also search training samples with an exact score (to measure the "
                   "searched labels against it; not a file to train on)")
        ->needs(search_depth);

    FitOptions fit_options;
    std::string weights_path, checkpoint_dir;
    int phases = 15;
    auto* fit = app.add_subcommand("fit", "fit the weights phase by phase");
    fit->add_option("--samples", samples_path, "sample file")->capture_default_str();
    fit->add_option("--out", weights_path, "weights file to write")->required();
    fit->add_option("--phases", phases, "number of phases")->capture_default_str()->check(CLI::Range(1, 60));
    fit->add_option("--lambda", fit_options.lambda, "ridge penalty")->capture_default_str();
    fit->add_option("--iterations", fit_options.iterations, "conjugate-gradient steps per phase")
        ->capture_default_str();
    fit->add_option("--overlap", fit_options.overlap, "extra empties each side of a phase")->capture_default_str();
    fit->add_option("--labels", label_files, "labels files from `solve` (exact or searched)");
    fit->add_option("--train-percent", fit_options.train_percent,
                    "train on this share of the positions (chosen by a hash of the position): learning curves")
        ->capture_default_str()
        ->check(CLI::Range(1, 100));
    fit->add_option("--exact-below", fit_options.exact_below, "train only on exact labels at <= this many empties")
        ->capture_default_str();
    fit->add_option("--searched-above", fit_options.searched_above,
                    "train only on searched (or exact) labels above this many empties")
        ->capture_default_str();
    int only_phase = -1;
    fit->add_option("--only-phase", only_phase, "fit just this phase (0 = fewest empties) and stop: for tuning");
    fit->add_option("--checkpoint", checkpoint_dir, "directory for per-phase results (resume)");
    fit->add_flag("--anti", anti, "weights for Anti-Reversi");
    fit->add_option("--variant", variant_name, "8x8, 6x6, anti or anti6x6")->capture_default_str();

    NetFitOptions net_options;
    std::string pattern_weights_path;
    auto* fit_net = app.add_subcommand("fit-net", "fit the residual networks on top of fitted pattern weights");
    fit_net->add_option("--samples", samples_path, "sample file")->capture_default_str();
    fit_net->add_option("--labels", label_files, "labels files from `solve` (exact or searched)");
    fit_net->add_option("--weights", pattern_weights_path, "pattern weights (from `fit`) the networks correct")
        ->required();
    fit_net->add_option("--out", weights_path, "weights file to write (the pattern weights and the networks)")
        ->required();
    fit_net->add_option("--hidden", net_options.hidden, "hidden units per network")
        ->capture_default_str()
        ->check(CLI::Range(ResidualNet::kLanes, ResidualNet::kMaxHidden));
    fit_net->add_option("--epochs", net_options.epochs, "passes over the positions")->capture_default_str();
    fit_net->add_option("--rate", net_options.rate, "Adam's step size in the first epoch")->capture_default_str();
    fit_net->add_option("--rate-decay", net_options.rate_decay, "factor on the step size after each epoch")
        ->capture_default_str();
    fit_net->add_option("--batch", net_options.batch, "positions per step")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    fit_net->add_option("--overlap", net_options.overlap, "extra empties each side of a phase")->capture_default_str();
    fit_net->add_option("--exact-below", net_options.exact_below, "train only on exact labels at <= this many empties")
        ->capture_default_str();
    fit_net->add_option("--seed", net_options.seed, "seed of the initial weights and the order")->capture_default_str();
    std::vector<int> net_phases;
    fit_net->add_option("--only-phases", net_phases,
                        "fit these phases (0 = fewest empties) only; the others get networks that add 0");
    fit_net->add_option("--checkpoint", checkpoint_dir, "directory for per-phase results (resume)");
    fit_net->add_flag("--anti", anti, "weights for Anti-Reversi");
    fit_net->add_option("--variant", variant_name, "8x8, 6x6, anti or anti6x6")->capture_default_str();

    std::vector<std::string> exact_files;
    int bucket = 4;
    auto* report = app.add_subcommand("report", "mean absolute error per phase");
    report->add_option("--samples", samples_path, "sample file (held-out games)");
    report->add_option("--labels", label_files, "labels files from `solve`");
    report->add_option("--weights", weights_path, "weights file (default: the shipped one)");
    report->add_option("--exact", exact_files, "endgame files with exact scores (.obf or eg_*.txt)");
    report->add_option("--bucket", bucket, "empties per table row")->capture_default_str()->check(CLI::Range(1, 60));
    report->add_flag("--anti", anti, "Anti-Reversi weights");
    report->add_option("--variant", variant_name, "8x8, 6x6, anti or anti6x6")->capture_default_str();

    std::vector<std::string> average_inputs;
    std::vector<double> average_shares;
    auto* average = app.add_subcommand("average", "the share-weighted mean of fitted weights files (alike ones)");
    average->add_option("weights", average_inputs, "weights files")->required()->check(CLI::ExistingFile);
    average->add_option("--shares", average_shares, "one positive share a file (default: equal shares)");
    average->add_option("--out", weights_path, "weights file to write")->required();
    average->add_option("--variant", variant_name, "8x8, 6x6, anti or anti6x6")->capture_default_str();

    ProbcutFitOptions probcut_options;
    std::string probcut_out;
    auto* probcut = app.add_subcommand("fit-probcut",
                                       "fit the Multi-ProbCut constants (shallow vs deep search values) and write\n"
                                       "search/probcut_params.cpp. Slow: minutes at the defaults.");
    auto* probcut_openings = probcut->add_option("--openings", probcut_options.openings,
                                                 "positions by random play from these XOT openings (one a line)");
    probcut->add_option("--games", probcut_options.games, "positions of these engine games (a games file)")
        ->excludes(probcut_openings);
    probcut->add_option("--positions", probcut_options.positions, "number of positions")
        ->capture_default_str()
        ->check(CLI::Range(10, 100000));
    probcut->add_option("--max-depth", probcut_options.max_depth, "deepest depth fitted")
        ->capture_default_str()
        ->check(CLI::Range(kProbcutMinDepth, kProbcutMaxDepth));
    probcut->add_option("--seed", probcut_options.seed, "random seed of the position sample")->capture_default_str();
    probcut->add_option("--eval", probcut_options.eval_file, "weights file (default: the shipped one)");
    probcut->add_option("--threads", probcut_options.threads, "positions searched side by side")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    probcut->add_option("--out", probcut_out, "write the C++ source here (default: print it)");

    CLI11_PARSE(app, argc, argv);
    try {
        Variant variant = Variant::parse(variant_name);
        if (anti) variant.rules = Rules::kAnti;
        const int max_empties = variant.squares() - 4;
        if (samples->parsed()) {
            std::vector<Sample> all;
            if (!wthor_dir.empty()) all = wthor_samples(wthor_dir, sample_options);
            if (!logbook_path.empty()) {
                const std::vector<Sample> more = logbook_samples(logbook_path, sample_options);
                all.insert(all.end(), more.begin(), more.end());
            }
            for (const std::string& path : engine_games_files) {
                const std::vector<Sample> more =
                    engine_game_samples(read_engine_games(path).games, sample_options, engine_labels);
                all.insert(all.end(), more.begin(), more.end());
            }
            write_samples(samples_path, all);
        } else if (selfplay->parsed()) {
            const auto eval = selfplay_eval.empty() ? nullptr : Evaluator::create(variant, selfplay_eval);
            const std::vector<Sample> all =
                random_game_samples(variant, selfplay_games, sample_options, eval.get(), eval ? random_percent : 100);
            write_samples(samples_path, all);
        } else if (engine_play->parsed()) {
            games_job.variant = variant;
            games_job.shard = Shard::parse(shard_text);
            if (!games_job.play.openings_file.empty())
                games_job.play.openings_file = match::openings_path(games_job.play.openings_file);
            const auto start = std::chrono::steady_clock::now();
            const std::uint64_t played = play_engine_games(games_job, games_path, [&](const EngineGame& g) {
                const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                std::fprintf(stderr, "\rgame %llu done, %.0f s", static_cast<unsigned long long>(g.index), seconds);
            });
            std::fprintf(stderr, "\n%llu games played, appended to %s\n", static_cast<unsigned long long>(played),
                         games_path.c_str());
        } else if (merge->parsed()) {
            std::vector<Sample> all;
            for (const std::string& path : merge_inputs) {
                const std::vector<Sample> more = load_samples(path);
                all.insert(all.end(), more.begin(), more.end());
            }
            for (const std::string& labels : label_files) apply_labels(all, labels);
            write_samples(samples_path, all);
        } else if (solve->parsed()) {
            solve_options.shard = Shard::parse(shard_text);
            solve_labels(load_samples(samples_path), variant, solve_options, labels_path);
        } else if (fit->parsed()) {
            std::vector<Sample> all = load_samples(samples_path);
            for (const std::string& labels : label_files) apply_labels(all, labels);
            fit_options.playable = variant.playable();
            std::cerr << all.size() << " positions from " << samples_path << "; fitting " << phases << " phases\n";
            if (!checkpoint_dir.empty()) std::filesystem::create_directories(checkpoint_dir);
            EvalWeights out = zero_weights(variant, phases);
            std::vector<double> previous;
            // From the endgame backwards: each phase starts from its later neighbour's weights.
            for (int p = 0; p < phases; ++p) {
                if (only_phase >= 0 && p != only_phase) continue;
                const auto [lo, hi] = phase_empties(p, phases, max_empties);
                const std::string checkpoint =
                    checkpoint_dir.empty() ? "" : checkpoint_dir + "/phase" + std::to_string(p) + ".bin";
                std::vector<double> w = checkpoint.empty() ? std::vector<double>{} : read_checkpoint(checkpoint);
                if (w.empty()) {
                    std::fprintf(stderr, "phase %d/%d\n", p + 1, phases);
                    w = fit_phase(all, lo, hi, fit_options, previous);
                    if (!checkpoint.empty()) write_checkpoint(checkpoint, w);
                } else {
                    std::fprintf(stderr, "phase %d/%d: from %s\n", p + 1, phases, checkpoint.c_str());
                }
                for (int j = 0; j < kWeightsPerPhase; ++j)
                    out.weights[std::size_t(p) * kWeightsPerPhase + j] = quantise(w[j]);
                previous = std::move(w);
            }
            if (only_phase >= 0) return 0;
            save_weights(weights_path, out);
            std::cerr << "wrote " << weights_path << " (" << std::filesystem::file_size(weights_path) << " bytes)\n";
        } else if (fit_net->parsed()) {
            if (net_options.hidden % ResidualNet::kLanes != 0)
                throw std::runtime_error("--hidden must be a multiple of " + std::to_string(ResidualNet::kLanes));
            std::vector<Sample> all = load_samples(samples_path);
            for (const std::string& labels : label_files) apply_labels(all, labels);
            EvalWeights weights = load_weights(pattern_weights_path, variant);
            weights.nets.clear();
            const PatternEvaluator patterns(weights);
            if (!checkpoint_dir.empty()) std::filesystem::create_directories(checkpoint_dir);
            std::cerr << all.size() << " positions from " << samples_path << "; fitting the networks of "
                      << weights.phases << " phases\n";
            for (int p = 0; p < weights.phases; ++p) {
                ResidualNet net(net_options.hidden);
                if (net_phases.empty() || std::count(net_phases.begin(), net_phases.end(), p)) {
                    const auto [lo, hi] = phase_empties(p, weights.phases, max_empties);
                    const std::string checkpoint =
                        checkpoint_dir.empty() ? "" : checkpoint_dir + "/net" + std::to_string(p) + ".bin";
                    if (!checkpoint.empty() && read_net_checkpoint(checkpoint, net)) {
                        std::fprintf(stderr, "phase %d/%d: from %s\n", p + 1, weights.phases, checkpoint.c_str());
                    } else {
                        std::fprintf(stderr, "phase %d/%d\n", p + 1, weights.phases);
                        net = fit_residual_phase(all, patterns, lo, hi, net_options);
                        if (!checkpoint.empty()) write_net_checkpoint(checkpoint, net);
                    }
                }
                weights.nets.push_back(std::move(net));
            }
            save_weights(weights_path, weights);
            std::cerr << "wrote " << weights_path << " (" << std::filesystem::file_size(weights_path) << " bytes)\n";
        } else if (report->parsed()) {
            const auto eval = Evaluator::create(variant, weights_path);
            if (!samples_path.empty() && std::filesystem::exists(samples_path)) {
                std::vector<Sample> all = load_samples(samples_path);
                for (const std::string& labels : label_files) apply_labels(all, labels);
                print_mae_held_out(*eval, all, bucket);
            }
            if (!exact_files.empty())
                print_mae_exact(*eval, exact_position_samples(exact_files), 1, "exactly solved test positions:");
        } else if (average->parsed()) {
            if (!average_shares.empty() && average_shares.size() != average_inputs.size())
                throw std::runtime_error("average: " + std::to_string(average_inputs.size()) + " files but " +
                                         std::to_string(average_shares.size()) + " shares");
            std::vector<WeightsShare> inputs;
            for (std::size_t i = 0; i < average_inputs.size(); ++i)
                inputs.push_back({average_inputs[i], load_weights(average_inputs[i], variant),
                                  average_shares.empty() ? 1.0 : average_shares[i]});
            save_weights(weights_path, average_weights(inputs));
            std::cerr << "wrote " << weights_path << " (" << std::filesystem::file_size(weights_path) << " bytes)\n";
        } else if (probcut->parsed()) {
            if (probcut_options.openings.empty() && probcut_options.games.empty())
                throw std::runtime_error("fit-probcut: give --openings or --games");
            const std::string source = fit_probcut(probcut_options);
            if (probcut_out.empty()) {
                std::cout << source;
            } else if (!(std::ofstream(probcut_out) << source)) {
                throw std::runtime_error("cannot write " + probcut_out);
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "tempo-train: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
