#include "search/deadline_timer.hpp"

namespace tempo {

void DeadlineTimer::arm(Clock::time_point at) {
    {
        const std::lock_guard lock(mutex_);
        at_ = at;
        if (!thread_.joinable()) thread_ = std::jthread([this](std::stop_token quit) { wait_for_deadlines(quit); });
    }
    wake_.notify_one();
}

void DeadlineTimer::disarm() {
    {
        const std::lock_guard lock(mutex_);
        at_.reset();
    }
    wake_.notify_one();
}

void DeadlineTimer::wait_for_deadlines(std::stop_token quit) {
    std::unique_lock lock(mutex_);
    while (!quit.stop_requested()) {
        if (!at_) {
            wake_.wait(lock, quit, [this] { return at_.has_value(); });
            continue;
        }
        const Clock::time_point at = *at_;
        // Wakes early when the deadline is replaced or removed (or on quit): the flag is raised
        // only under the lock, for the deadline still armed, so disarm() is final.
        if (wake_.wait_until(lock, quit, at, [this, at] { return at_ != at; })) continue;
        if (quit.stop_requested()) break;
        flag_.store(true, std::memory_order_relaxed);
        at_.reset();
    }
}

}  // namespace tempo
