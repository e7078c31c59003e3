#include "tests/stress/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace tempo::stress {

ChildProcess::ChildProcess(const std::vector<std::string>& argv) {
    int in_pipe[2], out_pipe[2];
    if (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0)
        throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    std::vector<char*> args;
    for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid_ == 0) {
        ::dup2(in_pipe[0], 0);
        ::dup2(out_pipe[1], 1);
        ::execv(args[0], args.data());
        std::fprintf(stderr, "exec %s: %s\n", args[0], std::strerror(errno));
        ::_exit(127);
    }
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
}

ChildProcess::~ChildProcess() {
    close_input();
    if (from_child_ >= 0) ::close(from_child_);
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
    }
}

bool ChildProcess::send(std::string_view line) {
    if (to_child_ < 0) return false;
    std::string text(line);
    text += '\n';
    std::string_view rest = text;
    while (!rest.empty()) {
        const ssize_t wrote = ::write(to_child_, rest.data(), rest.size());
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return false;  // EPIPE: SIGPIPE is ignored by the driver
        rest.remove_prefix(static_cast<std::size_t>(wrote));
    }
    return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
    while (true) {
        const std::size_t newline = buffer_.find('\n');
        if (newline != std::string::npos) {
            line = buffer_.substr(0, newline);
            buffer_.erase(0, newline + 1);
            return Read::kLine;
        }
        if (eof_) {
            if (buffer_.empty()) return Read::kEof;
            line = std::move(buffer_);  // a last line without '\n'
            buffer_.clear();
            return Read::kLine;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return Read::kTimeout;
        pollfd fd{from_child_, POLLIN, 0};
        const int ready = ::poll(&fd, 1, static_cast<int>(std::min<long long>(left, 1000)));
        if (ready < 0 && errno != EINTR) throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
        if (ready <= 0) continue;
        char chunk[4096];
        const ssize_t got = ::read(from_child_, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) eof_ = true;
        else buffer_.append(chunk, static_cast<std::size_t>(got));
    }
}

void ChildProcess::close_input() {
    if (to_child_ >= 0) ::close(to_child_);
    to_child_ = -1;
}

std::optional<int> ChildProcess::wait_exit(Clock::time_point deadline) {
    if (pid_ <= 0) return std::nullopt;
    while (true) {
        int status = 0;
        const pid_t done = ::waitpid(pid_, &status, WNOHANG);
        if (done == pid_) {
            pid_ = -1;
            return status;
        }
        if (Clock::now() >= deadline) {
            hung_ = true;
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
            pid_ = -1;
            return std::nullopt;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

long ChildProcess::status_field(const char* name) const {
    if (pid_ <= 0) return 0;
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
    std::ostringstream out;
    if (WIFEXITED(status)) out << "exit " << WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) out << "signal " << WTERMSIG(status) << " (" << strsignal(WTERMSIG(status)) << ")";
    else out << "status " << status;
    return out.str();
}

bool clean_exit(int status) { return WIFEXITED(status) && WEXITSTATUS(status) == 0; }

}  // namespace tempo::stress
