// `tempo analyze <board or transcript>`: depth, score, nodes and principal variation per iteration.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "engine/notation.hpp"
#include "search/searcher.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/engine_options.hpp"
#include "tools/json_line.hpp"

namespace tempo::cli {

namespace {

std::vector<std::string> move_names(const std::vector<Move>& moves, Geometry geometry) {
    std::vector<std::string> names;
    for (Move m : moves) names.push_back(move_name(m, geometry));
    return names;
}

// One JSON object a line: what print_info shows, for scripts.
void print_info_json(const SearchResult& info, Geometry geometry) {
    JsonLine line;
    line.number("depth", info.depth)
        .number("selectivity", info.selectivity)
        .flag("solved", info.solved)
        .flag("wld", info.wld)
        .number("score", info.score)
        .number("nodes", static_cast<long long>(info.nodes))
        .decimal("time", info.elapsed.count() / 1000.0)
        .raw("pv", json_strings(move_names(info.pv, geometry)));
    if (!info.multi_pv.empty()) {
        std::string moves = "[";
        for (const MultiPvLine& m : info.multi_pv)
            moves += (moves.size() > 1 ? "," : "") + JsonLine()
                                                         .text("move", move_name(m.move, geometry))
                                                         .number("score", m.score)
                                                         .raw("pv", json_strings(move_names(m.pv, geometry)))
                                                         .str();
        line.raw("multi_pv", moves + "]");
    }
    std::fputs(line.line().c_str(), stdout);
    std::fflush(stdout);
}

void print_info(const SearchResult& info, Geometry geometry) {
    const double seconds = info.elapsed.count() / 1000.0;
    const std::string depth = info.solved ? std::to_string(info.depth) + (info.wld ? " wld" : " exact")
                                          : std::to_string(info.depth) + "@" + std::to_string(info.selectivity) + "%";
    std::printf("depth %-10s score %+3d  nodes %12llu  time %8.3f s  %6.2f Mn/s  pv %s\n", depth.c_str(), info.score,
                static_cast<unsigned long long>(info.nodes), seconds, seconds > 0 ? info.nodes / seconds / 1e6 : 0.0,
                moves_text(info.pv, geometry).c_str());
    for (const MultiPvLine& m : info.multi_pv)
        std::printf("    %-4s %+3d  %s\n", move_name(m.move, geometry).c_str(), m.score,
                    moves_text(m.pv, geometry).c_str());
    std::fflush(stdout);
}

}  // namespace

void add_analyze_command(CLI::App& app) {
    struct Options {
        std::vector<std::string> position;
        std::string variant = "8x8";
        int depth = 60;
        double seconds = 0;
        int threads = 1;
        int hash_mb = 64;
        int selectivity = -1;
        int multi_pv = 1;
        std::string endgame = "auto";
        bool json = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* cmd = app.add_subcommand(
        "analyze",
        "Search a position and print depth, score (discs, side to move), nodes and principal variation\n"
        "after each iteration. The position is a board string (64 squares a1..h8 then X or O to move)\n"
        "or a transcript from the start (f5d6c3...).\n"
        "Without --depth or --time it searches until Ctrl-C.");
    cmd->add_option("position", options->position, "Board string or transcript")->required()->expected(1, -1);
    add_variant_option(*cmd, options->variant);
    cmd->add_option("--depth,-d", options->depth, "Midgame depth in plies")->check(CLI::Range(1, 60));
    cmd->add_option("--time,-t", options->seconds, "Seconds to think")->check(CLI::PositiveNumber);
    add_threads_option(*cmd, options->threads);  // no -t: that is --time here
    add_hash_option(*cmd, options->hash_mb);
    add_selectivity_option(*cmd, options->selectivity);  // not given (-1): the search's default
    cmd->add_option("--multi-pv", options->multi_pv, "Score this many best moves")->check(CLI::Range(1, 64));
    cmd->add_option("--endgame", options->endgame, "auto, exact, wld or off")
        ->check(CLI::IsMember({"auto", "exact", "wld", "off"}));
    cmd->add_flag("--json", options->json,
                  "One JSON object a line: one per iteration, then {\"best\", \"score\"} (no board drawing)");
    cmd->callback([options] {
        const Variant variant = Variant::parse(options->variant);
        std::string text;
        for (const std::string& word : options->position) text += (text.empty() ? "" : " ") + word;
        const Game game = parse_position_text(text, variant);
        if (!options->json) std::printf("%s", board_diagram(game.position(), variant.geometry).c_str());
        Limits limits;
        limits.depth = options->depth;
        if (options->seconds > 0)
            limits.move_time = std::chrono::milliseconds(static_cast<std::int64_t>(options->seconds * 1000));
        if (options->selectivity >= 0) limits.selectivity = options->selectivity;
        limits.multi_pv = options->multi_pv;
        const std::string& e = options->endgame;
        limits.endgame = e == "exact" ? Limits::Endgame::kExact
                         : e == "wld" ? Limits::Endgame::kWld
                         : e == "off" ? Limits::Endgame::kOff
                                      : Limits::Endgame::kAuto;
        Searcher searcher({options->threads, options->hash_mb});
        searcher.prepare(variant);  // so that --seconds is all search
        const SearchResult result = searcher.run(game, limits, [&](const SearchResult& info) {
            options->json ? print_info_json(info, variant.geometry) : print_info(info, variant.geometry);
        });
        if (options->json) {
            JsonLine last;
            if (result.best == kNoMove)
                last.flag("game_over", true);
            else
                last.text("best", move_name(result.best, variant.geometry));
            std::fputs(last.number("score", result.score).line().c_str(), stdout);
        } else if (result.best == kNoMove) {
            std::printf("game over, score %+d\n", result.score);
        } else {
            std::printf("best %s score %+d\n", move_name(result.best, variant.geometry).c_str(), result.score);
        }
    });
}

}  // namespace tempo::cli
