// `tempo bench [--depth D] [--eval FILE]`: the bench positions (search/bench.hpp) searched to a
// fixed depth on one thread with a cleared table, printing nodes, time and nodes per second (also
// as Edax counts nodes). The total node count, with the shipped weights, is the search's signature.
#include <cstdio>
#include <memory>
#include <string>

#include "engine/notation.hpp"
#include "bench/search_bench.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/engine_options.hpp"

namespace tempo::cli {

void add_bench_command(CLI::App& app) {
    struct Options {
        int depth = kBenchDepth;
        int hash_mb = 64;
        int threads = 1;
        int selectivity = -1;
        std::string parallel = "lazy";
        std::string eval_file;
        bool quiet = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* cmd = app.add_subcommand(
        "bench",
        "Search 24 fixed positions (XOT openings and middle games) to a fixed depth, table cleared before\n"
        "each, and print nodes, time and nodes per second (then counted as Edax counts: the positions the\n"
        "move order scores and ProbCut's static evaluations added). On one thread the node count is deterministic:\n"
        "the search's signature. With the default options, a count other than the stored signature makes\n"
        "the exit status 1.");
    cmd->add_option("--depth,-d", options->depth, "Midgame depth in plies")->check(CLI::Range(1, 30));
    add_hash_option(*cmd, options->hash_mb);
    add_threads_option(*cmd, options->threads, "Search threads (node counts vary above 1)");
    add_selectivity_option(*cmd, options->selectivity);  // not given (-1): the search's default
    add_parallel_option(*cmd, options->parallel);
    add_eval_option(*cmd, options->eval_file, "Weights file (default: the shipped one; not the signature's then)");
    cmd->add_flag("--quiet,-q", options->quiet, "Print only the totals");
    cmd->callback([options] {
        BenchOptions bench;
        bench.depth = options->depth;
        bench.threads = options->threads;
        bench.hash_mb = options->hash_mb;
        if (options->selectivity >= 0) bench.selectivity = options->selectivity;
        bench.parallelism = parallelism_of(options->parallel);
        if (!options->eval_file.empty()) bench.evaluator = load_evaluation(Variant{}, options->eval_file);
        double total_seconds = 0;
        double total_cpu_seconds = 0;
        std::uint64_t total_scored = 0;
        int index = 0;
        const std::uint64_t total_nodes = run_bench(bench, [&](const SearchResult& r, double seconds,
                                                               double cpu_seconds) {
            total_seconds += seconds;
            total_cpu_seconds += cpu_seconds;
            total_scored += r.scored_positions;
            if (!options->quiet)
                std::printf("%2d  %-4s %+3d  depth %2d  nodes %11llu  %7.3f s\n", ++index, move_name(r.best).c_str(),
                            r.score, r.depth, static_cast<unsigned long long>(r.nodes), seconds);
        });
        // CPU time too: on a shared machine the wall clock also counts other processes.
        std::printf("bench depth %d: %llu nodes, %.3f s, %.0f nodes/s (cpu %.3f s, %.0f nodes/s)\n", options->depth,
                    static_cast<unsigned long long>(total_nodes), total_seconds,
                    total_seconds > 0 ? total_nodes / total_seconds : 0.0, total_cpu_seconds,
                    total_cpu_seconds > 0 ? total_nodes / total_cpu_seconds : 0.0);
        // Edax counts a node for every position its move order scores and every evaluation too:
        // its nodes/s compare with this line's (bench/README.md, "Midgame").
        const std::uint64_t edax_count = total_nodes + total_scored;
        std::printf("counted as Edax counts: %llu nodes, %.0f nodes/s (cpu %.0f nodes/s)\n",
                    static_cast<unsigned long long>(edax_count), total_seconds > 0 ? edax_count / total_seconds : 0.0,
                    total_cpu_seconds > 0 ? edax_count / total_cpu_seconds : 0.0);
        const bool defaults = options->depth == kBenchDepth && options->threads == 1 && options->hash_mb == 64 &&
                              options->selectivity < 0 && options->eval_file.empty();
        if (defaults && total_nodes != kBenchSignature) {
            std::fprintf(stderr, "tempo bench: %llu nodes, not the stored signature %llu (search/bench.hpp)\n",
                         static_cast<unsigned long long>(total_nodes),
                         static_cast<unsigned long long>(kBenchSignature));
            throw CLI::RuntimeError(1);
        }
    });
}

}  // namespace tempo::cli
