// What the protocol stress test shares between its NBoard and GTP drivers: the options, the
// tallies it reports, and the random choices (openings, injections, garbage lines).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "tools/process/child_process.hpp"

namespace tempo::stress {

using process::ChildProcess;
using process::clean_exit;
using process::Clock;
using process::describe_status;

// `seconds` as a Clock duration, and the time point that far from now.
inline Clock::duration seconds(double value) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(value));
}
inline Clock::time_point after(double value) { return Clock::now() + seconds(value); }

struct StressOptions {
    std::string tempo = "build/tools/tempo";
    int games = 6;  // in all, alternating NBoard and GTP
    int threads = 2;
    int hash_mb = 16;
    double clock_seconds = 2.0;  // each side's clock for a whole game
    double inject_rate = 0.05;   // chance per move of each kind of mid-search injection
    std::uint64_t seed = 1;
    std::vector<std::string> variants{"8x8", "6x6"};
    std::vector<std::string> protocols{"nboard", "gtp"};
    double hang_seconds = 10;             // an answer later than the clock allows plus this is a hang
    long max_rss_mib = 0;                 // 0: hash + 160 MiB
    std::vector<std::string> extra_args;  // appended to the engine's command line
    bool verbose = false;
};

struct StressStats {
    int games = 0;
    std::map<std::string, int> games_by_protocol;
    long moves_checked = 0;               // engine moves checked for legality
    long requests = 0;                    // go / genmove / hint requests sent
    std::map<std::string, int> injected;  // mid-search and between-move injections by kind
    int engine_starts = 0;
    int crashes = 0, illegal_moves = 0, time_losses = 0, hangs = 0, protocol_errors = 0;
    // Memory of the engine processes by protocol: peak (VmHWM over all its processes), and the RSS
    // at the end of its first game and at the end of its last, to show whether it grows.
    struct Memory {
        long peak_kib = 0, first_game_kib = 0, last_game_kib = 0;
    };
    std::map<std::string, Memory> memory;
    double min_clock_left = 1e9;        // seconds: the closest any side came to losing on time
    std::vector<std::string> failures;  // the first few, in words

    // Records a failure of `kind` ("crash", "illegal move", ...) described by `what`.
    void fail(const std::string& kind, const std::string& what);
    int failed() const { return crashes + illegal_moves + time_losses + hangs + protocol_errors; }
    void print(const StressOptions& options, double seconds) const;
};

// The engine command line for `protocol` ("nboard" or "gtp").
std::vector<std::string> engine_command(const StressOptions& options, const std::string& protocol);

// A game of `variant` after 0..max_plies random legal plies from the start (never a finished game).
Game random_opening(Variant variant, std::mt19937_64& random, int max_plies);

// A line no engine should act on: unknown commands, bad arguments, binary junk, over-long lines.
std::string garbage_line(std::mt19937_64& random, const std::string& protocol);

// Echoes one line of protocol traffic to stderr, stamped with the seconds since the run started
// (clock findings are read off these stamps): `direction` is e.g. "nboard>" or "gtp<".
void trace(const char* direction, const std::string& line);

// Uniform random in [0, 1).
double chance(std::mt19937_64& random);
// A random legal move (a square, or kPass when the side to move must pass).
Move random_legal_move(const Game& game, std::mt19937_64& random);

// Records an engine process's memory into `stats`; `game_over`: at the end of a game.
void sample_memory(const ChildProcess& engine, const std::string& protocol, bool game_over, StressStats& stats);

}  // namespace tempo::stress
