// One engine in a match, whatever protocol it speaks: the runner sets up a game, asks for moves and
// reports every move made. GtpPlayer and NboardPlayer translate this into their protocol.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "formats/ggf.hpp"
#include "tools/match/engine_process.hpp"

namespace tempo::match {

enum class Protocol { kAuto, kGtp, kNboard };
const char* protocol_name(Protocol protocol);

// How an engine is started and driven (per-engine command-line options).
struct EngineSpec {
    std::string command;  // shell command line
    Protocol protocol = Protocol::kAuto;
    std::string name;                     // name in the records; empty = the name the engine gives
    std::vector<std::string> init_lines;  // raw protocol lines sent once after the handshake
    int depth = 0;                        // NBoard `set depth` (0: 60, i.e. limited by the clock only)
    bool gtp_explicit_pass = false;       // send `play <c> pass` (else passes are implicit, §2.3 of gtp.md)
    bool untimed = false;                 // plays at its own level whatever the match time control
                                          // (e.g. gtp-rhino, which ignores time): only the hang limit applies
};

// Time control of a match. With neither a per-move limit nor a clock, engines play at their own
// depth/level and only `no_limit_timeout` catches a hang.
struct TimeControl {
    double move_seconds = 0;        // per-move limit (0 = none)
    double base_seconds = 0;        // clock per player (0 = none)
    double increment_seconds = 0;   // added after each move when there is a clock
    double margin_seconds = 1.0;    // overrun tolerated before a move counts as a hang / loss on time
    double no_limit_timeout = 300;  // hang limit per move without a time limit
    bool has_clock() const { return base_seconds > 0; }
};

// Why an engine forfeited a game.
enum class FailureKind { kIllegalMove, kCrash, kTimeout, kGarbage };
const char* failure_name(FailureKind kind);

class EngineFailure : public std::runtime_error {
public:
    EngineFailure(FailureKind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
    FailureKind kind() const { return kind_; }

private:
    FailureKind kind_;
};

// An engine's answer to "your move": a square, a pass, or a resignation; eval in discs from the
// mover's view when the protocol gives one.
struct MoveReply {
    Move move = kNoMove;
    bool resigned = false;
    std::optional<double> eval;
    std::string text;  // the move as the engine wrote it, for the log
};

// Remaining clock times in seconds (meaningful only with a clock).
struct ClockState {
    double black = 0;
    double white = 0;
};

class EnginePlayer {
public:
    virtual ~EnginePlayer() = default;
    // The name for records: the user's override or what the engine reported.
    virtual std::string name() const = 0;
    // Prepares a new game at `game`'s current position (its moves from the start are the opening).
    virtual void new_game(const Game& game) = 0;
    // Asks for a move in `game`'s position (this engine is to move, and has a legal move). Throws
    // EngineFailure on a crash, garbage, or no answer by `deadline` (kTimeout).
    virtual MoveReply think(const Game& game, const ClockState& clocks, Clock::time_point deadline) = 0;
    // Tells the engine that `move` (by `color`, maybe a pass) was made; `own` when it was this
    // engine's answer to think(). Throws EngineFailure if the engine rejects a legal move.
    virtual void observe(Color color, const GgfMove& move, bool own) = 0;
    // Diagnosis for a forfeit: the last lines exchanged and how the process is doing.
    virtual std::string transcript_tail() const = 0;
    virtual std::string process_state() = 0;
};

// The time control an engine really plays under: none for an untimed engine; and since NBoard has no
// per-move limit, for an NBoard engine a per-move limit of S becomes a clock of 30 x S for the game,
// sent as TI and judged as a clock.
TimeControl effective_time_control(const TimeControl& time, const EngineSpec& spec);

// Seconds allowed for anything that is not a move (handshake, game set-up, a `play`).
inline constexpr double kCommandTimeoutSeconds = 10;

// Starts the engine and runs its handshake. `protocol` must be resolved (not kAuto).
std::unique_ptr<EnginePlayer> start_engine(const EngineSpec& spec, Protocol protocol, const TimeControl& time,
                                           const std::atomic<bool>* abort);

// Finds out whether the engine speaks GTP: it is sent `protocol_version`, and a `=` reply within
// `wait_seconds` means GTP; anything else means NBoard. The probe process is stopped afterwards.
Protocol detect_protocol(const std::string& command, double wait_seconds = 3.0);

}  // namespace tempo::match
