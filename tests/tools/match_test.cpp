// The match runner: statistics against hand-computed values, the protocol parsers, and real
// matches against gtp-rhino (skipped when it is not installed) and the fake engine of
// tests/tools/fake_engine.cpp, which plays the first legal move or misbehaves on request.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <tuple>

#include "formats/ggf.hpp"
#include "engine/notation.hpp"
#include "tools/match/gtp_player.hpp"
#include "tools/match/match_runner.hpp"
#include "tools/match/nboard_player.hpp"
#include "tools/match/openings.hpp"

namespace tempo::match {
namespace {

constexpr const char* kRhino = "/usr/games/gtp-rhino";
const std::string kFake = TEMPO_FAKE_ENGINE;
const std::string kTempo = TEMPO_BINARY;

// gtp-rhino is a test dependency (tools/install-deps.sh installs grhino): its absence fails the tests.
::testing::AssertionResult have_rhino() {
    if (::access(kRhino, X_OK) == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << kRhino << " missing: tools/install-deps.sh installs grhino";
}

// ---- statistics -------------------------------------------------------------------------------

TEST(MatchStats, EloFromScore) {
    // -400 log10(1/0.75 - 1) = 400 log10(3) = 190.8485
    EXPECT_NEAR(elo_from_score(0.75), 190.8485, 1e-3);
    // 400 log10(1.5) = 70.4365
    EXPECT_NEAR(elo_from_score(0.6), 70.4365, 1e-3);
    EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
    EXPECT_NEAR(elo_from_score(0.25), -190.8485, 1e-3);
    EXPECT_TRUE(std::isinf(elo_from_score(1.0)));
    EXPECT_TRUE(std::isinf(elo_from_score(0.0)));
    EXPECT_NEAR(score_from_elo(190.8485), 0.75, 1e-6);
    // 1 / (1 + 10^(-10/400)) = 0.5143872
    EXPECT_NEAR(score_from_elo(10), 0.5143872, 1e-6);
}

TEST(MatchStats, IntervalFromPerGameVariance) {
    // 60 wins, 20 draws, 20 losses: s = 0.7;
    // var = (60*0.3^2 + 20*0.2^2 + 20*0.7^2) / 100 = (5.4 + 0.8 + 9.8) / 100 = 0.16;
    // standard error sqrt(0.16/100) = 0.04; 95%: 0.7 -/+ 1.96*0.04 = [0.62160, 0.77840];
    // Elo(0.7) = 147.19, Elo(0.6216) = 86.23, Elo(0.7784) = 218.25.
    const Tally tally{60, 20, 20, 0};
    EXPECT_DOUBLE_EQ(tally.score(), 0.7);
    EXPECT_NEAR(tally.variance(), 0.16, 1e-12);
    const EloEstimate elo = estimate_elo(tally);
    EXPECT_NEAR(elo.elo, 147.19, 0.01);
    EXPECT_NEAR(elo.lower, 86.23, 0.01);
    EXPECT_NEAR(elo.upper, 218.25, 0.01);
}

TEST(MatchStats, AllWinsHaveAnInfiniteElo) {
    // 10 wins: no variance; the rule of three puts the score above 1 - 3/10 = 0.7, Elo(0.7) = 147.19.
    const EloEstimate elo = estimate_elo(Tally{10, 0, 0, 640});
    EXPECT_TRUE(std::isinf(elo.elo));
    EXPECT_NEAR(elo.lower, 147.19, 0.01);
    EXPECT_TRUE(std::isinf(elo.upper));
    EXPECT_EQ(format_elo(elo.elo), "+inf");
    EXPECT_EQ(format_elo(-12.345), "-12.3");
    EXPECT_EQ(format_elo(190.85), "+190.8");
}

TEST(MatchStats, Sprt) {
    const SprtSettings sprt{0, 10, 0.05, 0.05};
    // log(0.05/0.95) = -2.9444, log(0.95/0.05) = +2.9444
    EXPECT_NEAR(sprt.lower_bound(), -2.9444, 1e-4);
    EXPECT_NEAR(sprt.upper_bound(), 2.9444, 1e-4);
    // 60/20/20: s0 = 0.5, s1 = 0.5143872, s = 0.7, var = 0.16:
    // LLR = 100 * 0.0143872 * (1.4 - 0.5 - 0.5143872) / (2 * 0.16) = 1.73371
    EXPECT_NEAR(sprt_llr(Tally{60, 20, 20, 0}, sprt), 1.73371, 1e-4);
    EXPECT_EQ(sprt_verdict(1.73371, sprt), SprtVerdict::kContinue);
    EXPECT_EQ(sprt_verdict(3.0, sprt), SprtVerdict::kAcceptH1);
    EXPECT_EQ(sprt_verdict(-3.0, sprt), SprtVerdict::kAcceptH0);
    // 24/52/24 against elo1 = 5: s = 0.5, var = (24*0.25 + 24*0.25) / 100 = 0.12, s1 = 0.5071955:
    // LLR = 100 * 0.0071955 * (1 - 0.5 - 0.5071955) / 0.24 = -0.021571
    EXPECT_NEAR(sprt_llr(Tally{24, 52, 24, 0}, SprtSettings{0, 5, 0.05, 0.05}), -0.021571, 1e-5);
    // Wins only: the regularised variance is tiny, so one win already accepts H1.
    EXPECT_GT(sprt_llr(Tally{1, 0, 0, 0}, sprt), sprt.upper_bound());
}

TEST(MatchStats, PairedDifference) {
    // Games 0-2 in both runs (differences 1, 0, 0); game 3 only in b, game 4 only in a.
    const std::vector<std::optional<double>> a{1.0, 0.5, 0.0, std::nullopt, 1.0};
    const std::vector<std::optional<double>> b{0.0, 0.5, 0.0, 1.0};
    const PairedDifference paired = paired_difference(a, b);
    EXPECT_EQ(paired.games, 3);
    EXPECT_NEAR(paired.mean, 1.0 / 3, 1e-12);
    // Sample deviation sqrt(((2/3)^2 + 2 (1/3)^2) / 2) = sqrt(1/3), over sqrt(3): 1/3.
    EXPECT_NEAR(paired.standard_error, 1.0 / 3, 1e-12);
    EXPECT_EQ(paired_difference(a, {}).games, 0);
    EXPECT_EQ(paired_difference({0.5}, {1.0}).standard_error, 0);  // one game: no spread to measure
}

// ---- protocol parsing ------------------------------------------------------------------------------

TEST(MatchProtocol, GtpResponses) {
    auto r = GtpPlayer::parse_response_line("= F5");
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->success);
    EXPECT_EQ(r->text, "F5");
    r = GtpPlayer::parse_response_line("=");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->text, "");
    r = GtpPlayer::parse_response_line("?8 syntax error");
    ASSERT_TRUE(r);
    EXPECT_FALSE(r->success);
    EXPECT_EQ(r->text, "syntax error");
    EXPECT_FALSE(GtpPlayer::parse_response_line("I think therefore I am"));
    EXPECT_FALSE(GtpPlayer::parse_response_line("=F5"));
    EXPECT_EQ(gtp_seconds(5), "5");
    EXPECT_EQ(gtp_seconds(0.25), "0.250");
}

TEST(MatchProtocol, NboardMoveLines) {
    auto r = NboardPlayer::parse_move_line("=== d6 -1.00 0.0");  // Edax's spacing
    ASSERT_TRUE(r);
    EXPECT_EQ(r->move, parse_move("d6"));
    ASSERT_TRUE(r->eval);
    EXPECT_DOUBLE_EQ(*r->eval, -1.0);
    r = NboardPlayer::parse_move_line("=== F5//1.5");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->move, parse_move("f5"));
    EXPECT_FALSE(r->eval);
    EXPECT_EQ(NboardPlayer::parse_move_line("=== pa -64.00 0.0")->move, kPass);
    EXPECT_EQ(NboardPlayer::parse_move_line("=== --")->move, kPass);
    EXPECT_FALSE(NboardPlayer::parse_move_line("status thinking"));
    EXPECT_THROW(NboardPlayer::parse_move_line("=== zz9"), ParseError);
    EXPECT_THROW(NboardPlayer::parse_move_line("==="), ParseError);
    EXPECT_EQ(NboardPlayer::move_item(GgfMove{parse_move("f5"), {}, {}}), "F5");
    EXPECT_EQ(NboardPlayer::move_item(GgfMove{parse_move("f5"), -1.0, 2.5}), "F5/-1.00/2.50");
    EXPECT_EQ(NboardPlayer::move_item(GgfMove{kPass, {}, 0.1}), "PA//0.10");
}

