#include "tools/cli/engine_options.hpp"

#include "engine/parse_error.hpp"
#include "eval/evaluator.hpp"
#include "play/book/location.hpp"
#include "play/levels.hpp"

namespace tempo::cli {

void add_engine_options(CLI::App& command, EngineOptions& options) {
    command.add_option("--threads,-t", options.threads, "Search threads")->check(CLI::Range(1, 256));
    command.add_option("--hash", options.hash_mb, "Transposition table size in MB")->check(CLI::Range(1, 65536));
    command.add_option("--eval", options.eval_file, "Evaluation weights file (default: the shipped weights)")
        ->check(CLI::ExistingFile);
    command
        .add_option("--level,-l", options.level,
                    "Strength: easy, normal, hard, or a depth 1..60 (default "
                    "normal; a GTP controller's clock governs when no level is given)")
        ->each([&options](const std::string&) { options.level_chosen = true; });
    command.add_option("--variant", options.variant, "Board and rules: 8x8, 6x6, anti or anti6x6")
        ->check(CLI::IsMember({"8x8", "6x6", "anti", "anti6x6"}));
    command.add_option("--book", options.book.file, "Opening book file (default: the shipped book of the variant)");
    command.add_flag_callback(
        "--no-book", [&options] { options.book.enabled = false; }, "Play without the opening book");
    command
        .add_option("--book-margin", options.book.margin,
                    "Book moves within this many discs of the best are drawn at random (0: only the best)")
        ->check(CLI::Range(0, 128));
    command.add_option("--book-seed", options.book.seed,
                       "Seed of the book draws: the same seed, the same choices "
                       "(default 0: a random seed)");
    add_parallel_option(command, options.parallel);
    command.add_flag("--ponder", options.ponder,
                     "Think on the opponent's time (NBoard and GTP): the next move's search starts from what it found");
    const std::string selectivity_help = "Multi-ProbCut level of the midgame search: 0 = none (exact alpha-beta) .. " +
                                         std::to_string(kMaxSelectivity) + " = most pruning (default " +
                                         std::to_string(kDefaultSelectivity) + ")";
    command.add_option("--selectivity", options.selectivity, selectivity_help)->check(CLI::Range(0, kMaxSelectivity));
}

void add_parallel_option(CLI::App& command, std::string& parallel) {
    command
        .add_option("--parallel", parallel,
                    "How threads share the midgame: lazy (Lazy SMP, the default) or ybwc (Young Brothers Wait)")
        ->check(CLI::IsMember({"lazy", "ybwc"}));
}

std::shared_ptr<const Evaluator> load_evaluation(Variant variant, const std::string& weights_file) {
    // A missing or corrupt weights file is an error, not a search on the simple evaluation, far
    // weaker, with at most one line on stderr to say so.
    try {
        return Evaluator::create(variant, weights_file);
    } catch (const std::exception& e) {
        throw CLI::ValidationError("--eval", e.what());
    }
}

Parallelism parallelism_of(const std::string& parallel) {
    return parallel == "ybwc" ? Parallelism::kYbwc : Parallelism::kLazySmp;
}

SearcherOptions EngineOptions::searcher_options() const {
    SearcherOptions options{threads, hash_mb, eval_file};
    options.parallelism = parallelism_of(parallel);
    options.selectivity = selectivity;
    return options;
}

PlayerOptions EngineOptions::player_options() const { return {searcher_options(), book}; }

protocol::EngineConfig EngineOptions::engine_config() const {
    protocol::EngineConfig config;
    config.player = player_options();
    config.level = level;
    config.level_chosen = level_chosen;
    config.ponder = ponder;
    try {
        config.variant = parsed_variant();
        parse_level(level);
    } catch (const ParseError& e) {
        throw CLI::ValidationError("--level/--variant", e.what());
    }
    config.evaluator = load_evaluation(config.variant, eval_file);
    try {
        config.book = book::open_book(config.variant, book);  // a bad book is an error now, not a silent fallback later
    } catch (const ParseError& e) {
        throw CLI::ValidationError("--book", e.what());
    }
    return config;
}

}  // namespace tempo::cli
