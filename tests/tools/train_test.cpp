// The training pipeline's own games (tools/train/self_play.hpp): labels marked exact are the
// solver's scores, and a seed gives the same games. The residual network's fit
// (tools/train/residual_fit.hpp) learns what the pattern sum misses.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "search/endgame.hpp"
#include "search/probcut.hpp"
#include "search/tt.hpp"
#include "tests/engine/random_positions.hpp"
#include "tools/train/probcut_fit.hpp"
#include "tools/train/residual_fit.hpp"
#include "tools/train/self_play.hpp"
#include "tools/train/solve_labels.hpp"

namespace tempo::train {
namespace {

SelfPlayOptions quick_games() {
    SelfPlayOptions options;
    options.depth = 2;
    options.solve_empties = 12;
    options.random_percent = 30;
    options.random_above = 30;
    return options;
}

TEST(EngineGames, PositionsFromTheFirstSolveOnAreLabelledWithTheirExactScore) {
    SampleOptions seed;
    seed.seed = 5;
    const std::vector<Sample> samples = engine_game_samples(Variant{}, 3, seed, quick_games());
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{});
    int exact = 0;
    for (const Sample& sample : samples) {
        ASSERT_EQ(sample.exact, sample.empties <= 12) << "empties " << int(sample.empties);
        if (!sample.exact) continue;
        EXPECT_EQ(solver.solve(sample.board).score, sample.label) << "empties " << int(sample.empties);
        ++exact;
    }
    EXPECT_GE(exact, 3 * 10);  // each game has a move to play at >= 10 of its last 12 empties
}

TEST(EngineGames, TheSameSeedPlaysTheSameGames) {
    SampleOptions seed;
    seed.seed = 9;
    const std::vector<Sample> a = engine_game_samples(Variant{}, 2, seed, quick_games());
    const std::vector<Sample> b = engine_game_samples(Variant{}, 2, seed, quick_games());
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].board, b[i].board) << i;
        EXPECT_EQ(a[i].label, b[i].label) << i;
    }
    seed.seed = 10;
    const std::vector<Sample> c = engine_game_samples(Variant{}, 2, seed, quick_games());
    bool differ = c.size() != a.size();
    for (std::size_t i = 0; !differ && i < a.size(); ++i) differ = !(a[i].board == c[i].board);
    EXPECT_TRUE(differ) << "another seed, other random moves";
}

TEST(ResidualFit, LearnsWhatThePatternSumMisses) {
    // Pattern weights all zero, labels the corners only: 3 discs for each corner of the side to
    // move, -3 for each of the opponent's. The pattern sum says 0 everywhere; the network must learn it.
    const EvalWeights zero = zero_weights(Variant{}, 1);
    constexpr Bitboard kCorners = 0x8100000000000081ULL;
    std::vector<Sample> samples;
    const auto boards = testing::random_game_positions(20000, 31);
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const Board& b = boards[i];
        const int label = 3 * (popcount(b.player & kCorners) - popcount(b.opponent & kCorners));
        samples.push_back({b, static_cast<std::int8_t>(label), static_cast<std::uint8_t>(b.empty_count()), i % 10 == 0,
                           true});
    }
    NetFitOptions options;
    options.hidden = 16;
    options.epochs = 6;
    options.rate = 0.01;
    options.overlap = 60;
    const ResidualNet net = fit_residual_phase(samples, PatternEvaluator(zero), 1, 60, options);

    EvalWeights with_net = zero;
    with_net.nets = {net};
    const PatternEvaluator eval(with_net);
    double error = 0, spread = 0;
    int held_out = 0;
    for (const Sample& s : samples) {
        if (!s.held_out) continue;
        error += std::abs(eval.evaluate(s.board) - s.label);
        spread += std::abs(s.label);
        ++held_out;
    }
    EXPECT_GT(spread / held_out, 1.5);  // the labels are not mostly 0
    EXPECT_LT(error / held_out, 0.25);  // the evaluation now finds them
}

// Late positions of random games: the first `exact` of them carry a made-up "exact" label of 99.
std::vector<Sample> late_samples(std::size_t exact) {
    std::vector<Sample> samples;
    for (const Board& b : testing::random_game_positions(4000, 7))
        if (b.empty_count() >= 8 && b.empty_count() <= 10 && b.moves())
            samples.push_back({b, 0, static_cast<std::uint8_t>(b.empty_count()), false, samples.size() < exact});
    samples.resize(12);
    for (Sample& s : samples)
        if (s.exact) s.label = 99;
    return samples;
}

