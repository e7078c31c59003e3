// The `tempo` binary (or a shell line) as a child process for the protocol tests: the shared
// ChildProcess (tools/process) with timeouts instead of deadlines and exit codes instead of statuses.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tools/process/child_process.hpp"

namespace tempo::testing {

class EngineProcess {
public:
    // Starts `argv[0]` with the arguments; stderr goes to /dev/null unless `keep_stderr`.
    explicit EngineProcess(const std::vector<std::string>& argv, bool keep_stderr = false)
        : child_(argv,
                 {keep_stderr ? process::ChildOptions::Stderr::kInherit : process::ChildOptions::Stderr::kDiscard}) {}
    // Gives the engine a moment to exit on EOF, then insists.
    ~EngineProcess() { child_.stop(std::chrono::seconds(2)); }
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Writes raw bytes (no newline added).
    void write_raw(const std::string& bytes) {
        if (!child_.write(bytes)) throw std::runtime_error("engine stdin closed");
    }
    void send(const std::string& line) { write_raw(line + "\n"); }
    void close_input() { child_.close_input(); }

    // The next stdout line (without '\n'), or nullopt at EOF or after `timeout`.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        std::string line;
        if (child_.read_line(line, process::Clock::now() + timeout) != process::ChildProcess::Read::kLine)
            return std::nullopt;
        return line;
    }
    // Everything until EOF (or the timeout).
    std::vector<std::string> read_all(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
        std::vector<std::string> lines;
        std::string line;
        const auto deadline = process::Clock::now() + timeout;
        while (child_.read_line(line, deadline) == process::ChildProcess::Read::kLine) lines.push_back(line);
        return lines;
    }
    // True when stdout reached EOF (the process closed it, normally by exiting).
    bool at_eof() const { return child_.at_eof(); }

    // Waits for the process to exit; its exit code (128 + signal if killed), or nullopt after
    // `timeout` (the process is then killed).
    std::optional<int> wait_exit(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        const auto status = child_.wait_exit(process::Clock::now() + timeout);
        if (!status) return std::nullopt;
        return process::exit_code(*status);
    }

private:
    process::ChildProcess child_;
};

}  // namespace tempo::testing
