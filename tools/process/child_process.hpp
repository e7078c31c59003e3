// A child process talked to over pipes: lines to its stdin, lines from its stdout with a deadline,
// its exit status and memory. Serves the match runner's engines (tools/match) and the tests that
// drive the `tempo` binary (tests/protocol, tests/stress). What is the same everywhere (lines,
// deadlines) is in child_process.cpp; the pipes and the process are the platform's:
// child_process_posix.cpp (fork, poll, waitpid) and child_process_windows.cpp (CreateProcess, a
// job object, reader threads).
#pragma once

#include <atomic>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tempo::process {

using Clock = std::chrono::steady_clock;

// argv that runs `command` as a shell command line: `/bin/sh -c "exec <command>"`, so quoting and
// arguments work as in a shell and the engine itself (not a shell) is the child; a compound
// command (`cd DIR && ./engine`) runs without the exec, its shell the child. Windows has no such
// shell: the command is split into the program and its arguments as the C runtime splits a
// command line (double quotes group, `\"` is a quote), and the program is the child.
std::vector<std::string> shell_argv(const std::string& command);

struct ChildOptions {
    // The child's stderr: ours (sanitizer reports land in the test log), /dev/null, or a pipe whose
    // lines take_stderr_lines() hands over.
    enum class Stderr { kInherit, kDiscard, kPipe };
    Stderr stderr_mode = Stderr::kInherit;
    // Its own process group: a terminal's Ctrl-C reaches only us, and a kill reaches any helper
    // the child started. (On Windows every child is in a job object that a kill ends whole.)
    bool own_group = false;
};

class ChildProcess {
public:
    // Starts `argv[0]` (a path) with the arguments; throws std::runtime_error if it cannot. (On
    // POSIX a program that is not there starts and exits 127; Windows says at once: a throw.)
    explicit ChildProcess(const std::vector<std::string>& argv, ChildOptions options = {});
    ~ChildProcess();  // kills the child if it still runs
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Writes `bytes` as they are; false if the child no longer reads (exited or closed stdin).
    bool write(std::string_view bytes);
    // Writes `line` and '\n'.
    bool send(std::string_view line);
    // Closes the child's stdin (EOF, as a GUI that goes away).
    void close_input();

    enum class Read { kLine, kTimeout, kEof };
    // The next line of the child's stdout without its '\n' (a last line without one counts; a line
    // longer than 1 MiB is cut there), waiting until `deadline`. `abort`, when given, is looked at
    // every 50 ms: once it is true the read gives up as a timeout.
    Read read_line(std::string& line, Clock::time_point deadline, const std::atomic<bool>* abort = nullptr);
    // With ChildOptions::Stderr::kPipe: the stderr lines read so far (while reading stdout) and
    // those the pipe holds now (all of them once the child has exited), oldest first, and forgets them.
    std::vector<std::string> take_stderr_lines();

    // The exit status (as from waitpid; on Windows the exit code) if the child has exited, without waiting.
    std::optional<int> exit_status();
    // Waits until `deadline` for the child to exit; its status, or nullopt on timeout (the child is
    // then killed and reaped, and `hung()` is true).
    std::optional<int> wait_exit(Clock::time_point deadline);
    // Closes stdin, gives the child `grace` to exit by itself, then kills it (its group if it has one).
    void stop(std::chrono::milliseconds grace);

    // True once stdout has ended (the child closed it, normally by exiting).
    bool at_eof() const { return eof_; }
    bool hung() const { return hung_; }
    bool running() const { return !status_; }
    // Peak and current resident set size in KiB (VmHWM, VmRSS; the working set on Windows); 0 once
    // the child has exited.
    long peak_rss_kib() const;
    long rss_kib() const;

private:
    struct Native;  // the platform's pipes and process handle
    // Waits up to `wait` for output: stdout's bytes go to buffer_ (eof_ set at its end), stderr's
    // to stderr_lines_.
    void await_output(std::chrono::milliseconds wait);
    // Moves what the stderr pipe holds now into stderr_lines_.
    void drain_stderr();
    // Splits stderr_buffer_ into stderr_lines_; `at_end`: the pipe has ended, a last partial line counts.
    void split_stderr(bool at_end);
    void kill_and_reap();

    std::unique_ptr<Native> native_;
    std::string buffer_, stderr_buffer_;  // bytes read but not yet returned as lines
    std::deque<std::string> stderr_lines_;
    bool eof_ = false;
    bool hung_ = false;
    std::optional<int> status_;  // set once reaped
};

// "exit 0", "exit 3", "signal 11 (Segmentation fault)" (Windows: "exception 0xc0000005" for a
// crash): a status for people.
std::string describe_status(int status);
// True for a clean exit (code 0).
bool clean_exit(int status);
// The exit code, or 128 + the signal number for a child killed by a signal (as a shell reports it).
int exit_code(int status);

}  // namespace tempo::process
