// The engine options, declared once for every command that takes them: `tempo` (nboard, gtp, play
// and bare `tempo` take them all; analyze, bench, solve, review and book the ones they use) and
// `tempo-train` (which links this file's library, tempo_engine_options). One function an option or
// group, so a command takes just the ones it uses, each with one name, one range and one check;
// a command may word the help for what the option does there. Each returns the option (or the
// last of a group), so that a command can add to it (capture_default_str, needs, ...).
#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "engine/variant.hpp"
#include "eval/evaluator.hpp"
#include "protocol/session.hpp"
#include "search/midgame/probcut.hpp"
#include "search/searcher.hpp"

namespace tempo::cli {

struct EngineOptions {
    int threads = 1;
    int hash_mb = 64;
    std::string eval_file;  // empty: the shipped weights
    std::string level = "normal";
    bool level_chosen = false;  // --level given
    std::string variant = "8x8";
    book::BookOptions book;                       // --book, --no-book, --book-margin, --book-seed
    std::string parallel = "lazy";          // how threads share the midgame: lazy or ybwc
    bool ponder = false;                    // --ponder: think on the opponent's time
    int selectivity = kDefaultSelectivity;  // --selectivity: the midgame search's Multi-ProbCut level

    SearcherOptions searcher_options() const;
    PlayerOptions player_options() const;
    Variant parsed_variant() const { return Variant::parse(variant); }
    // Everything a protocol session needs; throws CLI::ValidationError for a bad level, for
    // weights (the shipped ones or --eval) that are missing, corrupt or of another variant, and
    // for a book file that is missing, corrupt or of another variant.
    protocol::EngineConfig engine_config() const;
};

// Adds --threads/-t, --hash, --eval, --level/-l, --variant, --parallel, --ponder, --selectivity,
// --tune and the book options to `command`, stored into `options`.
void add_engine_options(CLI::App& command, EngineOptions& options);

// The most threads a command takes: far above any machine the engine runs on, low enough that a
// typo (--threads 6400) is an error rather than thousands of threads.
constexpr int kMaxThreads = 256;

// Whether --threads also answers to -t (not where -t is --time: analyze, review).
enum class ThreadsShortName { kNo, kYes };

// --threads: 1..kMaxThreads.
CLI::Option* add_threads_option(CLI::App& command, int& threads, const std::string& help = "Search threads",
                                ThreadsShortName short_name = ThreadsShortName::kNo);

// --tune NAME=VALUE (repeatable): sets a search parameter for the whole process as the option is
// parsed (search/tunables.hpp; `tempo-train spsa` plays engines that differ in them).
CLI::Option* add_tune_option(CLI::App& command);

// --hash: the transposition table's size in MB, 1..65536.
CLI::Option* add_hash_option(CLI::App& command, int& hash_mb);

// --eval: a weights file that exists (empty, the option not given: the shipped weights). Whether it
// holds weights of the right variant is load_evaluation's check.
CLI::Option* add_eval_option(CLI::App& command, std::string& weights_file,
                             const std::string& help = "Evaluation weights file (default: the shipped weights)");

// The variants' names (Variant::name) as the help lists them: "8x8, 6x6, anti or anti6x6".
std::string variant_names();
// --variant: one of the variants' names (in any case, as Variant::parse reads them).
CLI::Option* add_variant_option(CLI::App& command, std::string& variant, const std::string& help = variant_names());

// --selectivity (or `name`): a Multi-ProbCut level 0..kMaxSelectivity; the help lists the levels and
// says `default_level`, the one the command uses when the option is not given.
CLI::Option* add_selectivity_option(CLI::App& command, int& level, int default_level = kDefaultSelectivity,
                                    const std::string& name = "--selectivity",
                                    const std::string& what = "Multi-ProbCut level of the midgame search");

// --level/-l: easy, normal, hard or a depth (checked by engine_config); sets options.level_chosen.
CLI::Option* add_level_option(CLI::App& command, EngineOptions& options);

// --book, --no-book, --book-margin, --book-seed.
CLI::Option* add_book_options(CLI::App& command, book::BookOptions& book);

// --ponder: think on the opponent's time (NBoard and GTP).
CLI::Option* add_ponder_option(CLI::App& command, bool& ponder);

// Adds --parallel (lazy or ybwc: how threads share the midgame search) to `command`, stored into
// `parallel`; parallelism_of reads the stored name.
CLI::Option* add_parallel_option(CLI::App& command, std::string& parallel);
Parallelism parallelism_of(const std::string& parallel);

// The evaluation of `variant` from `weights_file` (empty: the shipped weights), loaded and checked
// now, so that a command never searches on the fallback; throws CLI::ValidationError("--eval")
// naming what is wrong with the file.
std::shared_ptr<const Evaluator> load_evaluation(Variant variant, const std::string& weights_file);

}  // namespace tempo::cli
