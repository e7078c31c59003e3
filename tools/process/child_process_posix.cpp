// A child process on POSIX (tools/process/child_process.hpp): fork and exec, pipes polled with
// deadlines, waitpid, /proc for its memory.
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

namespace tempo::process {

struct ChildProcess::Native {
    pid_t pid = -1;
    bool own_group = false;
    int to_child = -1, from_child = -1, stderr_from_child = -1;
};

namespace {

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

// A field of /proc/PID/status in KiB, 0 when the process is gone.
long status_field(pid_t pid, const char* name) {
    std::ifstream file("/proc/" + std::to_string(pid) + "/status");
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

}  // namespace

std::vector<std::string> shell_argv(const std::string& command) { return {"/bin/sh", "-c", shell_line(command)}; }

ChildProcess::ChildProcess(const std::vector<std::string>& argv, ChildOptions options)
    : native_(std::make_unique<Native>()) {
    if (argv.empty()) throw std::runtime_error("no program to start");
    native_->own_group = options.own_group;
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
    native_->pid = pid;
    close_fd(in_pipe[0]);
    close_fd(out_pipe[1]);
    close_fd(err_pipe[1]);
    native_->to_child = in_pipe[1];
    native_->from_child = out_pipe[0];
    native_->stderr_from_child = err_pipe[0];
    set_nonblocking(native_->from_child);
    if (native_->stderr_from_child >= 0) set_nonblocking(native_->stderr_from_child);
}

ChildProcess::~ChildProcess() {
    stop(std::chrono::milliseconds(0));
    close_fd(native_->from_child);
    close_fd(native_->stderr_from_child);
}

bool ChildProcess::write(std::string_view bytes) {
    if (native_->to_child < 0) return false;
    while (!bytes.empty()) {
        const ssize_t wrote = ::write(native_->to_child, bytes.data(), bytes.size());
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return false;  // EPIPE: the child has gone
        bytes.remove_prefix(static_cast<std::size_t>(wrote));
    }
    return true;
}

void ChildProcess::close_input() { close_fd(native_->to_child); }

void ChildProcess::await_output(std::chrono::milliseconds wait) {
    if (native_->from_child < 0) {
        eof_ = true;
        return;
    }
    pollfd fds[2] = {{native_->from_child, POLLIN, 0}, {native_->stderr_from_child, POLLIN, 0}};
    const int count = native_->stderr_from_child >= 0 ? 2 : 1;
    const int ready = ::poll(fds, count, static_cast<int>(wait.count()));
    if (ready < 0 && errno != EINTR) throw system_error("poll");
    if (ready <= 0) return;
    if (count == 2 && fds[1].revents) drain_stderr();
    if (fds[0].revents && !drain(native_->from_child, buffer_)) eof_ = true;
}

void ChildProcess::drain_stderr() {
    if (native_->stderr_from_child < 0) return;
    const bool at_end = !drain(native_->stderr_from_child, stderr_buffer_);
    if (at_end) close_fd(native_->stderr_from_child);
    split_stderr(at_end);
}

std::optional<int> ChildProcess::exit_status() {
    if (!status_ && native_->pid > 0) {
        int status = 0;
        pid_t done;
        do done = ::waitpid(native_->pid, &status, WNOHANG);
        while (done < 0 && errno == EINTR);
        if (done == native_->pid) status_ = status;
    }
    return status_;
}

void ChildProcess::kill_and_reap() {
    if (exit_status() || native_->pid <= 0) return;
    ::kill(native_->own_group ? -native_->pid : native_->pid, SIGKILL);
    int status = 0;
    pid_t done;
    do done = ::waitpid(native_->pid, &status, 0);
    while (done < 0 && errno == EINTR);
    status_ = done == native_->pid ? status : SIGKILL;  // SIGKILL alone reads as "killed by SIGKILL"
}

long ChildProcess::peak_rss_kib() const { return status_ ? 0 : status_field(native_->pid, "VmHWM:"); }
long ChildProcess::rss_kib() const { return status_ ? 0 : status_field(native_->pid, "VmRSS:"); }

std::string describe_status(int status) {
    if (WIFEXITED(status)) return "exit " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return "signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
    return "status " + std::to_string(status);
}

bool clean_exit(int status) { return WIFEXITED(status) && WEXITSTATUS(status) == 0; }

int exit_code(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

}  // namespace tempo::process
