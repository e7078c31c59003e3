#include "tools/match/engine_process.hpp"

#include <cstring>
#include <thread>

namespace tempo::match {

namespace {

constexpr std::size_t kTailLines = 12;
constexpr std::size_t kTailLineLength = 200;

void strip_cr(std::string& line) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
}

// The child, or a ProcessError (what the runner reports as an engine that does not start).
process::ChildProcess start(const std::string& command) {
    try {
        return process::ChildProcess(process::shell_argv(command),
                                     {process::ChildOptions::Stderr::kPipe, /*own_group=*/true});
    } catch (const std::runtime_error& e) {
        throw ProcessError(e.what());
    }
}

}  // namespace

EngineProcess::EngineProcess(std::string command, const std::atomic<bool>* abort)
    : command_(std::move(command)), abort_(abort), child_(start(command_)) {}

EngineProcess::~EngineProcess() { stop(std::chrono::milliseconds(100)); }

void EngineProcess::record(char mark, const std::string& line) {
    std::string entry{mark, ' '};
    entry += line.size() > kTailLineLength ? line.substr(0, kTailLineLength) + "..." : line;
    tail_.push_back(std::move(entry));
    if (tail_.size() > kTailLines) tail_.pop_front();
}

void EngineProcess::record_stderr() {
    for (std::string& line : child_.take_stderr_lines()) {
        strip_cr(line);
        record('!', line);
    }
}

std::string EngineProcess::transcript_tail() const {
    std::string text;
    for (const std::string& line : tail_) text += "    " + line + "\n";
    return text;
}

void EngineProcess::write_line(const std::string& line) {
    record('>', line);
    if (stopped_) throw ProcessError("engine input is closed");
    if (!child_.send(line))
        throw ProcessError("cannot write to the engine (" + std::string(std::strerror(errno)) + ")");
}

std::optional<std::string> EngineProcess::read_line(Clock::time_point deadline) {
    std::string line;
    const auto read = stopped_ ? process::ChildProcess::Read::kEof : child_.read_line(line, deadline, abort_);
    record_stderr();
    if (read == process::ChildProcess::Read::kTimeout) return std::nullopt;
    if (read == process::ChildProcess::Read::kEof)
        throw ProcessError("the engine closed its output (" + exit_description() + ")");
    strip_cr(line);
    record('<', line);
    return line;
}

std::string EngineProcess::exit_description() {
    std::optional<int> status = child_.exit_status();
    // Output closed: the process is exiting; give it a moment so the status can be reported.
    for (int i = 0; i < 20 && !status && child_.at_eof(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        status = child_.exit_status();
    }
    if (!status) return "still running";
    return "ended: " + process::describe_status(*status);
}

void EngineProcess::stop(std::chrono::milliseconds grace) {
    if (stopped_) return;
    child_.stop(grace);
    stopped_ = true;
}

}  // namespace tempo::match
