// An engine under test as a child process: its stdin and stdout are pipes to us, its stderr is ours
// (so sanitizer reports land in the test log). Lines out, lines in with deadlines, exit status,
// and memory figures from /proc/<pid>/status.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tempo::stress {

using Clock = std::chrono::steady_clock;

// `seconds` as a Clock duration, and the time point that far from now.
inline Clock::duration seconds(double value) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(value));
}
inline Clock::time_point after(double value) { return Clock::now() + seconds(value); }

class ChildProcess {
public:
    // Starts `argv[0]` with the arguments; throws std::runtime_error if it cannot.
    explicit ChildProcess(const std::vector<std::string>& argv);
    ~ChildProcess();  // kills the child if it still runs
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Writes `line` and '\n'; false if the child no longer reads (it has exited or closed stdin).
    bool send(std::string_view line);

    enum class Read { kLine, kTimeout, kEof };
    // The next line of the child's stdout (without '\n'), waiting until `deadline`.
    Read read_line(std::string& line, Clock::time_point deadline);

    // Closes the child's stdin (EOF, as a GUI that goes away).
    void close_input();

    // Waits until `deadline` for the child to exit; its status as from waitpid, or nullopt on
    // timeout (the child is then killed and reaped, and `hung()` is true).
    std::optional<int> wait_exit(Clock::time_point deadline);
    bool hung() const { return hung_; }
    bool running() const { return pid_ > 0; }

    // Peak and current resident set size in KiB (VmHWM, VmRSS), 0 if unavailable.
    long peak_rss_kib() const { return status_field("VmHWM:"); }
    long rss_kib() const { return status_field("VmRSS:"); }

    pid_t pid() const { return pid_; }

private:
    long status_field(const char* name) const;

    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;  // bytes read but not yet returned as lines
    bool eof_ = false;
    bool hung_ = false;
};

// "exit 0", "exit 3", "signal 11 (Segmentation fault)": a waitpid status for people.
std::string describe_status(int status);
// True for a clean exit (code 0).
bool clean_exit(int status);

}  // namespace tempo::stress
