// Protocol output: whole lines (or whole GTP responses) written atomically and flushed at once,
// from the protocol loop and the search thread alike.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <mutex>
#include <string>
#include <string_view>

namespace tempo::protocol {

// A reader that goes away (a GUI closed) must end the session through write()'s error, not the
// process by SIGPIPE. (Windows has no SIGPIPE: the write fails there anyway.)
inline void ignore_broken_pipe_signal() {
#ifdef SIGPIPE
    std::signal(SIGPIPE, SIG_IGN);
#endif
}

class LineOutput {
public:
    explicit LineOutput(int fd = 1) : fd_(fd) {}

    // Writes `text` plus '\n' unbuffered (so it is flushed); false once the reader has gone.
    bool line(std::string_view text) {
        std::lock_guard lock(mutex_);
        return write_locked(std::string(text) + '\n');
    }
    // Writes raw text (the caller supplies the newlines).
    bool raw(std::string_view text) {
        std::lock_guard lock(mutex_);
        return write_locked(text);
    }
    // Runs `f` while holding the output lock, so a check and a write are one step.
    template <typename F>
    auto locked(F&& f) {
        std::lock_guard lock(mutex_);
        return f([this](std::string_view text) { return write_locked(std::string(text) + '\n'); });
    }
    bool broken() const {
        std::lock_guard lock(mutex_);
        return broken_;
    }

private:
    bool write_locked(std::string_view text) {
        while (!broken_ && !text.empty()) {
            const ssize_t wrote = ::write(fd_, text.data(), text.size());
            if (wrote < 0 && errno == EINTR) continue;
            if (wrote <= 0)
                broken_ = true;
            else
                text.remove_prefix(static_cast<std::size_t>(wrote));
        }
        return !broken_;
    }

    int fd_;
    mutable std::mutex mutex_;
    bool broken_ = false;
};

}  // namespace tempo::protocol
