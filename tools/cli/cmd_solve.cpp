// `tempo solve FILE`: exact (or win/loss/draw) solutions of OBF positions, checked against the
// scores the file lists; `tempo solve --variant 6x6 --start` solves a whole small board.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "engine/notation.hpp"
#include "formats/obf.hpp"
#include "formats/shard.hpp"
#include "engine/text.hpp"
#include "eval/evaluator.hpp"
#include "search/endgame/solver.hpp"
#include "search/midgame/solve_guess.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/engine_options.hpp"
#include "tools/cli/progress_ticker.hpp"
#include "tools/json_line.hpp"

namespace tempo::cli {

namespace {

struct SolveOptions {
    std::string file;
    int threads = 1;
    int hash_mb = 256;
    bool wld = false;
    std::string shard = "0/1";
    std::string variant = "8x8";
    bool start = false;
    std::string eval_file;  // weights ordering the solve (empty: the variant's shipped ones)
    bool json = false;      // one JSON object a position, then a summary object
};

// A long solve reports on stderr at this period: position, time on it, nodes so far.
constexpr std::chrono::milliseconds kProgressPeriod{30'000};

// Whether a solution agrees with the file: same (exact or WLD) score as the best listed move,
// and the move found among the listed moves with that score.
bool matches(const ObfPosition& obf, const EndgameResult& result, bool wld) {
    if (obf.scores.empty()) return true;
    int best = obf.scores.front().score;
    for (const ObfMoveScore& m : obf.scores) best = m.score > best ? m.score : best;
    const auto sign = [](int s) { return s > 0 ? 1 : s < 0 ? -1 : 0; };
    if (wld ? sign(best) != result.score : best != result.score) return false;
    for (const ObfMoveScore& m : obf.scores)
        if (m.move == result.best) return wld ? sign(m.score) == result.score : m.score == best;
    return false;
}

int run_solve(const SolveOptions& options) {
    const Variant variant = Variant::parse(options.variant);
    const Geometry geometry = variant.geometry;
    Shard shard;
    try {
        shard = Shard::parse(options.shard);
    } catch (const ParseError& e) {
        throw CLI::ValidationError("--shard", e.what());
    }

    std::vector<ObfPosition> positions;
    if (options.start) {
        positions.push_back(ObfPosition{Position{}, {}});
    } else {
        if (options.file.empty()) throw CLI::ValidationError("solve", "give a FILE or --start");
        positions = read_obf_file(options.file, geometry);
    }

    TranspositionTable tt(static_cast<std::size_t>(options.hash_mb));
    // Without an evaluation (6x6 without trained weights) the solver orders by mobility and
    // starts from the guess 0.
    const std::shared_ptr<const Evaluator> evaluator =
        solver_uses_evaluation(variant, options.eval_file) ? Evaluator::create(variant, options.eval_file) : nullptr;
    EndgameSolver solver(tt, variant, options.threads, evaluator);
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    int solved = 0, mismatches = 0;
    const auto run_start = std::chrono::steady_clock::now();
    if (!options.json)
        std::printf("%-4s %-6s %5s  %-5s %14s %10s %9s  %s\n", "#", "empty", "score", "move", "nodes", "time(s)",
                    "Mn/s", "pv");
    for (std::size_t i = shard.index; i < positions.size(); i += shard.count) {
        const ObfPosition& obf = positions[i];
        const Board board = obf.position.board;
        std::fprintf(stderr, "solving %zu of %zu (%.1f s elapsed, %llu nodes so far)\n", i + 1, positions.size(),
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - run_start).count(),
                     static_cast<unsigned long long>(total_nodes));
        tt.clear();
        const auto start = std::chrono::steady_clock::now();
        std::atomic<bool> guessing{true};
        const ProgressTicker ticker(kProgressPeriod, [&] {
            const double on_it = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (guessing.load()) {
                std::fprintf(stderr, "  position %zu: %.0f s, midgame guess\n", i + 1, on_it);
            } else {
                std::fprintf(stderr, "  position %zu: %.0f s, solving, %llu nodes\n", i + 1, on_it,
                             static_cast<unsigned long long>(solver.nodes()));
            }
        });
        std::uint64_t guess_nodes = 0;
        const int guess =
            evaluator && !options.wld ? endgame_guess(board, *evaluator, variant, tt, options.threads, guess_nodes) : 0;
        guessing.store(false);
        EndgameResult result =
            options.wld ? solver.solve_wld(board) : solver.solve(board, -kMaxScore, kMaxScore, guess);
        result.nodes += guess_nodes;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        total_nodes += result.nodes;
        total_seconds += seconds;
        ++solved;
        const bool ok = matches(obf, result, options.wld);
        mismatches += !ok;
        const std::string pv = moves_text(result.pv, geometry);
        const std::string best = result.best == kNoMove ? "--" : move_name(result.best, geometry);
        if (options.json) {
            std::vector<std::string> pv_moves;
            for (Move m : result.pv) pv_moves.push_back(move_name(m, geometry));
            JsonLine line;
            line.number("index", static_cast<long long>(i) + 1)
                .number("empties", board.empty_count(variant.playable()))
                .number("score", result.score)
                .text("move", best)
                .number("nodes", static_cast<long long>(result.nodes))
                .decimal("time", seconds)
                .raw("pv", json_strings(pv_moves));
            if (!obf.scores.empty()) line.flag("ok", ok);
            std::fputs(line.line().c_str(), stdout);
            std::fflush(stdout);
            continue;
        }
        std::printf("%-4zu %-6d %5s  %-5s %14llu %10.3f %9.2f  %s%s\n", i + 1, board.empty_count(variant.playable()),
                    signed_integer(result.score).c_str(), best.c_str(), static_cast<unsigned long long>(result.nodes),
                    seconds, seconds > 0 ? result.nodes / seconds / 1e6 : 0.0, pv.c_str(),
                    obf.scores.empty() ? ""
                    : ok               ? "  ok"
                                       : "  MISMATCH");
        if (options.start) {
            // Black's view and the final count, for the whole-game solve.
            const int black = obf.position.to_move == Color::kBlack ? result.score : -result.score;
            const int squares = variant.squares();
            const int black_discs = variant.rules == Rules::kAnti ? (squares - black) / 2 : (squares + black) / 2;
            std::printf("black %s: final count %d-%d (black-white) under perfect play\n", signed_integer(black).c_str(),
                        black_discs, squares - black_discs);
        }
        std::fflush(stdout);
    }
    if (options.json) {
        std::fputs(JsonLine()
                       .number("solved", solved)
                       .number("nodes", static_cast<long long>(total_nodes))
                       .decimal("time", total_seconds)
                       .number("mismatches", mismatches)
                       .line()
                       .c_str(),
                   stdout);
        return mismatches == 0 ? 0 : 1;
    }
    std::printf("solved %d positions: %llu nodes in %.3f s, %.2f Mn/s; %d mismatch%s\n", solved,
                static_cast<unsigned long long>(total_nodes), total_seconds,
                total_seconds > 0 ? total_nodes / total_seconds / 1e6 : 0.0, mismatches, mismatches == 1 ? "" : "es");
    return mismatches == 0 ? 0 : 1;
}

}  // namespace

void add_solve_command(CLI::App& app) {
    auto options = std::make_shared<SolveOptions>();
    CLI::App* cmd = app.add_subcommand(
        "solve",
        "Solve endgame positions exactly (or win/loss/draw with --wld) from an OBF file (or plain board\n"
        "lines): best move, score (side to move, empties to the winner), PV, nodes, time. Scores listed\n"
        "in the file are checked; any mismatch makes the exit status 1. Progress goes to stderr.");
    cmd->add_option("file", options->file, "OBF file");
    add_threads_option(*cmd, options->threads, "Search threads", ThreadsShortName::kYes);
    add_hash_option(*cmd, options->hash_mb);
    cmd->add_flag("--wld", options->wld, "Win/loss/draw only (score -1, 0 or +1)");
    cmd->add_option("--shard", options->shard, "K/N: solve positions K, K+N, K+2N, ... (0-based)");
    add_variant_option(*cmd, options->variant);
    cmd->add_flag("--start", options->start, "Solve the variant's start position instead of a file");
    add_eval_option(*cmd, options->eval_file, "Weights file ordering the solve (default: the shipped one)");
    cmd->add_flag("--json", options->json, "One JSON object a position, then a summary object");
    cmd->callback([options] {
        int status = 0;
        try {
            status = run_solve(*options);
        } catch (const CLI::Error&) {
            throw;
        } catch (const std::exception& e) {  // unreadable or malformed input
            std::fprintf(stderr, "tempo solve: %s\n", e.what());
            status = 2;
        }
        if (status != 0) throw CLI::RuntimeError(status);
    });
}

}  // namespace tempo::cli
