// A background thread that calls `report` every `period` until it is destroyed: progress lines for
// long commands (a 30-minute endgame solve) without touching their hot loops.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>
#include <thread>
#include <utility>

namespace tempo {

class ProgressTicker {
public:
    ProgressTicker(std::chrono::milliseconds period, std::function<void()> report)
        : thread_([this, period, report = std::move(report)](std::stop_token stop) {
              std::unique_lock<std::mutex> lock(mutex_);
              for (;;) {
                  // Wakes at the period, or at once when the destructor requests the stop.
                  wake_.wait_for(lock, stop, period, [] { return false; });
                  if (stop.stop_requested()) return;
                  report();
              }
          }) {}

private:
    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::jthread thread_;  // last: joined (stop requested) before the mutex goes away
};

}  // namespace tempo
