#include "tools/train/training_set.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <stdexcept>

#include <zlib.h>

#include "engine/game.hpp"
#include "formats/logbook.hpp"
#include "engine/rules.hpp"
#include "formats/wthor.hpp"

namespace tempo::train {

bool is_held_out(std::uint64_t seed, std::uint64_t source, std::uint64_t game, int percent) {
    std::uint64_t z = seed * 0x9e3779b97f4a7c15ULL + source * 0xbf58476d1ce4e5b9ULL + game;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return static_cast<int>(z % 100) < percent;
}

void add_game(const Game& game, bool held_out, const BlackLabel& black_label, std::vector<Sample>& out) {
    Board board = game.start().board;
    bool black_to_move = game.start().to_move == Color::kBlack;
    const Bitboard playable = game.variant().playable();
    for (Move move : game.moves()) {
        if (move != kPass) {
            const int empties = board.empty_count(playable);
            const auto [black, exact] = black_label(empties);
            const int label = black_to_move ? black : -black;
            out.push_back(
                {board, static_cast<std::int8_t>(label), static_cast<std::uint8_t>(empties), held_out, exact});
            board = board.play(move);
        } else {
            board = board.passed();
        }
        black_to_move = !black_to_move;
    }
}

int black_result(const Game& game, bool anti) {
    return anti ? game.white_discs() - game.black_discs() : game.black_margin();
}

Move random_move(Bitboard moves, std::uint64_t draw) {
    for (int skip = static_cast<int>(draw % popcount(moves)); skip > 0; --skip) moves &= moves - 1;
    return first_square(moves);
}

std::vector<Sample> wthor_samples(const std::string& dir, const SampleOptions& options) {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".wtb") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    std::vector<Sample> out;
    std::size_t games = 0, skipped = 0;
    for (const std::string& path : files) {
        const WthorFile file = read_wthor_file(path);
        for (const WthorGame& record : file.games) {
            if (options.max_games && games >= options.max_games) break;
            const Game game = replay_wthor(record);
            if (!game.is_over()) {  // unfinished record: no trustworthy result
                ++skipped;
                continue;
            }
            const int final_margin = black_result(game, options.anti);
            const bool reaches_theory = game.board().empty_count() <= file.theoretical_empties;
            const int theory_margin = 2 * record.theoretical_black_discs - 64;
            const bool anti = options.anti;
            const int theory_empties = file.theoretical_empties;
            const int theory_from = std::min(theory_empties, options.theory_from);
            const auto label = [&](int empties) {
                if (anti || !reaches_theory || empties < theory_from) return std::pair{final_margin, false};
                return std::pair{theory_margin, empties == theory_empties};
            };
            add_game(game, is_held_out(options.seed, kWthor, games, options.held_out_percent), label, out);
            ++games;
        }
        std::cerr << "\rwthor: " << games << " games, " << out.size() << " positions" << std::flush;
    }
    std::cerr << " (" << skipped << " unfinished games skipped)\n";
    return out;
}

std::vector<Sample> logbook_samples(const std::string& path, const SampleOptions& options) {
    gzFile in = gzopen(path.c_str(), "rb");
    if (!in) throw std::runtime_error(path + ": cannot open");
    std::vector<Sample> out;
    std::string line;
    char buffer[4096];
    std::size_t games = 0, bad = 0;
    while (gzgets(in, buffer, sizeof buffer)) {
        line = buffer;
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        if (line.empty()) continue;
        if (options.max_games && games >= options.max_games) break;
        try {
            const Game game = replay_logbook(parse_logbook_line(line));
            if (!game.is_over()) {
                ++bad;
                continue;
            }
            const int margin = black_result(game, options.anti);
            add_game(
                game, is_held_out(options.seed, kLogbook, games, options.held_out_percent),
                [&](int) {
                    return std::pair{margin, false};
                },
                out);
            ++games;
        } catch (const std::exception&) {
            ++bad;
        }
        if (games % 10000 == 0) std::cerr << "\rlogbook: " << games << " games" << std::flush;
    }
    gzclose(in);
    std::cerr << "\rlogbook: " << games << " games, " << out.size() << " positions (" << bad
              << " unreadable or unfinished lines skipped)\n";
    return out;
}

std::vector<Sample> random_game_samples(Variant variant, std::size_t games, const SampleOptions& options,
                                        const Evaluator* evaluator, int random_percent) {
    std::mt19937_64 rng(options.seed);
    std::vector<Sample> out;
    for (std::size_t g = 0; g < games; ++g) {
        Game game(variant);
        while (!game.is_over()) {
            Bitboard moves = game.legal_moves();
            if (!moves) {
                game.play(kPass);
                continue;
            }
            Move move = kNoMove;
            if (evaluator && static_cast<int>(rng() % 100) >= random_percent) {
                int best = -1000;
                for (Bitboard m = moves; m; m &= m - 1) {
                    const Board child = game.board().play(first_square(m));
                    const int v = is_game_over(child, variant.playable()) ? -final_margin(child, variant)
                                                                          : -evaluator->evaluate(child);
                    if (v > best) best = v, move = first_square(m);
                }
            } else {
                move = random_move(moves, rng());
            }
            game.play(move);
        }
        const int margin = game.black_margin();
        add_game(
            game, is_held_out(options.seed, kRandomGames, g, options.held_out_percent),
            [&](int) {
                return std::pair{margin, false};
            },
            out);
        if (g % 10000 == 9999 || g + 1 == games)
            std::cerr << "\rrandom games: " << g + 1 << ", " << out.size() << " positions" << std::flush;
    }
    std::cerr << "\n";
    return out;
}

void save_samples(const std::string& path, const std::vector<Sample>& samples) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    const std::uint64_t count = samples.size();
    file.write(reinterpret_cast<const char*>(&count), sizeof count);
    file.write(reinterpret_cast<const char*>(samples.data()), static_cast<std::streamsize>(count * sizeof(Sample)));
    if (!file) throw std::runtime_error(path + ": cannot write");
}

std::vector<Sample> load_samples(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::uint64_t count = 0;
    if (!file.read(reinterpret_cast<char*>(&count), sizeof count)) throw std::runtime_error(path + ": cannot read");
    // The count is checked against the file's size before anything is allocated: a file of another
    // kind would otherwise ask for any amount of memory.
    const std::uintmax_t size = std::filesystem::file_size(path);
    if (count != (size - sizeof count) / sizeof(Sample) || (size - sizeof count) % sizeof(Sample) != 0)
        throw std::runtime_error(path + ": not a sample file (its header says " + std::to_string(count) +
                                 " positions, its size " + std::to_string(size) + " bytes)");
    std::vector<Sample> samples(count);
    if (!file.read(reinterpret_cast<char*>(samples.data()), static_cast<std::streamsize>(count * sizeof(Sample))))
        throw std::runtime_error(path + ": truncated sample file");
    for (Sample& s : samples) {
        s.searched = false;
        s.zeros = {};  // files written before they were zeros
    }
    return samples;
}

}  // namespace tempo::train