TEST(MatchProtocol, GtpTimeLeftInMilliseconds) {
    EXPECT_EQ(gtp_time_left(Color::kBlack, 300), "time_left black 300 0");
    EXPECT_EQ(gtp_time_left(Color::kWhite, 1.9996), "time_left white 1.999 0");
    EXPECT_EQ(gtp_time_left(Color::kBlack, 0.25), "time_left black 0.250 0");
    EXPECT_EQ(gtp_time_left(Color::kBlack, -0.5), "time_left black 0 0");
}

TEST(MatchProtocol, NboardClock) {
    TimeControl time;
    EXPECT_EQ(nboard_clock(time), "0");
    time.base_seconds = 300;
    time.increment_seconds = 2;
    EXPECT_EQ(nboard_clock(time), "5:00/0:02");
}

TEST(MatchProtocol, EffectiveTimeControl) {
    TimeControl time;
    time.move_seconds = 0.5;
    EngineSpec gtp, nboard, untimed;
    nboard.protocol = Protocol::kNboard;
    untimed.untimed = true;
    EXPECT_EQ(effective_time_control(time, gtp).move_seconds, 0.5);
    EXPECT_EQ(effective_time_control(time, nboard).move_seconds, 0);
    EXPECT_EQ(effective_time_control(time, nboard).base_seconds, 15);  // 30 moves' worth as a clock
    EXPECT_EQ(nboard_clock(effective_time_control(time, nboard)), "0:15");
    EXPECT_EQ(effective_time_control(time, untimed).move_seconds, 0);
    EXPECT_FALSE(effective_time_control(time, untimed).has_clock());
}

