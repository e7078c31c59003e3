// The engine options every engine-driving subcommand shares (nboard, gtp, play, bare `tempo`,
// and analyze/solve/match when they want them): defined once here so they read the same everywhere.
#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "engine/variant.hpp"
#include "eval/evaluator.hpp"
#include "protocol/session.hpp"
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

// Adds --threads, --hash, --eval, --level, --variant, --parallel, --ponder, --selectivity and the
// book options to `command`, stored into `options`.
void add_engine_options(CLI::App& command, EngineOptions& options);

// The evaluation of `variant` from `weights_file` (empty: the shipped weights), loaded and checked
// now, so that a command never searches on the fallback; throws CLI::ValidationError("--eval")
// naming what is wrong with the file.
std::shared_ptr<const Evaluator> load_evaluation(Variant variant, const std::string& weights_file);

// Adds --parallel (lazy or ybwc: how threads share the midgame search) to `command`, stored into
// `parallel`; parallelism_of reads the stored name.
void add_parallel_option(CLI::App& command, std::string& parallel);
Parallelism parallelism_of(const std::string& parallel);

}  // namespace tempo::cli
