// Self-play through `tempo nboard`: the driver is the GUI. Each game is a series of
// `move`/`ping`/`go` requests as NBoard sends them, with pings, new positions, `quit`, EOF, hints
// and junk lines injected at random, mid-search or between moves. Every `===` is checked against
// the engine core (legal in the position it answers), every pong for order (no stale output after
// it), every game clock for overruns.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "engine/game.hpp"
#include "tests/stress/stress_run.hpp"

namespace tempo::stress {

class NboardStress {
public:
    NboardStress(const StressOptions& options, StressStats& stats, std::mt19937_64& random);
    ~NboardStress();

    // Plays one game from a random opening of `variant` to its end.
    void play_game(Variant variant);

private:
    // What the driver last asked for and may still get an answer to.
    struct Request {
        long ping = 0;
        Game game;  // the position the answer must be legal in
        Clock::time_point sent;
    };

    void start_engine();
    // Stops the engine with quit (or EOF) and checks it exits cleanly; restarts it if `restart`.
    void end_engine(bool by_eof, bool restart);
    bool send(const std::string& line);
    // `set game` with the current game and its clocks.
    std::string set_game_line() const;
    // Sends ping n+1 and reads until its pong; lines before it belong to older requests.
    bool sync();
    // Sends `go` for the current position and returns the engine's move, handling injections;
    // nullopt when the game was abandoned (crash, hang, protocol error).
    std::optional<Move> request_move();
    // Reads and checks one line; false on EOF or timeout (recorded as a failure).
    bool read_one(Clock::time_point deadline, const char* waiting_for);
    // Checks one output line against the protocol; sets `answer_` for a current `===`.
    void check_line(const std::string& line);
    void check_search_line(const std::string& line);
    void hint_then_cancel();

    const StressOptions& options_;
    StressStats& stats_;
    std::mt19937_64& random_;
    std::unique_ptr<ChildProcess> engine_;

    Game game_;
    std::vector<double> move_seconds_;  // time of each move of game_, for the GGF record
    double used_[2] = {0, 0};           // clock time used by black, white
    long latest_ping_ = 0;              // the last ping sent
    long last_pong_ = 0;                // the last pong received
    std::optional<Request> request_;    // the outstanding `go` whose answer the driver waits for
    // Every `go` and `hint` not yet known to be over, by the number of the ping sent just before it:
    // output after `pong k` can only answer the request made after `ping k` (NBoard's §4), so a
    // line that finds no entry here for the last pong is stale output.
    std::map<long, Game> gos_;
    std::map<long, Game> hints_;
    std::optional<std::string> answer_;  // the `===` line answering request_
    bool failed_ = false;                // this game was abandoned
};

}  // namespace tempo::stress