// ---- openings -------------------------------------------------------------------------------------

TEST(MatchOpenings, ParsesShufflesAndPairs) {
    const std::vector<Opening> openings =
        parse_openings("# XOT sample\nf5d6c4d3c2b3b4b5\n\nf5f6d3c5d6c7b5e3\nf5f4e3\n");
    ASSERT_EQ(openings.size(), 3u);
    EXPECT_EQ(openings[0].moves.size(), 8u);
    EXPECT_EQ(openings[2].text, "f5f4e3");
    std::vector<Opening> a = openings, b = openings;
    shuffle_openings(a, 42);
    shuffle_openings(b, 42);
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].text, b[i].text);
    // Games 0 and 1 share opening 0 with colours swapped; game 6 wraps around to opening 0.
    EXPECT_EQ(game_slot(openings, 0).opening, &openings[0]);
    EXPECT_TRUE(game_slot(openings, 0).engine1_black);
    EXPECT_EQ(game_slot(openings, 1).opening, &openings[0]);
    EXPECT_FALSE(game_slot(openings, 1).engine1_black);
    EXPECT_EQ(game_slot(openings, 5).opening, &openings[2]);
    EXPECT_EQ(game_slot(openings, 6).opening, &openings[0]);
}

TEST(MatchOpenings, BadLinesAreNamed) {
    try {
        parse_openings("f5d6\nf5f5\n");
        FAIL() << "expected ParseError";
    } catch (const ParseError& error) {
        EXPECT_NE(std::string(error.what()).find("line 2"), std::string::npos) << error.what();
    }
    EXPECT_THROW(parse_openings("# only a comment\n"), ParseError);
}

