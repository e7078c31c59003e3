// A flag raised at a deadline by a thread that sleeps until then: the watchdog of a search whose
// own clock checks are too sparse on a slow build (search/endgame/solver.cpp). One thread serves every
// deadline of its owner, started at the first: a thread started per search costs 20-50 us, and
// about 3 ms under AddressSanitizer, at every timed move.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace tempo {

class DeadlineTimer {
public:
    using Clock = std::chrono::steady_clock;

    explicit DeadlineTimer(std::atomic<bool>& flag) : flag_(flag) {}
    DeadlineTimer(const DeadlineTimer&) = delete;
    DeadlineTimer& operator=(const DeadlineTimer&) = delete;

    // Raises the flag at `at`, unless disarmed first; replaces any earlier deadline.
    void arm(Clock::time_point at);
    // After this returns, the flag is not raised for the deadline it replaces.
    void disarm();

private:
    void wait_for_deadlines(std::stop_token quit);

    std::atomic<bool>& flag_;
    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::optional<Clock::time_point> at_;  // guarded by mutex_
    std::jthread thread_;                  // last: stopped and joined before the members it uses go
};

// Arms `timer` for a scope: disarmed at its end, however it ends.
class ArmedDeadline {
public:
    ArmedDeadline(DeadlineTimer& timer, DeadlineTimer::Clock::time_point at) : timer_(timer) { timer_.arm(at); }
    ~ArmedDeadline() { timer_.disarm(); }
    ArmedDeadline(const ArmedDeadline&) = delete;
    ArmedDeadline& operator=(const ArmedDeadline&) = delete;

private:
    DeadlineTimer& timer_;
};

}  // namespace tempo
