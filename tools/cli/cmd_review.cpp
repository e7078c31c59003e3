// `tempo review GAME`: a played game analysed move by move (search/game_review.hpp), as a text
// table, JSON lines (--json) and an SVG plot (--svg FILE).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "formats/file_bytes.hpp"
#include "formats/ggf.hpp"
#include "engine/notation.hpp"
#include "engine/text.hpp"
#include "formats/wthor.hpp"
#include "tools/review/game_review.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/engine_options.hpp"
#include "tools/review/review_report.hpp"

namespace tempo::cli {

namespace {

struct LoadedGame {
    Game game;
    std::string black = "Black", white = "White";
};

// Game `number` (1-based) of `count` games in `what`, or a clear error.
void check_game_number(int number, std::size_t count, const std::string& what) {
    if (number < 1 || static_cast<std::size_t>(number) > count)
        throw ParseError(what + ": no game " + std::to_string(number) + ", it holds " + std::to_string(count) +
                         " game" + (count == 1 ? "" : "s"));
}

// GAME is a WTHOR file (.wtb), a GGF file (one or several games), a file holding a transcript, or
// a transcript itself.
LoadedGame load_game(const std::string& source, int number, Variant variant) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(source, error)) {
        try {
            if (number != 1) throw ParseError("--game applies to files only");
            return {parse_transcript(source, variant)};
        } catch (const ParseError& e) {
            throw ParseError(source + ": no such file, and not a transcript (" + e.what() + ")");
        }
    }
    if (to_lower(std::filesystem::path(source).extension().string()) == ".wtb") {
        const WthorFile file = read_wthor_file(source);
        check_game_number(number, file.games.size(), source);
        return {replay_wthor(file.games[static_cast<std::size_t>(number) - 1])};
    }
    const std::vector<std::uint8_t> bytes = read_file_bytes(source);
    const std::string text(bytes.begin(), bytes.end());
    require_text(text, source);
    if (text.find("(;") != std::string::npos) {
        const std::vector<std::string_view> records = split_ggf_records(text);
        check_game_number(number, records.size(), source);
        try {
            const GgfGame ggf = parse_ggf(records[static_cast<std::size_t>(number) - 1]);
            LoadedGame loaded{replay_ggf(ggf)};
            if (!ggf.black_name.empty()) loaded.black = ggf.black_name;
            if (!ggf.white_name.empty()) loaded.white = ggf.white_name;
            return loaded;
        } catch (const ParseError& e) {
            throw ParseError(source + ": game " + std::to_string(number) + ": " + e.what());
        }
    }
    check_game_number(number, 1, source);
    try {
        return {parse_transcript(text, variant)};
    } catch (const ParseError& e) {
        throw ParseError(source + ": neither GGF nor a transcript (" + e.what() + ")");
    }
}

}  // namespace

void add_review_command(CLI::App& app) {
    struct Options {
        std::string game;
        int number = 1;
        std::string variant = "8x8";
        int depth = 14;
        double seconds = 0;
        int exact_from = 20;
        int threads = 1;
        int hash_mb = 64;
        std::string eval_file;
        bool json = false;
        std::string svg_path;
    };
    auto options = std::make_shared<Options>();
    CLI::App* cmd = app.add_subcommand(
        "review",
        "Review a played game move by move: for every move the best move and its score, the played\n"
        "move's score and the discs it lost (exact from --exact-from empties), then each side's mistakes,\n"
        "total loss and the first losing move. GAME: a GGF file (tempo match's, with several games:\n"
        "--game N), a WTHOR .wtb file (--game N), a file holding a transcript, or a transcript.");
    cmd->add_option("game", options->game, "GGF, WTHOR or transcript file, or a transcript")->required();
    cmd->add_option("--game", options->number, "Which game of the file (1-based)")->check(CLI::PositiveNumber);
    add_variant_option(*cmd, options->variant, "Variant of a transcript (GGF files say theirs)");
    cmd->add_option("--depth,-d", options->depth, "Midgame depth of each position's search")
        ->capture_default_str()
        ->check(CLI::Range(1, 60));
    cmd->add_option("--time,-t", options->seconds, "Seconds at most for each position")->check(CLI::PositiveNumber);
    cmd->add_option("--exact-from", options->exact_from, "Solve positions with this many empties or fewer exactly")
        ->capture_default_str()
        ->check(CLI::Range(0, 60));
    add_threads_option(*cmd, options->threads);  // no -t: that is --time here
    add_hash_option(*cmd, options->hash_mb);
    add_eval_option(*cmd, options->eval_file, "Weights file (default: the shipped weights)");
    cmd->add_flag("--json", options->json, "JSON lines instead of the table: one object a move, then a summary");
    cmd->add_option("--svg", options->svg_path, "Also write the score along the game as an SVG plot to this file");
    cmd->callback([options] {
        const LoadedGame loaded = load_game(options->game, options->number, Variant::parse(options->variant));
        ReviewOptions review_options;
        review_options.depth = options->depth;
        review_options.exact_from = options->exact_from;
        if (options->seconds > 0)
            review_options.move_time = std::chrono::milliseconds(static_cast<std::int64_t>(options->seconds * 1000));
        SearcherOptions searcher_options;
        searcher_options.threads = options->threads;
        searcher_options.hash_mb = options->hash_mb;
        searcher_options.eval_file = options->eval_file;
        Searcher searcher(searcher_options);
        searcher.set_evaluator(loaded.game.variant(), load_evaluation(loaded.game.variant(), options->eval_file));
        const Geometry geometry = loaded.game.variant().geometry;
        const GameReview review = review_game(loaded.game, searcher, review_options, [&](const ReviewedMove& m) {
            std::fprintf(stderr, "\rreviewed move %d (%s)  ", m.number, move_name(m.played, geometry).c_str());
        });
        std::fprintf(stderr, "\r%*s\r", 40, "");
        review::ReviewHeading heading;
        heading.black = loaded.black;
        heading.white = loaded.white;
        heading.geometry = geometry;
        heading.limits = "depth " + std::to_string(options->depth) +
                         (options->seconds > 0 ? " or " + std::to_string(options->seconds).substr(0, 4) + " s" : "") +
                         ", exact from " + std::to_string(options->exact_from) + " empties";
        const std::string report =
            options->json ? review::review_json(review, heading) : review::review_text(review, heading);
        std::fwrite(report.data(), 1, report.size(), stdout);
        if (!options->svg_path.empty()) {
            std::ofstream svg(options->svg_path, std::ios::trunc);
            svg << review::review_svg(review, heading);
            if (!svg.flush()) throw ParseError(options->svg_path + ": cannot write the SVG file");
        }
    });
}

}  // namespace tempo::cli
