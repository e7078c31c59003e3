#include "tools/match/engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>

namespace tempo::match {

namespace {

// A single command runs as `exec CMD`, so the engine is the child itself and its exit status or
// signal is its own. A compound one (`cd DIR && ./engine`, a pipeline) cannot be exec'd as a whole
// (`exec cd` fails), so the shell runs it and stays its parent; the process group still lets
// stop() kill both.
std::string shell_line_for(const std::string& command) {
    char quote = 0;
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (quote) {
            if (c == quote) quote = 0;
            else if (c == '\\' && quote == '"') ++i;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '\\') {
            ++i;
        } else if (c == ';' || c == '&' || c == '|' || c == '\n' || c == '(' || c == '`') {
            return command;
        }
    }
    return "exec " + command;
}

constexpr std::size_t kTailLines = 12;
constexpr std::size_t kTailLineLength = 200;
// A "line" longer than this without a newline is cut: a runaway engine must not eat the memory.
constexpr std::size_t kMaxLineLength = 1 << 20;

// Writing to an engine that has died must be an error we handle, not a SIGPIPE that ends the runner.
void ignore_sigpipe_once() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

}  // namespace

EngineProcess::EngineProcess(std::string command, const std::atomic<bool>* abort)
    : command_(std::move(command)), abort_(abort) {
    ignore_sigpipe_once();
    int in_pipe[2], out_pipe[2], err_pipe[2];
    // O_CLOEXEC: engines started by other threads at the same time must not inherit our ends.
    if (::pipe2(in_pipe, O_CLOEXEC) != 0) throw ProcessError("pipe: " + std::string(std::strerror(errno)));
    if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
        ::close(in_pipe[0]), ::close(in_pipe[1]);
        throw ProcessError("pipe: " + std::string(std::strerror(errno)));
    }
    if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
        ::close(in_pipe[0]), ::close(in_pipe[1]), ::close(out_pipe[0]), ::close(out_pipe[1]);
        throw ProcessError("pipe: " + std::string(std::strerror(errno)));
    }
    // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
    const std::string shell_line = shell_line_for(command_);
    const char* argv[] = {"/bin/sh", "-c", shell_line.c_str(), nullptr};
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::setpgid(0, 0);
        ::dup2(in_pipe[0], 0);
        ::dup2(out_pipe[1], 1);
        ::dup2(err_pipe[1], 2);
        ::execv("/bin/sh", const_cast<char* const*>(argv));
        ::_exit(127);
    }
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    ::close(err_pipe[1]);
    if (pid < 0) {
        ::close(in_pipe[1]), ::close(out_pipe[0]), ::close(err_pipe[0]);
        throw ProcessError("fork: " + std::string(std::strerror(errno)));
    }
    ::setpgid(pid, pid);  // also from the parent, so the group exists before we might kill it
    pid_ = pid;
    stdin_fd_ = in_pipe[1];
    stdout_fd_ = out_pipe[0];
    stderr_fd_ = err_pipe[0];
    ::fcntl(stdout_fd_, F_SETFL, ::fcntl(stdout_fd_, F_GETFL) | O_NONBLOCK);
    ::fcntl(stderr_fd_, F_SETFL, ::fcntl(stderr_fd_, F_GETFL) | O_NONBLOCK);
}

EngineProcess::~EngineProcess() { stop(std::chrono::milliseconds(100)); }

void EngineProcess::record(char mark, const std::string& line) {
    std::string entry{mark, ' '};
    entry += line.size() > kTailLineLength ? line.substr(0, kTailLineLength) + "..." : line;
    tail_.push_back(std::move(entry));
    if (tail_.size() > kTailLines) tail_.pop_front();
}

std::string EngineProcess::transcript_tail() const {
    std::string text;
    for (const std::string& line : tail_) text += "    " + line + "\n";
    return text;
}

void EngineProcess::write_line(const std::string& line) {
    record('>', line);
    if (stdin_fd_ < 0) throw ProcessError("engine input is closed");
    const std::string data = line + "\n";
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(stdin_fd_, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw ProcessError("cannot write to the engine (" + std::string(std::strerror(errno)) + ")");
        done += static_cast<std::size_t>(n);
    }
}