TEST(MatchOpenings, FileOverTheSizeCapIsRefusedWithItsSize) {
    const std::string path = (std::filesystem::temp_directory_path() / "tempo_openings_huge_test.txt").string();
    {
        std::ofstream file(path);
        file << "f5d6c3\n";
    }
    ASSERT_EQ(load_openings(path).size(), 1u);
    std::filesystem::resize_file(path, kMaxOpeningsFileBytes + 1);  // sparse: nothing is written
    try {
        load_openings(path);
        FAIL() << "loaded an openings file over the size cap";
    } catch (const ParseError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(path), std::string::npos) << message;
        EXPECT_NE(message.find("file too large (" + std::to_string(kMaxOpeningsFileBytes + 1) + " bytes"),
                  std::string::npos)
            << message;
    }
    std::filesystem::remove(path);
    EXPECT_THROW(load_openings(path), ParseError);  // missing
}

// ---- matches --------------------------------------------------------------------------------------

struct MatchRun {
    MatchSummary summary;
    std::vector<GgfGame> games;
    std::vector<std::string> lines;  // the record file's, as written
    std::vector<std::string> log;
};

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += line;
    return text;
}

std::string temp_path(const std::string& name) {
    return (std::filesystem::path(::testing::TempDir()) / (name + "-" + std::to_string(::getpid()) + ".ggf")).string();
}

MatchSettings settings_for(const std::string& engine1, const std::string& engine2, int games) {
    MatchSettings settings;
    settings.engines[0].command = engine1;
    settings.engines[1].command = engine2;
    settings.engines[0].protocol = settings.engines[1].protocol = Protocol::kGtp;
    settings.openings = parse_openings("f5d6c4d3c2b3b4b5\nf5f6d3c5d6c7b5e3\nf5f4e3d2c3e6e1g5\n");
    settings.games = games;
    settings.concurrency = 2;
    settings.time.no_limit_timeout = 0.5;  // the hanging fake engine costs half a second per game
    return settings;
}

// The match, recorded in a temporary file; with `earlier_record`, resumed from a file of that text.
MatchRun run(MatchSettings settings, const std::string& name, const std::optional<std::string>& earlier_record = {}) {
    MatchRun result;
    settings.ggf_path = temp_path(name);
    if (earlier_record) {
        std::ofstream(settings.ggf_path, std::ios::binary) << *earlier_record;
        settings.resume = true;
    }
    MatchReporter reporter;
    reporter.log = [&result](const std::string& message) { result.log.push_back(message); };
    result.summary = run_match(settings, reporter);
    std::ifstream file(settings.ggf_path);
    std::string line;
    while (std::getline(file, line)) {
        result.lines.push_back(line);
        if (result.summary.fatal_error.empty()) result.games.push_back(parse_ggf(line));
    }
    std::filesystem::remove(settings.ggf_path);
    return result;
}

// Every record of a game played to the end replays, from its start board, to the score in RE.
void expect_records_replay(const MatchRun& run) {
    for (const GgfGame& record : run.games) {
        if (record.result.find(':') != std::string::npos) continue;  // forfeit: stops mid-game
        const Game game = replay_ggf(record);
        EXPECT_TRUE(game.is_over()) << write_ggf(record);
        EXPECT_EQ(std::to_string(game.black_margin()), record.result) << write_ggf(record);
    }
}

TEST(Match, RhinoSelfPlayIsLegalAndRecorded) {
    ASSERT_TRUE(have_rhino());
    const std::string rhino = std::string(kRhino) + " -l 1";
    MatchSettings settings = settings_for(rhino, rhino, 4);
    settings.time.no_limit_timeout = 30;
    const MatchRun result = run(settings, "rhino");
    EXPECT_TRUE(result.summary.fatal_error.empty()) << result.summary.fatal_error;
    EXPECT_EQ(result.summary.tally.games(), 4);
    EXPECT_EQ(result.summary.completed_games, 4);
    EXPECT_EQ(result.summary.forfeits[0].total() + result.summary.forfeits[1].total(), 0);
    EXPECT_EQ(result.summary.names[0], "GTP GRhino 0.16.1 #1");
    ASSERT_EQ(result.games.size(), 4u);
    long discs = 0;
    for (const GgfGame& record : result.games) {
        EXPECT_NE(record.black_name, record.white_name);
        EXPECT_GE(record.moves.size(), 8u + 1);  // the opening, then moves with times
        EXPECT_TRUE(record.moves.back().seconds.has_value());
        const int black = std::stoi(record.result);
        discs += record.black_name == result.summary.names[0] ? black : -black;
    }
    EXPECT_EQ(discs, result.summary.tally.disc_sum);
    expect_records_replay(result);
}

