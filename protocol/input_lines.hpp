// Protocol input: a reader thread splits a file descriptor (stdin) into bounded lines and queues
// them, so the protocol loop can act on `ping`, `stop`, `quit` or EOF while a search runs.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace tempo::protocol {

// Longer lines are never buffered whole: the reader keeps the first kMaxLineBytes and marks the line.
constexpr std::size_t kMaxLineBytes = 64 * 1024;
// Lines read ahead of the protocol loop; beyond this the reader waits.
constexpr std::size_t kMaxQueuedLines = 1024;

struct InputLine {
    std::string text;       // without the '\n' (and without a trailing '\r')
    bool too_long = false;  // the line exceeded kMaxLineBytes; `text` holds only its start
};

// Splits bytes into lines of at most kMaxLineBytes. Fed by read() chunks; pure, so it is unit-testable.
class LineSplitter {
public:
    // Appends a chunk; complete lines are passed to `emit` in order.
    void feed(const char* data, std::size_t size, const std::function<void(InputLine)>& emit);
    // End of input: a last line without '\n' is still a line.
    void finish(const std::function<void(InputLine)>& emit);

private:
    InputLine current_;
    bool pending_ = false;  // current_ holds bytes of an unfinished line
};

// Owns the reader thread. Lines are handed out in order by next(); after the last line, next()
// returns nullopt (EOF). `on_arrival` (optional) runs on the reader thread for each line and at EOF
// (with nullptr): protocols use it to interrupt a search the main loop is waiting for.
class InputQueue {
public:
    using ArrivalHook = std::function<void(const InputLine*)>;
    explicit InputQueue(int fd = 0);
    ~InputQueue();
    InputQueue(const InputQueue&) = delete;
    InputQueue& operator=(const InputQueue&) = delete;

    void set_arrival_hook(ArrivalHook hook);
    // Blocks for the next line; nullopt at EOF once every line has been taken.
    std::optional<InputLine> next();
    // The next line without taking it (blocks like next()); nullptr at EOF.
    const InputLine* peek();
    // True once the input has ended (lines may still be queued).
    bool ended() const;

private:
    // Shared with the reader thread. A reader still blocked in read() is detached when the queue
    // goes (a read() on a terminal cannot be interrupted portably, and the process may exit while it
    // waits); one that has reached EOF is joined, so nothing of it outlives the queue (LeakSanitizer
    // in the fuzz targets caught the state of a detached reader that had not finished exiting).
    struct State {
        std::mutex mutex;
        std::condition_variable arrived;
        std::condition_variable taken;
        std::deque<InputLine> lines;
        bool ended = false;
        ArrivalHook hook;
    };
    static void read_loop(int fd, std::shared_ptr<State> state);

    std::shared_ptr<State> state_;
    std::thread reader_;
};

}  // namespace tempo::protocol
