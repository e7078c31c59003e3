// `tempo-train fit-probcut`: fits the Multi-ProbCut model from the project's own searches. Positions
// have between 12 and 52 empties: from the engine's own games (a games file), or from XOT openings
// continued by random play. Each is searched without selectivity at every depth 0..D on a cleared
// table, and for every deep depth d the pair (value at probcut_shallow_depth(d), value at d) is
// collected. Per depth: least squares for v_d = slope * v_s + offset, then the residual's standard
// deviation per empties bucket, fitted as sigma = base + per_empty * empties.
#include "tools/train/probcut_fit.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/notation.hpp"
#include "eval/evaluator.hpp"
#include "search/midgame/search.hpp"
#include "search/midgame/probcut.hpp"
#include "formats/engine_games_file.hpp"

namespace tempo::train {

namespace {

struct DepthPair {
    int empties;
    int shallow;
    int deep;
};

constexpr int kFewestEmpties = 12;
constexpr int kMostEmpties = 52;

// Where a sampled position is taken: a count of empties drawn uniformly from
// kFewestEmpties..kMostEmpties.
int draw_empties(std::mt19937_64& rng) {
    return kFewestEmpties + static_cast<int>(rng() % (kMostEmpties - kFewestEmpties + 1));
}

// Positions of the games in a games file: a random game, then a random position of it with
// kFewestEmpties..kMostEmpties empties where the side to move has a move. These are the positions
// the search meets in play, not the lopsided ones random moves lead to.
std::vector<Board> game_positions(const std::string& games_file, int count, std::uint64_t seed) {
    const EngineGamesFile file = read_engine_games(games_file);
    // The model is the standard 8x8 search's.
    if (file.header.variant != Variant{})
        throw std::runtime_error(games_file + " holds " + file.header.variant.name() + " games, not 8x8");
    const std::vector<EngineGame>& games = file.games;
    if (games.empty()) throw std::runtime_error("no games in " + games_file);
    std::mt19937_64 rng(seed);
    std::vector<Board> out;
    // A draw misses when its game ended before the drawn count of empties or the side to move must
    // pass there: games that all end that early cannot give the positions, and say so instead of
    // drawing for ever.
    for (std::int64_t draws = 0; static_cast<int>(out.size()) < count; ++draws) {
        if (draws > 100 * std::int64_t{count})
            throw std::runtime_error("the games in " + games_file + " have too few positions with " +
                                     std::to_string(kFewestEmpties) + "-" + std::to_string(kMostEmpties) + " empties");
        const Game& played = games[rng() % games.size()].game;
        const int target = draw_empties(rng);
        Game game(played.variant(), played.start());
        for (const Move move : played.moves()) {
            if (game.board().empty_count() <= target) break;
            game.play(move);
        }
        if (!game.is_over() && game.legal_moves() && game.board().empty_count() >= kFewestEmpties)
            out.push_back(game.board());
    }
    return out;
}

// Positions from the openings file, each continued by random moves to a random number of empties.
std::vector<Board> random_positions(const std::string& openings_file, int count, std::uint64_t seed) {
    std::ifstream in(openings_file);
    if (!in) throw std::runtime_error("cannot read openings file " + openings_file);
    std::vector<std::string> openings;
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) openings.push_back(line);
    if (openings.empty()) throw std::runtime_error("no openings in " + openings_file);
    std::mt19937_64 rng(seed);
    std::vector<Board> out;
    while (static_cast<int>(out.size()) < count) {
        Game game = parse_transcript(openings[rng() % openings.size()]);
        const int target = draw_empties(rng);
        while (!game.is_over() && game.board().empty_count() > target) {
            Bitboard moves = game.legal_moves();
            if (!moves) {
                game.play(kPass);
                continue;
            }
            for (int skip = static_cast<int>(rng() % popcount(moves)); skip > 0; --skip) moves &= moves - 1;
            game.play(first_square(moves));
        }
        if (!game.is_over() && game.legal_moves()) out.push_back(game.board());
    }
    return out;
}

// Least-squares line y = a x + b (weights w).
void fit_line(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w, double& a,
              double& b) {
    double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sw += w[i];
        sx += w[i] * x[i];
        sy += w[i] * y[i];
        sxx += w[i] * x[i] * x[i];
        sxy += w[i] * x[i] * y[i];
    }
    const double det = sw * sxx - sx * sx;
    a = det != 0 ? (sw * sxy - sx * sy) / det : 0;
    b = sw != 0 ? (sy - a * sx) / sw : 0;
}

// The values of `board` searched without selectivity at depths 0..max_depth (to the end at most).
std::vector<int> search_values(const Board& board, int max_depth, MidgameSearch::Context context,
                               TranspositionTable& tt) {
    const int empties = board.empty_count();
    std::vector<int> value(std::min(max_depth, empties) + 1);
    for (int d = 0; d < static_cast<int>(value.size()); ++d) {
        tt.clear();
        MidgameSearch search(context);
        value[d] = d == 0 ? context.evaluator->evaluate(board) : search.search(board, -kInfinity, kInfinity, d, 0);
    }
    return value;
}

}  // namespace