bool EngineProcess::drain(int fd, std::string& buffer) {
    char chunk[4096];
    while (true) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n > 0) {
            buffer.append(chunk, static_cast<std::size_t>(n));
            continue;
        }
        if (n == 0) return false;
        if (errno == EINTR) continue;
        return errno == EAGAIN || errno == EWOULDBLOCK;
    }
}

void EngineProcess::move_stderr_lines() {
    std::size_t newline;
    while ((newline = err_buffer_.find('\n')) != std::string::npos) {
        std::string line = err_buffer_.substr(0, newline);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        record('!', line);
        err_buffer_.erase(0, newline + 1);
    }
    if (err_buffer_.size() > kMaxLineLength) {
        record('!', err_buffer_);
        err_buffer_.clear();
    }
}

std::optional<std::string> EngineProcess::read_line(Clock::time_point deadline) {
    while (true) {
        const std::size_t newline = out_buffer_.find('\n');
        if (newline != std::string::npos || out_buffer_.size() > kMaxLineLength ||
            (out_eof_ && !out_buffer_.empty())) {
            const std::size_t end = newline != std::string::npos ? newline : out_buffer_.size();
            std::string line = out_buffer_.substr(0, end);
            out_buffer_.erase(0, std::min(end + 1, out_buffer_.size()));
            if (!line.empty() && line.back() == '\r') line.pop_back();
            record('<', line);
            return line;
        }
        if (out_eof_ || stdout_fd_ < 0) throw ProcessError("the engine closed its output (" + exit_description() + ")");
        if (abort_ && abort_->load()) return std::nullopt;
        const auto now = Clock::now();
        if (now >= deadline) return std::nullopt;
        auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) + std::chrono::milliseconds(1);
        // With an abort flag, wake up now and then to look at it.
        if (abort_) wait = std::min(wait, std::chrono::milliseconds(50));
        pollfd fds[2] = {{stdout_fd_, POLLIN, 0}, {stderr_fd_, POLLIN, 0}};
        const int count = stderr_fd_ >= 0 ? 2 : 1;
        const int ready = ::poll(fds, count, static_cast<int>(wait.count()));
        if (ready < 0 && errno != EINTR) throw ProcessError("poll: " + std::string(std::strerror(errno)));
        if (ready <= 0) continue;
        if (count == 2 && fds[1].revents) {
            if (!drain(stderr_fd_, err_buffer_)) close_fd(stderr_fd_);
            move_stderr_lines();
        }
        if (fds[0].revents && !drain(stdout_fd_, out_buffer_)) out_eof_ = true;
    }
}

void EngineProcess::reap(bool wait) {
    if (pid_ <= 0 || reaped_) return;
    int status = 0;
    pid_t r;
    do r = ::waitpid(pid_, &status, wait ? 0 : WNOHANG);
    while (r < 0 && errno == EINTR);
    if (r == pid_) {
        status_ = status;
        reaped_ = true;
    }
}

std::string EngineProcess::exit_description() {
    reap(false);
    if (!reaped_ && out_eof_) {
        // Output closed: the process is exiting; give it a moment so the status can be reported.
        for (int i = 0; i < 20 && !reaped_; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            reap(false);
        }
    }
    if (!reaped_) return "still running";
    if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
    if (WIFSIGNALED(status_)) return std::string("killed by signal ") + std::to_string(WTERMSIG(status_)) + " (" +
                                     strsignal(WTERMSIG(status_)) + ")";
    return "ended";
}

void EngineProcess::stop(std::chrono::milliseconds grace) {
    close_fd(stdin_fd_);
    if (pid_ > 0) {
        const auto until = Clock::now() + grace;
        reap(false);
        while (!reaped_ && Clock::now() < until) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            reap(false);
        }
        if (!reaped_) {
            ::kill(-pid_, SIGKILL);
            reap(true);
        }
        pid_ = -1;
    }
    close_fd(stdout_fd_);
    close_fd(stderr_fd_);
}

}  // namespace tempo::match
