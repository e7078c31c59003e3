// What the GTP and NBoard players share: the engine runs as a child process, is named by the user
// or by itself, and is asked to `quit` (both protocols' word) before the process is stopped.
#pragma once

#include <atomic>
#include <string>

#include "tools/match/engine_player.hpp"

namespace tempo::match {

class ProcessPlayer : public EnginePlayer {
public:
    ~ProcessPlayer() override;

    std::string name() const override { return name_; }
    std::string transcript_tail() const override { return process_.transcript_tail(); }
    std::string process_state() override { return process_.exit_description(); }

protected:
    // Starts the engine; `name_` starts as the user's name for it (empty: the protocol asks the engine).
    ProcessPlayer(const EngineSpec& spec, const TimeControl& time, const std::atomic<bool>* abort)
        : process_(spec.command, abort), spec_(spec), time_(time), name_(spec.name) {}

    // When a command that is not a move (handshake, set-up, `play`) must have been answered.
    static Clock::time_point command_deadline();

    EngineProcess process_;
    EngineSpec spec_;
    TimeControl time_;
    std::string name_;
};

}  // namespace tempo::match
