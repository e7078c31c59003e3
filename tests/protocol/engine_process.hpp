// A child process driven over pipes, for the protocol tests: write lines to its stdin, read its
// stdout line by line with a timeout. Header-only; POSIX.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tempo::testing {

class EngineProcess {
public:
    // Starts `argv[0]` with the arguments; stderr goes to /dev/null unless `keep_stderr`.
    explicit EngineProcess(const std::vector<std::string>& argv, bool keep_stderr = false) {
        signal(SIGPIPE, SIG_IGN);
        int to_child[2], from_child[2];
        if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe failed");
        pid_ = fork();
        if (pid_ < 0) throw std::runtime_error("fork failed");
        if (pid_ == 0) {
            dup2(to_child[0], 0);
            dup2(from_child[1], 1);
            if (!keep_stderr) {
                const int null = open("/dev/null", O_WRONLY);
                dup2(null, 2);
            }
            close(to_child[0]);
            close(to_child[1]);
            close(from_child[0]);
            close(from_child[1]);
            std::vector<char*> args;
            for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
            args.push_back(nullptr);
            execv(args[0], args.data());
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        in_ = to_child[1];
        out_ = from_child[0];
    }
    ~EngineProcess() {
        close_input();
        if (out_ >= 0) close(out_);
        if (pid_ > 0 && !exited_) {
            // Give it a moment to exit on EOF, then insist.
            for (int i = 0; i < 200 && !try_reap(); ++i) usleep(10000);
            if (!exited_) {
                kill(pid_, SIGKILL);
                waitpid(pid_, nullptr, 0);
            }
        }
    }
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Writes raw bytes (no newline added).
    void write_raw(const std::string& bytes) {
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(in_, bytes.data() + done, bytes.size() - done);
            if (n <= 0) throw std::runtime_error("engine stdin closed");
            done += static_cast<std::size_t>(n);
        }
    }
    void send(const std::string& line) { write_raw(line + "\n"); }
    void close_input() {
        if (in_ >= 0) close(in_);
        in_ = -1;
    }

    // The next stdout line (without '\n'), or nullopt at EOF or after `timeout`.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (true) {
            const std::size_t newline = buffer_.find('\n');
            if (newline != std::string::npos) {
                std::string line = buffer_.substr(0, newline);
                buffer_.erase(0, newline + 1);
                return line;
            }
            if (eof_) return std::nullopt;
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return std::nullopt;
            pollfd p{out_, POLLIN, 0};
            if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
            char chunk[65536];
            const ssize_t n = ::read(out_, chunk, sizeof chunk);
            if (n <= 0) eof_ = true;
            else buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }
    // Everything until EOF (or the timeout).
    std::vector<std::string> read_all(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
        std::vector<std::string> lines;
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (true) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            const auto line = read_line(std::max(left, std::chrono::milliseconds(1)));
            if (!line) return lines;
            lines.push_back(*line);
        }
    }
    // True when stdout reached EOF (the process closed it, normally by exiting).
    bool at_eof() const { return eof_; }

    // Waits for the process to exit; its exit status, or nullopt after `timeout`.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (!try_reap()) {
            if (std::chrono::steady_clock::now() > deadline) return std::nullopt;
            usleep(2000);
        }
        return status_;
    }

private:
    bool try_reap() {
        if (exited_) return true;
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            exited_ = true;
            status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        return exited_;
    }

    pid_t pid_ = -1;
    int in_ = -1;
    int out_ = -1;
    std::string buffer_;
    bool eof_ = false;
    bool exited_ = false;
    int status_ = 0;
};

}  // namespace tempo::testing