TEST(Match, TempoAgainstRhinoLevel1) {
    ASSERT_TRUE(have_rhino());
    MatchSettings settings = settings_for(kTempo + " gtp --hash 16 --level 2", std::string(kRhino) + " -l 1", 4);
    settings.time.no_limit_timeout = 30;
    const MatchRun result = run(settings, "tempo-rhino");
    EXPECT_TRUE(result.summary.fatal_error.empty()) << result.summary.fatal_error;
    EXPECT_EQ(result.summary.completed_games, 4) << joined(result.log);
    EXPECT_EQ(result.summary.names[0].rfind("Tempo", 0), 0u) << result.summary.names[0];
    ASSERT_EQ(result.games.size(), 4u);
    expect_records_replay(result);
}

TEST(Match, NboardEngineAgainstGtpEngine) {
    // The fake NBoard engine against the fake GTP engine: both play the first legal move, so the
    // games are fixed; passes go out as `move PA` (NBoard) and implicitly (GTP).
    MatchSettings settings = settings_for(kFake + " --nboard", kFake, 6);
    settings.engines[0].protocol = Protocol::kNboard;
    const MatchRun result = run(settings, "nboard");
    EXPECT_TRUE(result.summary.fatal_error.empty()) << result.summary.fatal_error;
    EXPECT_EQ(result.summary.completed_games, 6) << joined(result.log);
    EXPECT_EQ(result.summary.names[0], "FakeNboard");
    EXPECT_EQ(result.summary.names[1], "Fake none");
    ASSERT_EQ(result.games.size(), 6u);
    bool saw_eval = false, saw_pass = false;
    for (const GgfGame& record : result.games)
        for (const GgfMove& move : record.moves) saw_eval |= move.eval.has_value(), saw_pass |= move.move == kPass;
    EXPECT_TRUE(saw_eval);  // the NBoard engine's "=== F5/0.50/0.01" evals are kept
    EXPECT_TRUE(saw_pass);  // these openings lead to forced passes with first-legal-move play
    expect_records_replay(result);
}

// ---- resuming a match from its record --------------------------------------------------------------

std::string first_lines(const MatchRun& run, std::size_t count) {
    std::string text;
    for (std::size_t i = 0; i < count; ++i) text += run.lines[i] + "\n";
    return text;
}

// Which game each record is: its opening and who had Black.
std::multiset<std::pair<std::string, std::string>> game_keys(const MatchRun& run) {
    std::multiset<std::pair<std::string, std::string>> keys;
    for (const GgfGame& record : run.games) keys.emplace(record.other_tags.at(0).second, record.black_name);
    return keys;
}

// A match stopped after three of its six games, while writing the fourth record, ends as the match
// played through: the same statistics, forfeits included, and one record of every game.
void expect_resume_ends_as_the_full_match(const MatchSettings& settings, const std::string& name) {
    SCOPED_TRACE(name);
    const MatchRun full = run(settings, name + "-full");
    ASSERT_EQ(full.lines.size(), 6u);
    const std::string torn = first_lines(full, 3) + full.lines[3].substr(0, full.lines[3].size() / 2);
    const MatchRun resumed = run(settings, name + "-resumed", torn);
    EXPECT_TRUE(resumed.summary.fatal_error.empty()) << resumed.summary.fatal_error;
    EXPECT_EQ(joined(resumed.log).find("3 games recorded, and an unfinished last record dropped") == std::string::npos,
              false)
        << joined(resumed.log);
    const Tally &a = full.summary.tally, &b = resumed.summary.tally;
    EXPECT_EQ(std::tuple(a.wins, a.draws, a.losses, a.disc_sum), std::tuple(b.wins, b.draws, b.losses, b.disc_sum));
    EXPECT_EQ(resumed.summary.completed_games, full.summary.completed_games);
    EXPECT_EQ(resumed.summary.timed_moves, full.summary.timed_moves);  // the same moves, read back or played
    EXPECT_EQ(resumed.summary.points, full.summary.points);
    for (int e = 0; e < 2; ++e) EXPECT_EQ(resumed.summary.forfeits[e].by_kind, full.summary.forfeits[e].by_kind);
    ASSERT_EQ(resumed.lines.size(), 6u);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(resumed.lines[i], full.lines[i]);  // kept as they were
    EXPECT_EQ(game_keys(resumed), game_keys(full));
    expect_records_replay(resumed);
}

