// `tempo demo`: the README's first-run job. Shows each floor working on a built-in default:
// move generation (perft), the endgame solver (FFO #40) and the midgame search (the start position).
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "search/searcher.hpp"
#include "tools/cli/commands.hpp"

namespace tempo::cli {

namespace {

// FForum endgame #40 (20 empties, black to move): A2 wins by 38 with perfect play.
constexpr const char* kFfo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

double seconds_of(std::chrono::milliseconds ms) { return static_cast<double>(ms.count()) / 1000.0; }

void show_perft(int depth) {
    std::printf("Perft from the start position (forced pass = one ply, finished game = one leaf):\n");
    for (int d = 1; d <= depth; ++d) {
        const std::clock_t start = std::clock();
        const std::uint64_t leaves = perft(Board::start(), d);
        const double cpu = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        std::printf("  perft %2d = %12llu   %7.3f s\n", d, static_cast<unsigned long long>(leaves), cpu);
    }
}

void show_solve(Searcher& searcher) {
    const Game game(Variant{}, parse_board(kFfo40));
    std::printf("\nEndgame: FForum #40, %d empties, black to move (known: A2, +38)\n%s", game.board().empty_count(),
                board_diagram(game.position()).c_str());
    Limits limits;
    limits.endgame = Limits::Endgame::kExact;
    const SearchResult r = searcher.run(game, limits);
    const double s = seconds_of(r.elapsed);
    std::printf("  best %s, score %+d, %llu nodes in %.3f s (%.1f M nodes/s)\n  pv %s\n", move_name(r.best).c_str(),
                r.score, static_cast<unsigned long long>(r.nodes), s, s > 0 ? r.nodes / s / 1e6 : 0.0,
                moves_text(r.pv).c_str());
}

void show_analysis(Searcher& searcher, int seconds) {
    const Game game;
    std::printf("\nMidgame: the start position, %d s of search\n", seconds);
    Limits limits;
    limits.move_time = std::chrono::seconds(seconds);
    const SearchResult r = searcher.run(game, limits, [](const SearchResult& info) {
        std::printf("  depth %2d  score %+3d  nodes %11llu  %6.2f s  pv %s\n", info.depth, info.score,
                    static_cast<unsigned long long>(info.nodes), seconds_of(info.elapsed), moves_text(info.pv).c_str());
        std::fflush(stdout);
    });
    std::printf("  best %s, score %+d\n", move_name(r.best).c_str(), r.score);
}

}  // namespace

void add_demo_command(CLI::App& app) {
    CLI::App* cmd =
        app.add_subcommand("demo", "Perft to depth 11, solve FForum #40 exactly, analyse the start position");
    cmd->callback([] {
        show_perft(11);
        Searcher searcher({1, 64});
        searcher.prepare(Variant{});  // the solve's time shown is the solve's alone
        show_solve(searcher);
        searcher.clear();
        show_analysis(searcher, 3);
    });
}

}  // namespace tempo::cli
