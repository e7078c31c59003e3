#include "tests/stress/stress_run.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace tempo::stress {

void StressStats::fail(const std::string& kind, const std::string& what) {
    if (kind == "crash")
        ++crashes;
    else if (kind == "illegal move")
        ++illegal_moves;
    else if (kind == "time loss")
        ++time_losses;
    else if (kind == "hang")
        ++hangs;
    else
        ++protocol_errors;
    if (failures.size() < 20) failures.push_back(kind + ": " + what);
    std::fprintf(stderr, "stress: %s: %s\n", kind.c_str(), what.c_str());
}

void StressStats::print(const StressOptions& options, double seconds) const {
    std::printf("protocol stress: %d games in %.1f s (threads %d, hash %d MiB, clock %.1f s a side, seed %llu)\n",
                games, seconds, options.threads, options.hash_mb, options.clock_seconds,
                static_cast<unsigned long long>(options.seed));
    for (const auto& [protocol, count] : games_by_protocol) std::printf("  %-8s %d games\n", protocol.c_str(), count);
    std::printf("  requests %ld, engine moves checked %ld, engine processes %d\n", requests, moves_checked,
                engine_starts);
    int total = 0;
    std::string kinds;
    for (const auto& [kind, count] : injected) {
        total += count;
        kinds += " " + kind + "=" + std::to_string(count);
    }
    std::printf("  injected %d:%s\n", total, kinds.c_str());
    std::printf("  crashes %d, illegal moves %d, time losses %d, hangs %d, protocol errors %d\n", crashes,
                illegal_moves, time_losses, hangs, protocol_errors);
    std::printf("  closest clock: %.3f s left\n", min_clock_left);
    for (const auto& [protocol, m] : memory)
        std::printf("  %-8s peak RSS (VmHWM) %.1f MiB; RSS after its first game %.1f MiB, after its last %.1f MiB\n",
                    protocol.c_str(), m.peak_kib / 1024.0, m.first_game_kib / 1024.0, m.last_game_kib / 1024.0);
    for (const std::string& failure : failures) std::printf("  FAILED %s\n", failure.c_str());
}

std::vector<std::string> engine_command(const StressOptions& options, const std::string& protocol) {
    std::vector<std::string> argv{options.tempo, protocol,
                                  "--threads",   std::to_string(options.threads),
                                  "--hash",      std::to_string(options.hash_mb),
                                  "--level",     "60"};
    argv.insert(argv.end(), options.extra_args.begin(), options.extra_args.end());
    return argv;
}

void trace(const char* direction, const std::string& line) {
    static const auto start = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "%9.3f %s %.200s\n", seconds, direction, line.c_str());
}

double chance(std::mt19937_64& random) { return std::uniform_real_distribution<double>(0, 1)(random); }

Move random_legal_move(const Game& game, std::mt19937_64& random) {
    Bitboard legal = game.legal_moves();
    if (!legal) return kPass;
    const int count = popcount(legal);
    int pick = std::uniform_int_distribution<int>(0, count - 1)(random);
    while (pick-- > 0) legal &= legal - 1;
    return first_square(legal);
}

Game random_opening(Variant variant, std::mt19937_64& random, int max_plies) {
    while (true) {
        Game game(variant);
        const int plies = std::uniform_int_distribution<int>(0, max_plies)(random);
        for (int i = 0; i < plies && !game.is_over(); ++i) game.play(random_legal_move(game, random));
        if (!game.is_over()) return game;
    }
}

std::string garbage_line(std::mt19937_64& random, const std::string& protocol) {
    // Junk must never be a legal request the driver does not track: the engine reads "move D4/x/y" as
    // F5 (unreadable eval and time are ignored, as NBoard does), so the bad move item is on D4, a
    // centre square that is never empty on either board size.
    static const std::vector<std::string> nboard{
        "xyzzy",
        "set",
        "set game",
        "set game (;GM[Othello]BO[8 ----",
        "set game (;GM[Othello]B[Z9];)",
        "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[A1];)",
        "set depth -5",
        "set depth 99999999999999999999",
        "set depth abc",
        "set contempt x",
        "move",
        "move Z9",
        "move D4/x/y",
        "move i9",
        "hint",
        "hint -3",
        "hint 99999999999",
        "nboard",
        "nboard 99",
        "learn",
        "analyze",
        "set myname Evil",
        "===",
        "pong 3",
        "\t  \t",
        ""};
    static const std::vector<std::string> gtp{"xyzzy",
                                              "play",
                                              "play black",
                                              "play purple f5",
                                              "play black z9",
                                              "genmove purple",
                                              "boardsize 7",
                                              "boardsize",
                                              "komi nan",
                                              "komi 1e400",
                                              "time_settings -1 0 0",
                                              "time_left black x 0",
                                              "level 0",
                                              "level 61",
                                              "known_command",
                                              "12345678901234567890 name",
                                              "# a comment",
                                              "\x01\x02 name",
                                              "",
                                              "   "};
    const double kind = chance(random);
    if (kind < 0.1) return std::string(70 * 1024, 'a');  // over the line limit
    if (kind < 0.2) {                                    // printable junk
        std::string junk;
        const int length = std::uniform_int_distribution<int>(1, 200)(random);
        for (int i = 0; i < length; ++i) junk += static_cast<char>(std::uniform_int_distribution<int>(32, 126)(random));
        return junk;
    }
    const auto& list = protocol == "nboard" ? nboard : gtp;
    return list[std::uniform_int_distribution<std::size_t>(0, list.size() - 1)(random)];
}

void sample_memory(const ChildProcess& engine, const std::string& protocol, bool game_over, StressStats& stats) {
    StressStats::Memory& memory = stats.memory[protocol];
    memory.peak_kib = std::max(memory.peak_kib, engine.peak_rss_kib());
    if (!game_over) return;
    const long rss = engine.rss_kib();
    if (!memory.first_game_kib) memory.first_game_kib = rss;
    memory.last_game_kib = rss;
}

}  // namespace tempo::stress