TEST(MatchResume, PlaysOnlyTheGamesNotRecorded) {
    expect_resume_ends_as_the_full_match(settings_for(kFake, kFake, 6), "resume");
    expect_resume_ends_as_the_full_match(settings_for(kFake, kFake + " --fail crash --at 3", 6), "resume-forfeits");
}

TEST(MatchResume, ACompleteRecordPlaysNothing) {
    const MatchSettings settings = settings_for(kFake, kFake, 6);
    const MatchRun full = run(settings, "complete");
    const MatchRun again = run(settings, "complete-again", first_lines(full, 6));
    EXPECT_TRUE(again.summary.fatal_error.empty()) << again.summary.fatal_error;
    EXPECT_EQ(again.lines, full.lines);
    EXPECT_EQ(again.summary.tally.disc_sum, full.summary.tally.disc_sum);
    EXPECT_EQ(again.summary.completed_games, 6);
}

// A record that is not this match's leaves the file as it was, and the error names the record.
TEST(MatchResume, AForeignRecordIsNamedAndNothingIsPlayed) {
    const MatchSettings settings = settings_for(kFake, kFake, 6);
    const MatchRun full = run(settings, "foreign");
    const auto expect_refused = [&](const MatchSettings& resumed_settings, const std::string& text,
                                    const std::string& error) {
        SCOPED_TRACE(error);
        const MatchRun resumed = run(resumed_settings, "foreign-resumed", text);
        EXPECT_NE(resumed.summary.fatal_error.find(error), std::string::npos) << resumed.summary.fatal_error;
        EXPECT_NE(resumed.summary.fatal_error.find("nothing played"), std::string::npos);
        EXPECT_EQ(resumed.summary.tally.games(), 0);
        EXPECT_EQ(first_lines(resumed, resumed.lines.size()), text);
        // The summary does not claim that games were saved, as it does after games.
        MatchSettings with_file = resumed_settings;
        with_file.ggf_path = "resumed.ggf";
        EXPECT_EQ(summary_report(resumed.summary, with_file).find("Games saved"), std::string::npos);
        with_file.ggf_path = "full.ggf";
        EXPECT_NE(summary_report(full.summary, with_file).find("Games saved to full.ggf"), std::string::npos);
    };
    std::string other_player = full.lines[1];
    other_player.replace(other_player.find("PB[") + 3, 0, "Someone else, not ");
    expect_refused(settings, full.lines[0] + "\n" + other_player + "\n", "record 2: the players Someone else");
    expect_refused(settings, "hello\n", "record 1: ");
    std::string other_opening = full.lines[0];
    other_opening.replace(other_opening.find("CO[opening ") + 11, 0, "a1");
    expect_refused(settings, other_opening + "\n", "record 1: the opening \"a1");
    MatchSettings shorter = settings;
    shorter.games = 4;
    expect_refused(shorter, first_lines(full, 6), "one game too many");
}

// A run compared with an earlier record of the same match, game by game; and each engine's mean
// time a move, from the moves the referee timed.
// The engines are named as with --engine1-name and --engine2-name: the build under test and the
// baseline keep their names from run to run.
MatchSettings named(MatchSettings settings) {
    settings.engines[0].name = "new";
    settings.engines[1].name = "baseline";
    return settings;
}

