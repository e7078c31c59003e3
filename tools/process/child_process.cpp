#include "tools/process/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace tempo::process {

namespace {

// A "line" longer than this without a newline is cut: a runaway child must not eat the memory.
constexpr std::size_t kMaxLineLength = 1 << 20;
// Stderr lines kept for take_stderr_lines(); older ones are dropped.
constexpr std::size_t kMaxStderrLines = 1000;

// Writing to a child that has died must be an error we handle, not a SIGPIPE that ends us.
void ignore_sigpipe_once() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

std::runtime_error system_error(const char* what) {
    return std::runtime_error(std::string(what) + ": " + std::strerror(errno));
}

// Reads what is available on a non-blocking pipe into `buffer`; false on end of file.
bool drain(int fd, std::string& buffer) {
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

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// A single command runs as `exec CMD`, so the engine is the child itself and its exit status or
// signal is its own. A compound one (`cd DIR && ./engine`, a pipeline) cannot be exec'd as a whole
// (`exec cd` fails), so the shell runs it and stays its parent; the process group still lets
// stop() kill both.
std::string shell_line(const std::string& command) {
    char quote = 0;
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (quote) {
            if (c == quote)
                quote = 0;
            else if (c == '\\' && quote == '"')
                ++i;
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

}  // namespace

std::vector<std::string> shell_argv(const std::string& command) { return {"/bin/sh", "-c", shell_line(command)}; }

ChildProcess::ChildProcess(const std::vector<std::string>& argv, ChildOptions options) : own_group_(options.own_group) {
    if (argv.empty()) throw std::runtime_error("no program to start");
    ignore_sigpipe_once();
    // O_CLOEXEC: children started by other threads at the same time must not inherit our ends.
    int in_pipe[2] = {-1, -1}, out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
    const auto close_all = [&] {
        for (int* fds : {in_pipe, out_pipe, err_pipe}) close_fd(fds[0]), close_fd(fds[1]);
    };
    const bool pipe_stderr = options.stderr_mode == ChildOptions::Stderr::kPipe;
    if (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0 ||
        (pipe_stderr && ::pipe2(err_pipe, O_CLOEXEC) != 0)) {
        const auto error = system_error("pipe");
        close_all();
        throw error;
    }
    if (options.stderr_mode == ChildOptions::Stderr::kDiscard) {
        err_pipe[1] = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (err_pipe[1] < 0) {
            const auto error = system_error("/dev/null");
            close_all();
            throw error;
        }
    }
    // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
    std::vector<char*> args;
    for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (options.own_group) ::setpgid(0, 0);
        ::dup2(in_pipe[0], 0);
        ::dup2(out_pipe[1], 1);
        if (err_pipe[1] >= 0) ::dup2(err_pipe[1], 2);
        ::execv(args[0], args.data());
        const char message[] = "cannot start the program\n";
        [[maybe_unused]] const ssize_t ignored = ::write(2, message, sizeof message - 1);
        ::_exit(127);
    }
    if (pid < 0) {
        const auto error = system_error("fork");
        close_all();
        throw error;
    }
    if (options.own_group) ::setpgid(pid, pid);  // also from here, so the group exists before we might kill it
    pid_ = pid;
    close_fd(in_pipe[0]);
    close_fd(out_pipe[1]);
    close_fd(err_pipe[1]);
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
    stderr_from_child_ = err_pipe[0];
    set_nonblocking(from_child_);
    if (stderr_from_child_ >= 0) set_nonblocking(stderr_from_child_);
}

ChildProcess::~ChildProcess() {
    stop(std::chrono::milliseconds(0));
    close_fd(from_child_);
    close_fd(stderr_from_child_);
}

bool ChildProcess::write(std::string_view bytes) {
    if (to_child_ < 0) return false;
    while (!bytes.empty()) {
        const ssize_t wrote = ::write(to_child_, bytes.data(), bytes.size());
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return false;  // EPIPE: the child has gone
        bytes.remove_prefix(static_cast<std::size_t>(wrote));
    }
    return true;
}

bool ChildProcess::send(std::string_view line) {
    std::string text(line);
    text += '\n';
    return write(text);
}

void ChildProcess::close_input() { close_fd(to_child_); }

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
        if (eof_ || from_child_ < 0) return Read::kEof;
        if (abort && abort->load()) return Read::kTimeout;
        const auto now = Clock::now();
        if (now >= deadline) return Read::kTimeout;
        auto wait =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) + std::chrono::milliseconds(1);
        if (abort) wait = std::min(wait, std::chrono::milliseconds(50));
        pollfd fds[2] = {{from_child_, POLLIN, 0}, {stderr_from_child_, POLLIN, 0}};
        const int count = stderr_from_child_ >= 0 ? 2 : 1;
        const int ready = ::poll(fds, count, static_cast<int>(wait.count()));
        if (ready < 0 && errno != EINTR) throw system_error("poll");
        if (ready <= 0) continue;
        if (count == 2 && fds[1].revents) drain_stderr();
        if (fds[0].revents && !drain(from_child_, buffer_)) eof_ = true;
    }
}

void ChildProcess::drain_stderr() {
    const bool at_end = !drain(stderr_from_child_, stderr_buffer_);
    if (at_end) close_fd(stderr_from_child_);
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
    if (stderr_from_child_ >= 0) drain_stderr();
    std::vector<std::string> lines(std::make_move_iterator(stderr_lines_.begin()),
                                   std::make_move_iterator(stderr_lines_.end()));
    stderr_lines_.clear();
    return lines;
}

std::optional<int> ChildProcess::exit_status() {
    if (!status_ && pid_ > 0) {
        int status = 0;
        pid_t done;
        do done = ::waitpid(pid_, &status, WNOHANG);
        while (done < 0 && errno == EINTR);
        if (done == pid_) status_ = status;
    }
    return status_;
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

void ChildProcess::kill_and_reap() {
    if (exit_status() || pid_ <= 0) return;
    ::kill(own_group_ ? -pid_ : pid_, SIGKILL);
    int status = 0;
    pid_t done;
    do done = ::waitpid(pid_, &status, 0);
    while (done < 0 && errno == EINTR);
    status_ = done == pid_ ? status : SIGKILL;  // SIGKILL alone reads as "killed by SIGKILL"
}

long ChildProcess::status_field(const char* name) const {
    if (status_ || pid_ <= 0) return 0;
    std::ifstream file("/proc/" + std::to_string(pid_) + "/status");
    std::string key;
    long value = 0;
    while (file >> key) {
        if (key == name) {
            file >> value;
            return value;
        }
        file.ignore(1 << 16, '\n');
    }
    return 0;
}

std::string describe_status(int status) {
    if (WIFEXITED(status)) return "exit " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return "signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
    return "status " + std::to_string(status);
}

bool clean_exit(int status) { return WIFEXITED(status) && WEXITSTATUS(status) == 0; }

int exit_code(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

}  // namespace tempo::process
