// Self-play through `tempo gtp`: the driver is the controller. Each game is `time_left`+`genmove`
// for the side to move (sometimes a driver's own `play`, sometimes an implicit pass), with `quit`,
// EOF, `clear_board`, `undo`, board checks and junk lines injected at random, mid-search or between
// moves. Every response is checked for framing and id; every move against the engine core; every
// clock for overruns; the engine's board against the driver's.
#pragma once

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "tests/stress/stress_run.hpp"

namespace tempo::stress {

class GtpStress {
public:
    GtpStress(const StressOptions& options, StressStats& stats, std::mt19937_64& random);
    ~GtpStress();

    // Plays one game from a random opening of `variant` to its end.
    void play_game(Variant variant);

private:
    struct Response {
        bool ok = false;
        std::string id;
        std::string text;  // lines joined by '\n', without the "=id " prefix
    };

    void start_engine();
    // Sets the engine's game to the driver's: board size, clear_board, clocks, every move.
    void replay_to_engine();
    // Sends `command` with a fresh id; returns the id (empty if the engine no longer reads).
    std::string send(const std::string& command);
    // Reads the response to `id` (responses to earlier ids are checked and dropped).
    std::optional<Response> response(const std::string& id, Clock::time_point deadline, const char* waiting_for);
    // `command` then its response, which must be a success; false on any failure.
    bool command_ok(const std::string& command);
    // Ends the engine by quit or EOF while `pending_id` (a genmove) may be running; checks the
    // genmove still answers legally and the process exits 0.
    void end_engine(bool by_eof, const std::string& pending_id);
    // Asks for the side to move's move; applies it to the driver's game; false if the game stopped.
    bool engine_move();
    bool check_board();
    // Applies a genmove answer to the driver's game, checking it; false if illegal.
    bool apply_answer(const Response& answer, const Game& position);

    const StressOptions& options_;
    StressStats& stats_;
    std::mt19937_64& random_;
    std::unique_ptr<ChildProcess> engine_;
    long next_id_ = 1;

    Game game_;
    std::size_t engine_known_ = 0;  // how many of game_'s moves the engine has been told (or played)
    double left_[2] = {0, 0};       // clock seconds left for black, white
    bool failed_ = false;
};

}  // namespace tempo::stress