std::string fit_probcut(const ProbcutFitOptions& options) {
    const Variant variant{};
    const auto evaluator = Evaluator::create(variant, options.eval_file);
    const std::vector<Board> boards = options.games.empty()
                                          ? random_positions(options.openings, options.positions, options.seed)
                                          : game_positions(options.games, options.positions, options.seed);
    const int max_depth = options.max_depth;
    // Thread t searches positions t, t + threads, ...; the pairs are gathered in position order, so
    // the fit does not depend on the number of threads.
    std::vector<std::vector<int>> values(boards.size());
    std::atomic<std::size_t> done{0};
    auto work = [&](int first) {
        TranspositionTable tt(4);
        MidgameSearch::Context context;
        context.tt = &tt;
        context.evaluator = evaluator.get();
        context.variant = variant;
        for (std::size_t i = first; i < boards.size(); i += options.threads) {
            values[i] = search_values(boards[i], max_depth, context, tt);
            std::fprintf(stderr, "\r%zu/%zu positions", ++done, boards.size());
        }
    };
    std::vector<std::jthread> helpers;
    for (int t = 1; t < options.threads; ++t) helpers.emplace_back(work, t);
    work(0);
    helpers.clear();
    std::fprintf(stderr, "\n");
    std::vector<std::vector<DepthPair>> samples(max_depth + 1);
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const int empties = boards[i].empty_count();
        // Depths that reach the end are exact solves, not what ProbCut predicts.
        for (int d = kProbcutMinDepth; d <= std::min(max_depth, empties - 1); ++d)
            samples[d].push_back({empties, values[i][probcut_shallow_depth(d)], values[i][d]});
    }

    std::ostringstream src;
    src << "// Multi-ProbCut constants, fitted by\n//   tempo-train fit-probcut "
        << (options.games.empty() ? "--openings " + options.openings : "--games " + options.games) << " --positions "
        << options.positions << " --max-depth " << max_depth << " --seed " << options.seed
        << (options.eval_file.empty() ? "" : " --eval " + options.eval_file) << "\n// (" << boards.size()
        << " positions; columns: slope, offset, sigma_base, sigma_per_empty;"
        << " deeper depths than fitted repeat the last row).\n"
        << "#include \"search/probcut.hpp\"\n\nnamespace tempo {\n\nnamespace {\n\n"
        << "constexpr ProbcutFit kFits[kProbcutMaxDepth - kProbcutMinDepth + 1] = {\n";
    char row[120];
    std::vector<std::string> rows;  // "{...}," for depths kProbcutMinDepth.., commented below
    ProbcutFit last{1, 0, 3, 0};
    for (int d = kProbcutMinDepth; d <= kProbcutMaxDepth; ++d) {
        if (d <= max_depth && samples[d].size() >= 10) {
            const auto& s = samples[d];
            std::vector<double> x, y, w;
            for (const DepthPair& p : s) {
                x.push_back(p.shallow);
                y.push_back(p.deep);
                w.push_back(1);
            }
            double slope, offset;
            fit_line(x, y, w, slope, offset);
            // Residual spread per bucket of 4 empties, then a line through the buckets.
            std::vector<double> sum(16, 0), count(16, 0);
            for (const DepthPair& p : s) {
                const double r = p.deep - (slope * p.shallow + offset);
                sum[p.empties / 4] += r * r;
                count[p.empties / 4] += 1;
            }
            std::vector<double> bx, by, bw;
            for (int b = 0; b < 16; ++b)
                if (count[b] >= 3) {
                    bx.push_back(b * 4 + 1.5);
                    by.push_back(std::sqrt(sum[b] / count[b]));
                    bw.push_back(count[b]);
                }
            double per_empty, base;
            fit_line(bx, by, bw, per_empty, base);
            last = {slope, offset, base, per_empty};
            std::fprintf(stderr, "depth %2d (shallow %d): %zu samples, v_d = %.3f v_s %+.3f, sigma = %.3f %+.4f e\n", d,
                         probcut_shallow_depth(d), s.size(), slope, offset, base, per_empty);
        }
        std::snprintf(row, sizeof row, "{%.4f, %.4f, %.4f, %.5f},", last.slope, last.offset, last.sigma_base,
                      last.sigma_per_empty);
        rows.emplace_back(row);
    }
    // The depth comments aligned two spaces past the longest row, as .clang-format lays them out,
    // so that the written file is checked in as it is.
    std::size_t widest = 0;
    for (const std::string& r : rows) widest = std::max(widest, r.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        src << "    " << rows[i] << std::string(widest - rows[i].size() + 2, ' ') << "// " << kProbcutMinDepth + i
            << "\n";
    src << "};\n\n}  // namespace\n\nconst ProbcutFit& probcut_fit(int depth) {\n"
        << "    const int row = std::clamp(depth, kProbcutMinDepth, kProbcutMaxDepth) - kProbcutMinDepth;\n"
        << "    return kFits[row];\n}\n\n}  // namespace tempo\n";
    return src.str();
}

}  // namespace tempo::train
