// The engine behind every front end: one Game, one Player and the settings a protocol changes
// (level, variant). Searches run on their own thread so the protocol loop stays responsive;
// NBoard, GTP and the console are thin translators over this object.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#include "engine/game.hpp"
#include "protocol/line_output.hpp"
#include "play/player.hpp"

namespace tempo::protocol {

// What the command line sets for every mode (see tools/cli/engine_options.hpp).
struct EngineConfig {
    PlayerOptions player;  // threads, hash, evaluation weights file, book
    std::string level = "normal";
    bool level_chosen = false;  // --level was given: a controller's clock only caps it
    Variant variant;
    // The book of `variant` as opened (and checked) at start-up, so that the session does not
    // read the file again; nullptr: the player opens what its options name.
    std::shared_ptr<const book::Book> book;
    // The evaluation of `variant` as loaded (and checked) at start-up, likewise; nullptr: the
    // searcher loads what its options name.
    std::shared_ptr<const Evaluator> evaluator;
    bool ponder = false;  // think on the opponent's time (--ponder)
};

class Session;

// Handed to a search job on the search thread: runs searches and writes output lines, both of
// which stop counting the moment the job is cancelled. The job's one stop source (Session::start
// makes it) ends every search of the job from the moment cancel(), interrupt() or hurry() asks.
class SearchJob {
public:
    // Searches `game` (analysis: no book, no noise); `on_info` runs on this thread after each
    // iteration, unless cancelled.
    SearchResult run(const Game& game, const Limits& limits,
                     const std::function<void(const SearchResult&)>& on_info = {});
    // Plays a move of `game` at `level` through the Player (the book first, a weak level's noise).
    SearchResult play(const Game& game, const Level& level,
                      const std::function<void(const SearchResult&)>& on_info = {});
    // Thinks on the opponent's time: a silent search of `position` (the opponent to move) that
    // fills the transposition table, the next move's search finding its results there, until the
    // job is stopped. Returns at once without --ponder or when the game is over.
    void ponder(const Game& position);
    // Marks `position` as the one this job will ponder (false without --ponder or when the game is
    // over). Called before the line that lets the GUI answer (NBoard's `===`), so that its echo
    // of the move, however quick, finds the ponder announced; the job's end clears the mark.
    bool announce_ponder(const Game& position);
    // The evaluation the job's searches of `variant` use (loaded already: Session::set_game prepares).
    std::shared_ptr<const Evaluator> evaluator(Variant variant);
    // For searches the job runs through other means (the book's valuer).
    std::stop_token stop_token() const { return stop_; }
    // Writes one output line unless the job was cancelled; check and write are one atomic step,
    // so nothing of a cancelled job can follow the canceller's next line (NBoard's pong).
    bool emit(std::string_view line);
    bool cancelled() const;

private:
    friend class Session;
    Limits adjusted(Limits limits) const;
    std::function<void(const SearchResult&)> unless_cancelled(
        const std::function<void(const SearchResult&)>& on_info) const;
    SearchJob(Session& session, std::stop_token stop) : session_(session), stop_(std::move(stop)) {}
    Session& session_;
    std::stop_token stop_;
};

class Session {
public:
    Session(EngineConfig config, LineOutput& output);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // The game: change it only while no job runs (after cancel() or wait()).
    Game& game() { return game_; }
    const Game& game() const { return game_; }
    Variant variant() const { return game_.variant(); }
    // A new game from the standard start of `variant` (the searcher forgets what it learnt).
    void new_game(Variant variant);
    void new_game() { new_game(game_.variant()); }
    void set_game(Game game);

    // Levels: "easy", "normal", "hard" or a depth 1..60 (NBoard's `set depth`). Throws ParseError.
    void set_level(std::string_view level);
    const std::string& level() const { return level_; }
    // Whether the level was chosen (--level, GTP `level`, NBoard `set depth`) rather than the default.
    bool level_chosen() const { return level_chosen_; }
    // The current level, for a move in the current game.
    Level current_level() const { return parse_level(level_); }

    bool ponders() const { return ponder_; }
    // Whether the running job is pondering; whether it is pondering the position of `game` (its
    // board from the side to move).
    bool pondering() const;
    bool pondering(const Game& game) const;
    // Replaces the game without stopping a ponder on its position (NBoard's echo of the
    // engine's own move); anything else stops the running job as set_game does.
    void set_game_keeping_ponder(Game game);

    // Starts `job` on the search thread (cancelling any job still running).
    void start(std::function<void(SearchJob&)> job);
    // Stops the running job and waits for it; it writes nothing more. Safe when idle.
    void cancel();
    // Waits for the running job to finish on its own.
    void wait();
    bool busy() const { return worker_.joinable() && !finished_; }
    // From any thread: the running search returns its best move now, and any later one of the
    // same job at once; the job goes on.
    void interrupt();
    // From any thread: from now on every search stops at once with the best move found
    // (the controller has gone or asked to quit; answers must still come, but quickly).
    void hurry();

    Player& player() { return player_; }
    Searcher& searcher() { return player_.searcher(); }
    LineOutput& output() { return output_; }

private:
    friend class SearchJob;

    // Requests the running job's stop (a finished job's: no effect).
    void stop_job();

    LineOutput& output_;
    Player player_;
    Game game_;
    std::string level_;
    bool level_chosen_ = false;
    std::thread worker_;
    // The running job's stop; the mutex because interrupt() and hurry() come from the reader thread.
    std::mutex stop_mutex_;
    std::stop_source job_stop_;
    std::atomic<bool> cancelled_{false};
    std::atomic<bool> finished_{true};
    std::atomic<bool> hurrying_{false};
    bool ponder_;
    // The position the running job ponders; the mutex because the reader thread asks.
    mutable std::mutex ponder_mutex_;
    std::optional<Board> pondered_;
};

}  // namespace tempo::protocol
