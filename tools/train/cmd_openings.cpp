// `tempo-train openings`: starting positions from real games, for matches and self-play: the first
// --plies moves of each WTHOR game that has them without a pass, one line a distinct position (the 8
// symmetric images count as one), shuffled by --seed, --count of them. --exclude drops the positions
// of another list, so that a set kept aside for measuring never appears in the set used to tune.
#include <algorithm>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/notation.hpp"
#include "engine/symmetry.hpp"
#include "formats/wthor.hpp"
#include "tools/match/openings.hpp"
#include "tools/train/commands.hpp"

namespace tempo::train {

namespace {

// The canonical board after `moves`, or nullopt when a pass comes before their end.
std::optional<Board> canonical_after(const std::vector<Move>& moves) {
    Game game;
    for (const Move move : moves)
        if (game.must_pass() || !game.play(move)) return std::nullopt;
    return canonical(game.board());
}

}  // namespace

void add_openings_command(CLI::App& app) {
    struct Options {
        std::vector<std::string> wthor_files;
        std::vector<std::string> exclude_files;
        int plies = 20;
        std::size_t count = 2000;
        std::uint64_t seed = 1;
        std::string out;
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("openings", "starting positions from real games (WTHOR), for matches and self-play");
    cmd->add_option("--wthor", options->wthor_files, "WTHOR .wtb files to take the games from")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option("--plies", options->plies, "moves from the start of each game")
        ->check(CLI::Range(1, 59))
        ->capture_default_str();
    cmd->add_option("--count", options->count, "positions to write (fewer if the games have fewer)")
        ->check(CLI::Range(1, 10'000'000))
        ->capture_default_str();
    cmd->add_option("--seed", options->seed, "seed of the shuffle that chooses them")->capture_default_str();
    cmd->add_option("--exclude", options->exclude_files, "opening lists whose positions are left out")
        ->check(CLI::ExistingFile);
    cmd->add_option("--out", options->out, "the list to write (one transcript a line)")->required();
    cmd->callback([options] {
        std::set<Board> excluded;
        for (const std::string& path : options->exclude_files)
            for (const match::Opening& opening : match::load_openings(path))
                if (const auto board = canonical_after(opening.moves)) excluded.insert(*board);
        std::set<Board> seen = excluded;
        std::vector<match::Opening> found;
        std::size_t games = 0;
        for (const std::string& path : options->wthor_files) {
            for (const WthorGame& record : read_wthor_file(path).games) {
                ++games;
                if (record.moves.size() < static_cast<std::size_t>(options->plies)) continue;
                const std::vector<Move> moves(record.moves.begin(), record.moves.begin() + options->plies);
                const auto board = canonical_after(moves);
                if (!board || !seen.insert(*board).second) continue;
                found.push_back({transcript(moves), moves});
            }
        }
        match::shuffle_openings(found, options->seed);
        found.resize(std::min(found.size(), options->count));
        std::ofstream out(options->out);
        out << "# tempo-train openings: " << found.size() << " positions after " << options->plies
            << " moves of real games, seed " << options->seed << "\n";
        for (const match::Opening& opening : found) out << opening.text << "\n";
        out.close();
        if (!out) throw std::runtime_error(options->out + ": cannot write");
        std::cerr << games << " games, " << found.size() << " distinct positions written to " << options->out
                  << (excluded.empty() ? "" : " (" + std::to_string(excluded.size()) + " excluded)") << "\n";
    });
}

}  // namespace tempo::train
