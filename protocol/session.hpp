// The engine behind every front end: one Game, one Searcher and the settings a protocol changes
// (level, variant). Searches run on their own thread so the protocol loop stays responsive;
// NBoard, GTP and the console are thin translators over this object.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "engine/game.hpp"
#include "protocol/line_output.hpp"
#include "search/searcher.hpp"

namespace tempo::protocol {

// What the command line sets for every mode (see tools/cli/engine_options.hpp).
struct EngineConfig {
    SearcherOptions searcher;  // threads, hash, evaluation weights file
    std::string level = "normal";
    bool level_chosen = false;  // --level was given: a controller's clock only caps it
    Variant variant;
    // The book of `variant` as opened (and checked) at start-up, so that the session does not
    // read the file again; nullptr: the searcher opens what its options name.
    std::shared_ptr<const Book> book;
};

class Session;

// Handed to a search job on the search thread: runs searches and writes output lines, both of
// which stop counting the moment the job is cancelled.
class SearchJob {
public:
    // Searches `game`; `on_info` runs on this thread after each iteration, unless cancelled.
    SearchResult run(const Game& game, const Limits& limits,
                     const std::function<void(const SearchInfo&)>& on_info = {});
    // Writes one output line unless the job was cancelled; check and write are one atomic step,
    // so nothing of a cancelled job can follow the canceller's next line (NBoard's pong).
    bool emit(std::string_view line);
    bool cancelled() const;

private:
    friend class Session;
    explicit SearchJob(Session& session) : session_(session) {}
    Session& session_;
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
    // The limits of the current level for a move in the current game.
    Limits level_limits() const;
    // The limits of a level; throws ParseError naming the problem for a bad one.
    static Limits limits_for_level(std::string_view level);

    // Starts `job` on the search thread (cancelling any job still running).
    void start(std::function<void(SearchJob&)> job);
    // Stops the running job and waits for it; it writes nothing more. Safe when idle.
    void cancel();
    // Waits for the running job to finish on its own.
    void wait();
    bool busy() const { return worker_.joinable() && !finished_; }
    // From any thread: the running search returns its best move now; the job goes on.
    void interrupt();
    // From any thread: from now on every search stops at once with the best move found
    // (the controller has gone or asked to quit; answers must still come, but quickly).
    void hurry();

    Searcher& searcher() { return searcher_; }
    LineOutput& output() { return output_; }

private:
    friend class SearchJob;

    LineOutput& output_;
    Searcher searcher_;
    Game game_;
    std::string level_;
    bool level_chosen_ = false;
    std::thread worker_;
    std::atomic<bool> cancelled_{false};
    std::atomic<bool> finished_{true};
    std::atomic<bool> hurrying_{false};
};

}  // namespace tempo::protocol