// Labels for samples with up to 10 empties: solved, or searched to `depth` (exact samples included).
SolveOptions labels_up_to_10(int depth = 0) {
    SolveOptions options;
    options.max_empties = 10;
    options.search_depth = depth;
    options.include_exact = depth > 0;
    return options;
}

std::string labels_path(const std::string& name) {
    const auto path = std::filesystem::temp_directory_path() / ("tempo_labels_" + std::to_string(::getpid()) + name);
    std::filesystem::remove(path);
    return path.string();
}

TEST(Labels, ExactLabelsAreTheSolversScoresAndMarkedExact) {
    std::vector<Sample> samples = late_samples(0);
    const std::string path = labels_path("exact");
    solve_labels(samples, Variant{}, labels_up_to_10(), path);
    apply_labels(samples, path);
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{});
    for (const Sample& s : samples) {
        EXPECT_TRUE(s.exact);
        EXPECT_EQ(s.label, solver.solve(s.board).score);
    }
    std::filesystem::remove(path);
}

TEST(Labels, SearchedLabelsAreNeitherExactNorReplaceExactOnes) {
    std::vector<Sample> samples = late_samples(4);
    const std::string path = labels_path("searched");
    solve_labels(samples, Variant{}, labels_up_to_10(2), path);
    apply_labels(samples, path);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        EXPECT_EQ(samples[i].exact, i < 4) << i;
        if (i < 4) EXPECT_EQ(samples[i].label, 99) << i;
        else EXPECT_LE(std::abs(samples[i].label), 64) << i;
    }
    // The other kind of label cannot be appended to the file.
    EXPECT_THROW(solve_labels(samples, Variant{}, labels_up_to_10(), path), std::runtime_error);
    std::filesystem::remove(path);
}

TEST(Labels, MalformedFilesAreRejected) {
    std::vector<Sample> samples = late_samples(0);
    const std::string path = labels_path("bad");
    EXPECT_THROW(apply_labels(samples, path), std::runtime_error);  // missing
    const auto write = [&](std::uint32_t sample, std::int8_t score) {
        std::ofstream out(path, std::ios::binary | std::ios::app);
        out.write(reinterpret_cast<const char*>(&sample), 4);
        out.write(reinterpret_cast<const char*>(&score), 1);
    };
    write(3, 100);  // a score no game can end with
    EXPECT_THROW(apply_labels(samples, path), std::runtime_error);
    std::filesystem::remove(path);
    write(500, 4);  // no such sample
    EXPECT_THROW(apply_labels(samples, path), std::runtime_error);
    std::filesystem::remove(path);
    write(0, 4);
    write(0xffffffffu, 2);  // a kind record after the first
    EXPECT_THROW(apply_labels(samples, path), std::runtime_error);
    std::filesystem::remove(path);
    write(2, -6);  // a file of the old layout, without the kind record: exact scores
    apply_labels(samples, path);
    EXPECT_TRUE(samples[2].exact);
    EXPECT_EQ(samples[2].label, -6);
    std::filesystem::remove(path);
}

TEST(ProbcutFit, WritesOneRowPerDepthAndNamesItsCommand) {
    const auto openings = std::filesystem::temp_directory_path() / ("tempo_openings_" + std::to_string(::getpid()));
    std::ofstream(openings) << "f5d6c3d3c4f4\n\nf5f6e6f4\n";
    ProbcutFitOptions options;
    options.openings = openings.string();
    options.positions = 10;
    options.max_depth = kProbcutMinDepth;
    const std::string source = fit_probcut(options);
    std::filesystem::remove(openings);
    EXPECT_NE(source.find("//   tempo-train fit-probcut --openings " + openings.string() + " --positions 10"),
              std::string::npos);
    EXPECT_NE(source.find("const ProbcutFit& probcut_fit(int depth)"), std::string::npos);
    int rows = 0;
    for (std::size_t at = 0; (at = source.find("},  // ", at)) != std::string::npos; ++at) ++rows;
    EXPECT_EQ(rows, kProbcutMaxDepth - kProbcutMinDepth + 1);

    options.openings = openings.string();  // removed: a clear error
    EXPECT_THROW(fit_probcut(options), std::runtime_error);
}

}  // namespace
}  // namespace tempo::train
