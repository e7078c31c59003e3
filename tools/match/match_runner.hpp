// A match: N games between engine 1 and engine 2 over an opening set, `concurrency` games at a
// time (each worker owns one process per engine and restarts an engine after it forfeits), with
// live progress, every game appended to one GGF file, and an optional SPRT that stops early.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tools/match/engine_player.hpp"
#include "tools/match/game_play.hpp"
#include "tools/match/match_stats.hpp"
#include "tools/match/openings.hpp"

namespace tempo::match {

struct MatchSettings {
    std::array<EngineSpec, 2> engines;  // protocols must be resolved (see detect_protocol)
    TimeControl time;
    std::vector<Opening> openings;  // in play order; game 2k and 2k+1 use openings[k % size]
    int games = 2;
    int concurrency = 1;
    std::optional<SprtSettings> sprt;
    std::string ggf_path;  // empty: no record file
    // Keep the games an earlier run of this match recorded in `ggf_path` and play only the others
    // (match_resume.hpp); without the file the match starts afresh.
    bool resume = false;
    // An earlier record of this match (the same engine names, openings, seed and number of games) to
    // compare with game by game (MatchSummary::paired); empty: none.
    std::string paired_path;
    const std::atomic<bool>* interrupt = nullptr;  // raised (e.g. by Ctrl-C): stop after aborting running games
};

// Forfeits charged to one engine, by kind (indexed by FailureKind).
struct ForfeitCounts {
    std::array<int, 4> by_kind{};
    int total() const { return by_kind[0] + by_kind[1] + by_kind[2] + by_kind[3]; }
};

struct MatchSummary {
    std::array<std::string, 2> names;  // as the engines reported them (or the user's names)
    Tally tally;                       // from engine 1's view
    std::array<ForfeitCounts, 2> forfeits;
    int completed_games = 0;    // games that ended normally on the board
    std::optional<double> llr;  // with SPRT
    SprtVerdict verdict = SprtVerdict::kContinue;
    bool stopped_early = false;  // SPRT decided, or interrupted
    std::string fatal_error;     // an engine that cannot even be started ends the match
    double seconds = 0;
    // Each engine's thinking (0: engine 1) over the moves the referee timed, for comparing the
    // engines' mean time a move.
    std::array<double, 2> think_seconds{};
    std::array<int, 2> timed_moves{};
    std::vector<std::optional<double>> points;  // engine 1's, by game number (none: not played)
    std::optional<PairedDifference> paired;     // with `paired_path`: this run against that one
};

// Lines for the user: `progress` gets the one-line state after each game, `log` forfeits and
// other events (each call is one complete message, possibly several lines).
struct MatchReporter {
    std::function<void(const std::string&)> progress;
    std::function<void(const std::string&)> log;
};

MatchSummary run_match(const MatchSettings& settings, const MatchReporter& reporter);

// "Games 12/200  W 5 D 1 L 6  score 45.8%  Elo -29 [-150, +90]" (+ "  LLR 0.12 [-2.94, 2.94]").
std::string progress_line(const MatchSummary& summary, int total_games, const std::optional<SprtSettings>& sprt);
// The final report: results, Elo with interval, discs, forfeits, SPRT verdict (several lines).
std::string summary_report(const MatchSummary& summary, const MatchSettings& settings);
// An Elo figure for people: "+190.8", "-inf".
std::string format_elo(double elo);

}  // namespace tempo::match
