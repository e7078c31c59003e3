// What a child process is on every platform: lines out of its stdout and stderr, deadlines, waiting
// for its exit. The pipes and the process itself: child_process_posix.cpp, child_process_windows.cpp.
#include "tools/process/child_process.hpp"

#include <algorithm>
#include <iterator>
#include <thread>

namespace tempo::process {

namespace {

// A "line" longer than this without a newline is cut: a runaway child must not eat the memory.
constexpr std::size_t kMaxLineLength = 1 << 20;
// Stderr lines kept for take_stderr_lines(); older ones are dropped.
constexpr std::size_t kMaxStderrLines = 1000;

}  // namespace

bool ChildProcess::send(std::string_view line) {
    std::string text(line);
    text += '\n';
    return write(text);
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline,
                                           const std::atomic<bool>* abort) {
    while (true) {
        const std::size_t newline = buffer_.find('\n');
        if (newline != std::string::npos || buffer_.size() > kMaxLineLength || (eof_ && !buffer_.empty())) {
            const std::size_t end = newline != std::string::npos ? newline : buffer_.size();
            line = buffer_.substr(0, end);
            buffer_.erase(0, std::min(end + 1, buffer_.size()));
            return Read::kLine;
        }
        if (eof_) return Read::kEof;
        if (abort && abort->load()) return Read::kTimeout;
        const auto now = Clock::now();
        if (now >= deadline) return Read::kTimeout;
        auto wait =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) + std::chrono::milliseconds(1);
        if (abort) wait = std::min(wait, std::chrono::milliseconds(50));
        await_output(wait);
    }
}

void ChildProcess::split_stderr(bool at_end) {
    std::size_t newline;
    // At the end of the pipe a last line without its '\n' counts too.
    while ((newline = stderr_buffer_.find('\n')) != std::string::npos || stderr_buffer_.size() > kMaxLineLength ||
           (at_end && !stderr_buffer_.empty())) {
        const std::size_t end = newline != std::string::npos ? newline : stderr_buffer_.size();
        stderr_lines_.push_back(stderr_buffer_.substr(0, end));
        stderr_buffer_.erase(0, std::min(end + 1, stderr_buffer_.size()));
        if (stderr_lines_.size() > kMaxStderrLines) stderr_lines_.pop_front();
    }
}

std::vector<std::string> ChildProcess::take_stderr_lines() {
    // What the pipe holds now: stdout's end can be read before the child's last stderr lines.
    drain_stderr();
    std::vector<std::string> lines(std::make_move_iterator(stderr_lines_.begin()),
                                   std::make_move_iterator(stderr_lines_.end()));
    stderr_lines_.clear();
    return lines;
}

std::optional<int> ChildProcess::wait_exit(Clock::time_point deadline) {
    while (!exit_status()) {
        if (Clock::now() >= deadline) {
            hung_ = true;
            kill_and_reap();
            return std::nullopt;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return status_;
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
    close_input();
    const auto until = Clock::now() + grace;
    while (!exit_status() && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    kill_and_reap();
}

}  // namespace tempo::process
