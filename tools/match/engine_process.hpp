// A child process run from a shell command line, talked to over pipes: lines written to its stdin,
// lines read from its stdout with a deadline. Its stderr is drained in the background of every read
// and, like stdout and what we sent, kept in a short transcript for the forfeit log.
#pragma once

#include <atomic>
#include <chrono>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>

#include "tools/process/child_process.hpp"

namespace tempo::match {

using process::Clock;

// The process died or closed its output: what the caller sees as a crash.
class ProcessError : public std::runtime_error {
public:
    explicit ProcessError(const std::string& what) : std::runtime_error(what) {}
};

class EngineProcess {
public:
    // Starts `/bin/sh -c "exec <command>"` (a compound command such as `cd DIR && ./engine`: without
    // the exec) in its own process group (so a terminal Ctrl-C reaches
    // only the runner, and a kill reaches any helper the command started; on Windows the command is
    // a program and its arguments, in a job object: process::shell_argv). `abort` (optional) is
    // polled during reads: when it turns true the read gives up as if timed out.
    explicit EngineProcess(std::string command, const std::atomic<bool>* abort = nullptr);
    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Sends one line (a '\n' is added). Throws ProcessError if the process has gone.
    void write_line(const std::string& line);
    // The next stdout line without its '\n' (and '\r'), or nullopt if none came before `deadline`
    // (or the abort flag was raised). Throws ProcessError on end of output.
    std::optional<std::string> read_line(Clock::time_point deadline);

    // Closes stdin, gives the process `grace` to exit by itself, then kills its process group.
    void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(200));
    bool running() const { return !stopped_; }
    const std::string& command() const { return command_; }
    // "ended: exit 3", "ended: signal 11 (Segmentation fault)", "still running" — for the forfeit log.
    std::string exit_description();
    // The last lines exchanged, oldest first, marked "> " (sent), "< " (stdout), "! " (stderr).
    std::string transcript_tail() const;

private:
    void record(char mark, const std::string& line);
    void record_stderr();

    std::string command_;
    const std::atomic<bool>* abort_;
    process::ChildProcess child_;
    bool stopped_ = false;
    std::deque<std::string> tail_;
};

}  // namespace tempo::match
