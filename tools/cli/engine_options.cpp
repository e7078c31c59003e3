#include "tools/cli/engine_options.hpp"

#include <vector>

#include "engine/parse_error.hpp"
#include "eval/evaluator.hpp"
#include "play/book/location.hpp"
#include "play/levels.hpp"
#include "search/tunables.hpp"

namespace tempo::cli {

void add_engine_options(CLI::App& command, EngineOptions& options) {
    add_threads_option(command, options.threads, "Search threads", ThreadsShortName::kYes);
    add_hash_option(command, options.hash_mb);
    add_eval_option(command, options.eval_file);
    add_level_option(command, options);
    add_variant_option(command, options.variant, "Board and rules: " + variant_names());
    add_book_options(command, options.book);
    add_parallel_option(command, options.parallel);
    add_ponder_option(command, options.ponder);
    add_selectivity_option(command, options.selectivity);
    add_tune_option(command);
}

CLI::Option* add_threads_option(CLI::App& command, int& threads, const std::string& help, ThreadsShortName short_name) {
    return command.add_option(short_name == ThreadsShortName::kYes ? "--threads,-t" : "--threads", threads, help)
        ->check(CLI::Range(1, kMaxThreads));
}

CLI::Option* add_tune_option(CLI::App& command) {
    return command
        .add_option_function<std::vector<std::string>>(
            "--tune",
            [](const std::vector<std::string>& assignments) {
                for (const std::string& assignment : assignments)
                    if (const std::string error = set_tunable(assignment); !error.empty())
                        throw CLI::ValidationError("--tune", error);
            },
            "Set a search parameter, NAME=VALUE (repeatable; tempo-train spsa --list shows them)")
        ->type_name("NAME=VALUE");
}

CLI::Option* add_hash_option(CLI::App& command, int& hash_mb) {
    return command.add_option("--hash", hash_mb, "Transposition table size in MB")->check(CLI::Range(1, 65536));
}

CLI::Option* add_eval_option(CLI::App& command, std::string& weights_file, const std::string& help) {
    return command.add_option("--eval", weights_file, help)->check(CLI::ExistingFile);
}

namespace {

std::vector<std::string> variant_name_list() {
    std::vector<std::string> names;
    for (const Geometry geometry : {Geometry::k8x8, Geometry::k6x6})
        names.push_back(Variant{geometry, Rules::kStandard}.name());
    for (const Geometry geometry : {Geometry::k8x8, Geometry::k6x6})
        names.push_back(Variant{geometry, Rules::kAnti}.name());
    return names;
}

}  // namespace

std::string variant_names() {
    const std::vector<std::string> names = variant_name_list();
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return text;
}

CLI::Option* add_variant_option(CLI::App& command, std::string& variant, const std::string& help) {
    return command.add_option("--variant", variant, help)->check(CLI::IsMember(variant_name_list(), CLI::ignore_case));
}

CLI::Option* add_selectivity_option(CLI::App& command, int& level, int default_level, const std::string& name,
                                    const std::string& what) {
    const std::string help = what + ": 0 = none (exact alpha-beta) .. " + std::to_string(kMaxSelectivity) +
                             " = most pruning (default " + std::to_string(default_level) + ")";
    return command.add_option(name, level, help)->check(CLI::Range(0, kMaxSelectivity));
}

CLI::Option* add_level_option(CLI::App& command, EngineOptions& options) {
    return command
        .add_option("--level,-l", options.level,
                    "Strength: easy, normal, hard, or a depth 1..60 (default "
                    "normal; a GTP controller's clock governs when no level is given)")
        ->each([&options](const std::string&) { options.level_chosen = true; });
}

CLI::Option* add_book_options(CLI::App& command, book::BookOptions& book) {
    command.add_option("--book", book.file, "Opening book file (default: the shipped book of the variant)");
    command.add_flag_callback(
        "--no-book", [&book] { book.enabled = false; }, "Play without the opening book");
    command
        .add_option("--book-margin", book.margin,
                    "Book moves within this many discs of the best are drawn at random (0: only the best)")
        ->check(CLI::Range(0, 128));
    return command.add_option("--book-seed", book.seed,
                              "Seed of the book draws: the same seed, the same choices "
                              "(default 0: a random seed)");
}

CLI::Option* add_ponder_option(CLI::App& command, bool& ponder) {
    return command.add_flag(
        "--ponder", ponder,
        "Think on the opponent's time (NBoard and GTP): the next move's search starts from what it found");
}

CLI::Option* add_parallel_option(CLI::App& command, std::string& parallel) {
    return command
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
