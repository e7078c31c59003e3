// The training pipeline's own games (tools/train/self_play.hpp, formats/engine_games_file.hpp): labels marked
// exact are the solver's scores, a seed gives the same games, shards add up to the whole job, an
// interrupted job resumes, and bad files are refused naming the line. The residual network's fit
// (tools/train/residual_fit.hpp) learns what the pattern sum misses.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "search/endgame/solver.hpp"
#include "search/midgame/probcut.hpp"
#include "search/tt.hpp"
#include "tests/engine/random_positions.hpp"
#include "formats/engine_games_file.hpp"
#include "tools/train/fit.hpp"
#include "tools/train/probcut_fit.hpp"
#include "tools/train/residual_fit.hpp"
#include "tools/train/self_play.hpp"
#include "tools/train/solve_labels.hpp"
#include "tools/train/weights_average.hpp"

namespace tempo::train {
namespace {

std::string temp_path(const std::string& name) {
    const auto path = std::filesystem::temp_directory_path() / ("tempo_train_" + std::to_string(::getpid()) + name);
    std::filesystem::remove(path);
    return path.string();
}

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A short job: shallow searches, exact from 12 empties, many random moves.
EngineGamesJob quick_job(std::uint64_t games, std::uint64_t seed = 5) {
    EngineGamesJob job;
    job.play.depth = 2;
    job.play.solve_empties = 12;
    job.play.random_percent = 30;
    job.play.random_above = 30;
    job.seed = seed;
    job.games = games;
    return job;
}

std::vector<EngineGame> play(const EngineGamesJob& job, const std::string& name) {
    const std::string path = temp_path(name);
    play_engine_games(job, path);
    std::vector<EngineGame> games = read_engine_games(path).games;
    std::filesystem::remove(path);
    return games;
}

// The game lines of a file, sorted by game index (shards interleave them).
std::vector<std::string> game_lines(const std::string& text) {
    std::vector<std::pair<std::uint64_t, std::string>> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.emplace_back(std::stoull(line), line);
    std::sort(lines.begin(), lines.end());
    std::vector<std::string> out;
    for (auto& [index, line] : lines) out.push_back(line);
    return out;
}

TEST(EngineGames, PositionsFromTheFirstSolveOnAreLabelledWithTheirExactScore) {
    SampleOptions options;
    const std::vector<Sample> samples =
        engine_game_samples(play(quick_job(3), "exact"), options, EngineLabels::kSearch);
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

// With search labels, a searched position's label is the score its search gave (the file's), the
// result labels the rest; with result labels, every position of a game has the game's result.
TEST(EngineGames, SearchLabelsAreTheSearchScores) {
    const std::vector<EngineGame> games = play(quick_job(2), "labels");
    SampleOptions options;
    const std::vector<Sample> by_search = engine_game_samples(games, options, EngineLabels::kSearch);
    const std::vector<Sample> by_result = engine_game_samples(games, options, EngineLabels::kResult);
    ASSERT_EQ(by_search.size(), by_result.size());
    std::size_t next = 0, differ = 0;
    for (const EngineGame& g : games) {
        int squares = 0;
        std::size_t scored = 0;
        for (Move move : g.game.moves()) {
            if (move == kPass) continue;
            const Sample& s = by_search[next];
            const Sample& r = by_result[next++];
            EXPECT_EQ(std::abs(r.label), std::abs(g.black_margin));
            if (squares++ < g.opening_plies) continue;
            const std::optional<int> score = g.scores[scored++];
            if (score && !s.exact) {
                EXPECT_EQ(s.label, *score);
            }
            differ += s.label != r.label;
        }
    }
    EXPECT_EQ(next, by_search.size());
    EXPECT_GT(differ, 10u) << "a depth-2 search rarely predicts the result";
}

// Up to a game's last random move, whose blunder the result carries, a position is labelled by its
// search's score and left out where it has none (the random moves, the opening's positions); after
// it, and from the exact solve on, by the result. Games without a random move keep the result.
TEST(EngineGames, SearchBeforeRandomLabelsUpToTheLastRandomMove) {
    const std::vector<EngineGame> games = play(quick_job(6), "before_random");
    const std::vector<Sample> samples = engine_game_samples(games, SampleOptions{}, EngineLabels::kSearchBeforeRandom);
    std::size_t next = 0, by_search = 0, by_result = 0, left_out = 0;
    for (const EngineGame& g : games) {
        std::size_t last_random = 0;  // 1 + the index of the last random move's score; 0: none
        for (std::size_t i = 0; i < g.scores.size(); ++i)
            if (!g.scores[i]) last_random = i + 1;
        int squares = 0;
        std::size_t scored = 0;
        Board board = g.game.start().board;
        bool black_to_move = g.game.start().to_move == Color::kBlack;
        for (Move move : g.game.moves()) {
            if (move == kPass) {
                board = board.passed();
                black_to_move = !black_to_move;
                continue;
            }
            const int result = black_to_move ? g.black_margin : -g.black_margin;
            const bool in_opening = squares++ < g.opening_plies;
            const std::optional<int> score = in_opening ? std::nullopt : g.scores[scored++];
            const bool before = last_random > 0 && (in_opening || scored <= last_random);
            const bool exact = board.empty_count() <= g.exact_from;
            if (before && !exact && !score) {
                ++left_out;
            } else {
                ASSERT_LT(next, samples.size());
                const Sample& s = samples[next++];
                ASSERT_EQ(s.board, board);
                const bool searched = before && !exact;
                EXPECT_EQ(s.label, searched ? *score : result);
                ++(searched ? by_search : by_result);
            }
            board = board.play(move);
            black_to_move = !black_to_move;
        }
    }
    EXPECT_EQ(next, samples.size());
    EXPECT_GT(by_search, 20u);
    EXPECT_GT(by_result, 20u);
    EXPECT_GT(left_out, 6u);  // each game's opening at least
}

TEST(EngineGames, TheSameSeedPlaysTheSameGames) {
    const std::vector<EngineGame> a = play(quick_job(2, 9), "a");
    const std::vector<EngineGame> b = play(quick_job(2, 9), "b");
    const std::vector<EngineGame> c = play(quick_job(2, 10), "c");
    ASSERT_EQ(a.size(), 2u);
    ASSERT_EQ(b.size(), 2u);
    ASSERT_EQ(c.size(), 2u);
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(format_engine_game(a[i]), format_engine_game(b[i])) << i;
    EXPECT_NE(format_engine_game(a[0]), format_engine_game(c[0])) << "another seed, other random moves";
}

// Each game depends only on the job and its index: the shards together are the unsharded job.
TEST(EngineGames, ShardsTogetherPlayTheUnshardedJob) {
    EngineGamesJob job = quick_job(5);
    const std::string whole = temp_path("whole");
    EXPECT_EQ(play_engine_games(job, whole), 5u);
    std::string shards;
    for (std::uint64_t k = 0; k < 3; ++k) {
        job.shard = Shard{k, 3};
        const std::string path = temp_path("shard" + std::to_string(k));
        EXPECT_EQ(play_engine_games(job, path), k < 2 ? 2u : 1u);
        shards += read_text(path);
        std::filesystem::remove(path);
    }
    EXPECT_EQ(game_lines(shards), game_lines(read_text(whole)));
    std::filesystem::remove(whole);
}

// An interrupted job (its last line cut short, or games missing) resumes: the rerun plays only
// the missing games and the file ends as an uninterrupted run's.
TEST(EngineGames, AnInterruptedJobResumesWhereItStopped) {
    const EngineGamesJob job = quick_job(4);
    const std::string path = temp_path("resume");
    play_engine_games(job, path);
    const std::string full = read_text(path);
    const std::size_t last_line = full.rfind('\n', full.size() - 2) + 1;

    write_text(path, full.substr(0, last_line + 20));  // killed while writing the last game
    EXPECT_EQ(play_engine_games(job, path), 1u);
    EXPECT_EQ(read_text(path), full);

    write_text(path, full.substr(0, last_line));  // killed while playing it
    EXPECT_EQ(play_engine_games(job, path), 1u);
    EXPECT_EQ(read_text(path), full);

    EXPECT_EQ(play_engine_games(job, path), 0u);  // done: nothing to play
    EXPECT_EQ(read_text(path), full);
    std::filesystem::remove(path);
}

TEST(EngineGames, AFileOfAnotherJobIsRefusedAndKept) {
    const std::string path = temp_path("other");
    play_engine_games(quick_job(1), path);
    const std::string before = read_text(path);
    EngineGamesJob deeper = quick_job(2);
    deeper.play.depth = 3;
    EXPECT_THROW(play_engine_games(deeper, path), ParseError);
    EXPECT_EQ(read_text(path), before);
    std::filesystem::remove(path);
}

// A bad line is an error naming the file and the line, whatever is wrong with it.
TEST(EngineGames, MalformedFilesAreRejectedNamingTheLine) {
    const std::string path = temp_path("bad");
    play_engine_games(quick_job(1), path);
    const std::string good = read_text(path);
    const std::string header = good.substr(0, good.find('\n') + 1);
    const std::string line = good.substr(header.size(), good.size() - header.size() - 1);
    const auto fields = [&] {
        std::vector<std::string> f;
        std::istringstream in(line);
        for (std::string field; in >> field;) f.push_back(field);
        return f;
    }();
    ASSERT_EQ(fields.size(), 6u);
    const auto with = [&](std::size_t i, const std::string& value) {
        std::vector<std::string> f = fields;
        f[i] = value;
        std::string text = header + "# a comment\n";
        for (std::size_t j = 0; j < f.size(); ++j) text += (j ? " " : "") + f[j];
        return text + "\n";
    };
    const auto expect_error = [&](const std::string& text, const std::string& words) {
        write_text(path, text);
        try {
            read_engine_games(path);
            ADD_FAILURE() << "accepted: " << text;
        } catch (const ParseError& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    expect_error(with(2, "f5f5" + fields[2].substr(4)), path + ":3: move 2 (f5) is illegal");
    expect_error(with(2, fields[2].substr(0, 40)), path + ":3: the moves do not end the game");
    expect_error(with(3, "+65"), path + ":3: result '+65' is not a number in -64..64");
    const int margin = std::stoi(fields[3]);
    expect_error(with(3, std::to_string(margin == 64 ? 62 : margin + 2)), path + ":3: result");
    expect_error(with(5, fields[5] + ",+1"), path + ":3:");
    expect_error(with(5, "x"), path + ":3: score 'x' is not a number");
    expect_error(header + "1 2 3\n", path + ":2: expected 6 fields");
    expect_error("hello\n" + line + "\n", path + ":1: not an engine-games file");
    expect_error(good.substr(0, good.size() - 5), path + ":2: the last line is cut short");
    expect_error("", path + ": empty");
    std::filesystem::remove(path);
    EXPECT_THROW(read_engine_games(path), ParseError);  // missing
}

// The games shipped in data/games read back whole: every game replays legally to its stored
// result, the header names the job, and the indices are those of the shard, each once. Every job
// plays 100,000 games in 8 shards of 12,500; seeds 33 and 34 are complete, seed 35 has shards 0-3
// (data/games/README.md's table).
TEST(EngineGames, ShippedGamesFilesAreValid) {
    constexpr std::size_t kShardGames = 100000 / 8;
    const std::string dir = std::string(TEMPO_SOURCE_DIR) + "/data/games/";
    const std::pair<std::uint64_t, std::uint64_t> shipped[] = {{33, 8}, {34, 8}, {35, 4}};  // seed, shards here
    for (const auto& [seed, shards] : shipped) {
        for (std::uint64_t shard = 0; shard < shards; ++shard) {
            const std::string job = std::to_string(seed) + "-" + std::to_string(shard) + "-of-8";
            const EngineGamesFile file = read_engine_games(dir + "selfplay-" + job + ".txt.gz");
            EXPECT_EQ(file.games.size(), kShardGames) << job;
            const std::string expected_job =
                "seed=" + std::to_string(seed) + " games=100000 shard=" + std::to_string(shard) + "/8";
            EXPECT_NE(file.header.job.find(expected_job), std::string::npos) << file.header.job;
            std::set<std::uint64_t> indices;
            for (const EngineGame& game : file.games) {
                EXPECT_EQ(game.index % 8, shard) << job;
                indices.insert(game.index);
            }
            EXPECT_EQ(indices.size(), kShardGames) << job;
        }
    }
}

// Files may be stored gzip-compressed; a damaged stream is an error, not a short read.
TEST(EngineGames, CompressedFilesAreRead) {
    const std::string plain = temp_path("plain");
    play_engine_games(quick_job(2), plain);
    const std::string text = read_text(plain);
    const std::string packed = temp_path("packed.gz");
    gzFile out = gzopen(packed.c_str(), "wb");
    ASSERT_NE(out, nullptr);
    gzwrite(out, text.data(), static_cast<unsigned>(text.size()));
    gzclose(out);
    const EngineGamesFile a = read_engine_games(plain), b = read_engine_games(packed);
    ASSERT_EQ(a.games.size(), 2u);
    ASSERT_EQ(b.games.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) EXPECT_EQ(format_engine_game(a.games[i]), format_engine_game(b.games[i]));
    const std::string bytes = read_text(packed);
    write_text(packed, bytes.substr(0, bytes.size() / 2));
    EXPECT_THROW(read_engine_games(packed), ParseError);
    std::filesystem::remove(plain);
    std::filesystem::remove(packed);
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
        samples.push_back(
            {b, static_cast<std::int8_t>(label), static_cast<std::uint8_t>(b.empty_count()), i % 10 == 0, true});
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
        if (i < 4)
            EXPECT_EQ(samples[i].label, 99) << i;
        else
            EXPECT_LE(std::abs(samples[i].label), 64) << i;
    }
    // The other kind of label cannot be appended to the file.
    EXPECT_THROW(solve_labels(samples, Variant{}, labels_up_to_10(), path), std::runtime_error);
    std::filesystem::remove(path);
}

TEST(Labels, ShardsTogetherLabelWhatOneProcessLabels) {
    std::vector<Sample> samples = late_samples(0);
    const std::string whole = labels_path("whole"), first = labels_path("shard0"), second = labels_path("shard1");
    // Depth 1: below the table's depth, so a label cannot depend on the positions searched before it.
    SolveOptions options = labels_up_to_10(1);
    options.include_exact = false;
    solve_labels(samples, Variant{}, options, whole);
    options.shard = Shard::parse("0/2");
    solve_labels(samples, Variant{}, options, first);
    options.shard = Shard::parse("1/2");
    solve_labels(samples, Variant{}, options, second);
    std::vector<Sample> by_one = samples, by_shards = samples;
    apply_labels(by_one, whole);
    apply_labels(by_shards, first);
    apply_labels(by_shards, second);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        EXPECT_TRUE(by_shards[i].searched) << i;
        EXPECT_EQ(by_shards[i].label, by_one[i].label) << i;
    }
    for (const std::string& path : {whole, first, second}) std::filesystem::remove(path);
}

TEST(Fit, AboveSearchedAboveOnlySearchedAndExactLabelsTrain) {
    std::vector<Sample> samples = late_samples(2);
    for (std::size_t i = 2; i < samples.size(); ++i) {
        samples[i].searched = i % 2 == 0;
        samples[i].label = samples[i].searched ? 12 : -30;
    }
    std::vector<Sample> kept;
    std::copy_if(samples.begin(), samples.end(), std::back_inserter(kept),
                 [](const Sample& s) { return s.exact || s.searched; });
    FitOptions options;
    options.iterations = 10;
    const std::vector<double> expected = fit_phase(kept, 8, 10, options, {});
    options.searched_above = 7;
    EXPECT_EQ(fit_phase(samples, 8, 10, options, {}), expected);
    options.searched_above = 60;  // the default: every label trains
    EXPECT_NE(fit_phase(samples, 8, 10, options, {}), expected);
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

TEST(ProbcutFit, SamplesTheGamesOfAGamesFileTheSameOnAnyNumberOfThreads) {
    const std::string games = temp_path("probcut_games");
    play_engine_games(quick_job(3), games);
    ProbcutFitOptions options;
    options.games = games;
    options.positions = 12;
    options.max_depth = kProbcutMinDepth + 1;
    const std::string one_thread = fit_probcut(options);
    options.threads = 2;
    const std::string two_threads = fit_probcut(options);
    std::filesystem::remove(games);
    EXPECT_NE(one_thread.find("//   tempo-train fit-probcut --games " + games + " --positions 12"), std::string::npos);
    EXPECT_EQ(one_thread, two_threads);

    EXPECT_THROW(fit_probcut(options), ParseError);  // the file is gone: its error names it

    EngineGamesJob six = quick_job(1);  // games of another variant: refused, not searched as 8x8
    six.variant = Variant::parse("6x6");
    six.play.solve_empties = 8;
    play_engine_games(six, games);
    EXPECT_THROW(fit_probcut(options), std::runtime_error);
    std::filesystem::remove(games);
}

// The mean of weight sets evaluates as the mean of their evaluations (the model is linear);
// sets that are not alike are refused naming the file.
TEST(WeightsAverage, SharesWeighTheMeanAndUnlikeSetsAreRefused) {
    EvalWeights a = zero_weights(Variant{}, 2), b = zero_weights(Variant{}, 2);
    a.weights[0] = 100, b.weights[0] = 200;
    a.weights[5] = -7, b.weights[5] = 8;
    a.weights.back() = 32767, b.weights.back() = 32767;
    const EvalWeights equal = average_weights({{"a", a}, {"b", b}});
    EXPECT_EQ(equal.weights[0], 150);
    EXPECT_EQ(equal.weights[5], 1);  // 0.5 rounds away from zero
    EXPECT_EQ(equal.weights.back(), 32767);
    EXPECT_EQ(equal.weights[1], 0);
    const EvalWeights weighted = average_weights({{"a", a, 3}, {"b", b, 1}});
    EXPECT_EQ(weighted.weights[0], 125);
    EXPECT_EQ(weighted.weights[5], -3);  // (-21 + 8) / 4 = -3.25

    const auto expect_refused = [](const std::vector<WeightsShare>& inputs, const std::string& message) {
        try {
            average_weights(inputs);
            FAIL() << "averaged: " << message;
        } catch (const std::runtime_error& error) {
            EXPECT_NE(std::string(error.what()).find(message), std::string::npos) << error.what();
        }
    };
    expect_refused({{"a", a}, {"three-phases.tew", zero_weights(Variant{}, 3)}}, "three-phases.tew: not alike a");
    expect_refused({{"six.tew", zero_weights(Variant::parse("6x6"), 2)}, {"b", b}}, "b: not alike six.tew");
    expect_refused({{"a", a}, {"b", b, 0}}, "b: the share must be a positive number");
    expect_refused({}, "no weights files");
}

}  // namespace
}  // namespace tempo::train