TEST(MatchPaired, ScoreDifferenceWithAnEarlierRunAndMeanTimes) {
    const MatchRun earlier = run(named(settings_for(kFake, kFake, 4)), "paired-earlier");
    ASSERT_EQ(earlier.lines.size(), 4u);
    int timed = 0;
    for (const GgfGame& record : earlier.games)
        for (const GgfMove& move : record.moves) timed += move.seconds.has_value();
    EXPECT_GT(earlier.summary.timed_moves[0], 0);
    EXPECT_GT(earlier.summary.timed_moves[1], 0);
    EXPECT_EQ(earlier.summary.timed_moves[0] + earlier.summary.timed_moves[1], timed);
    EXPECT_FALSE(earlier.summary.paired);
    MatchSettings plain = settings_for(kFake, kFake, 4);
    EXPECT_NE(summary_report(earlier.summary, plain).find("Mean time a move: engine 1 "), std::string::npos);

    const std::string earlier_path = temp_path("paired-earlier-kept");
    std::ofstream(earlier_path, std::ios::binary) << first_lines(earlier, 4);
    // Engine 2 now crashes at its first move: engine 1 wins every game.
    MatchSettings settings = named(settings_for(kFake, kFake + " --fail crash --at 1", 4));
    settings.paired_path = earlier_path;
    const MatchRun now = run(settings, "paired-now");
    EXPECT_TRUE(now.summary.fatal_error.empty()) << now.summary.fatal_error;
    ASSERT_TRUE(now.summary.paired);
    EXPECT_EQ(now.summary.paired->games, 4);
    EXPECT_NEAR(now.summary.paired->mean, 1.0 - earlier.summary.tally.score(), 1e-12);
    EXPECT_NE(
        summary_report(now.summary, settings).find("Paired with " + earlier_path + " game by game (4 games in both)"),
        std::string::npos)
        << summary_report(now.summary, settings);

    // A record of another match, or no file at all: named, and nothing is played.
    const auto expect_refused = [&](const std::string& text, const std::string& error) {
        SCOPED_TRACE(error);
        std::ofstream(earlier_path, std::ios::binary) << text;
        const MatchRun refused = run(settings, "paired-refused");
        EXPECT_NE(refused.summary.fatal_error.find("--paired-with: " + earlier_path + ": " + error), std::string::npos)
            << refused.summary.fatal_error;
        EXPECT_NE(refused.summary.fatal_error.find("nothing played"), std::string::npos);
        EXPECT_EQ(refused.summary.tally.games(), 0);
    };
    std::string other_player = earlier.lines[1];
    other_player.replace(other_player.find("PB[") + 3, 0, "Someone else, not ");
    expect_refused(other_player + "\n", "record 1: the players Someone else");
    expect_refused(first_lines(earlier, 4) + earlier.lines[0] + "\n", "record 5: one game too many");
    std::filesystem::remove(earlier_path);
    const MatchRun missing = run(settings, "paired-missing");
    EXPECT_NE(missing.summary.fatal_error.find("--paired-with: " + earlier_path + ": cannot open"), std::string::npos)
        << missing.summary.fatal_error;
    EXPECT_EQ(missing.summary.tally.games(), 0);
}

// The shipped XOT lists by their short names; other names are paths.
TEST(Openings, ShippedListsByShortName) {
    EXPECT_EQ(load_openings(openings_path("xot-small")).size(), 3623u);
    EXPECT_EQ(load_openings(openings_path("xot-large")).size(), 10784u);
    EXPECT_EQ(openings_path("my/own.txt"), "my/own.txt");
}

// An engine started from its own folder (`cd DIR && ./engine`, as NTest must be) plays; a hang
// of such an engine is still a forfeit, so stop() kills the engine and not just its shell.
TEST(Match, CompoundCommandsStartTheEngineInItsFolder) {
    const std::filesystem::path fake(kFake);
    const std::string in_folder = "cd '" + fake.parent_path().string() + "' && ./" + fake.filename().string();
    MatchSettings settings = settings_for(in_folder, kFake, 2);
    const MatchRun result = run(settings, "compound");
    EXPECT_TRUE(result.summary.fatal_error.empty()) << result.summary.fatal_error;
    EXPECT_EQ(result.summary.completed_games, 2) << joined(result.log);
    expect_records_replay(result);

    settings = settings_for(kFake, in_folder + " --fail hang --at 1", 2);
    const MatchRun hung = run(settings, "compound-hang");
    EXPECT_TRUE(hung.summary.fatal_error.empty()) << hung.summary.fatal_error;
    EXPECT_EQ(hung.summary.forfeits[1].by_kind[static_cast<int>(FailureKind::kTimeout)], 2);
}

// Engine 2 misbehaves on its first or third move in every game: it loses each game by forfeit,
// is restarted, and the match goes on to the end.
void expect_forfeits(const std::string& fail, FailureKind kind, bool nboard = false) {
    SCOPED_TRACE(fail);
    for (const char* at : {"1", "3"}) {
        MatchSettings settings =
            settings_for(kFake, kFake + (nboard ? " --nboard" : "") + " --fail " + fail + " --at " + at, 4);
        if (nboard) settings.engines[1].protocol = Protocol::kNboard;
        const MatchRun result = run(settings, "forfeit-" + fail);
        EXPECT_TRUE(result.summary.fatal_error.empty()) << result.summary.fatal_error;
        EXPECT_EQ(result.summary.tally.wins, 4);
        EXPECT_EQ(result.summary.tally.disc_sum, 4 * 64);
        EXPECT_EQ(result.summary.forfeits[0].total(), 0);
        EXPECT_EQ(result.summary.forfeits[1].by_kind[static_cast<int>(kind)], 4);
        ASSERT_EQ(result.log.size(), 4u);
        EXPECT_NE(result.log[0].find("last lines"), std::string::npos) << result.log[0];
        ASSERT_EQ(result.games.size(), 4u);
        for (const GgfGame& record : result.games) {
            EXPECT_EQ(record.result, record.black_name == result.summary.names[0]
                                         ? (kind == FailureKind::kTimeout ? "64:t" : "64:r")
                                         : (kind == FailureKind::kTimeout ? "-64:t" : "-64:r"));
            replay_ggf(record);  // the moves before the forfeit are legal
        }
    }
}

TEST(Match, IllegalMoveForfeits) { expect_forfeits("illegal", FailureKind::kIllegalMove); }
TEST(Match, CrashForfeits) { expect_forfeits("crash", FailureKind::kCrash); }
TEST(Match, HangForfeits) { expect_forfeits("hang", FailureKind::kTimeout); }
TEST(Match, GarbageForfeits) { expect_forfeits("garbage", FailureKind::kGarbage); }
TEST(Match, NboardGarbageAndIllegalForfeit) {
    expect_forfeits("garbage", FailureKind::kGarbage, true);
    expect_forfeits("illegal", FailureKind::kIllegalMove, true);  // "=== PA" with moves left... or a1
}

TEST(Match, ResignationLosesWithoutRestart) {
    const MatchRun result = run(settings_for(kFake, kFake + " --fail resign --at 2", 2), "resign");
    EXPECT_EQ(result.summary.tally.wins, 2);
    EXPECT_EQ(result.summary.forfeits[1].total(), 0);
    EXPECT_EQ(result.summary.completed_games, 0);
}

TEST(Match, SprtStopsEarly) {
    MatchSettings settings = settings_for(kFake, kFake + " --fail illegal", 40);
    settings.concurrency = 1;
    settings.sprt = SprtSettings{0, 50, 0.05, 0.05};
    const MatchRun result = run(settings, "sprt");
    EXPECT_EQ(result.summary.verdict, SprtVerdict::kAcceptH1);
    EXPECT_TRUE(result.summary.stopped_early);
    EXPECT_LT(result.summary.tally.games(), 40);
}

TEST(Match, EngineThatDoesNotStartEndsTheMatch) {
    const MatchRun result = run(settings_for(kFake, "/nonexistent/engine", 2), "missing");
    EXPECT_FALSE(result.summary.fatal_error.empty());
    EXPECT_EQ(result.summary.tally.games(), 0);
}

TEST(Match, DetectsTheProtocol) {
    EXPECT_EQ(detect_protocol(kFake, 5.0), Protocol::kGtp);
    EXPECT_EQ(detect_protocol(kFake + " --nboard", 0.3), Protocol::kNboard);
    ASSERT_TRUE(have_rhino());
    EXPECT_EQ(detect_protocol(std::string(kRhino) + " -l 1", 5.0), Protocol::kGtp);
}

}  // namespace
}  // namespace tempo::match
