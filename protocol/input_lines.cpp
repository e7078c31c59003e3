#include "protocol/input_lines.hpp"

#include <unistd.h>

#include <cerrno>

namespace tempo::protocol {

void LineSplitter::feed(const char* data, std::size_t size, const std::function<void(InputLine)>& emit) {
    for (std::size_t i = 0; i < size; ++i) {
        const char c = data[i];
        if (c == '\n') {
            if (!current_.text.empty() && current_.text.back() == '\r') current_.text.pop_back();
            emit(std::move(current_));
            current_ = {};
            pending_ = false;
            continue;
        }
        pending_ = true;
        if (current_.text.size() < kMaxLineBytes)
            current_.text += c;
        else
            current_.too_long = true;  // drop the rest: memory stays bounded whatever arrives
    }
}

void LineSplitter::finish(const std::function<void(InputLine)>& emit) {
    if (!pending_) return;
    if (!current_.text.empty() && current_.text.back() == '\r') current_.text.pop_back();
    emit(std::move(current_));
    current_ = {};
    pending_ = false;
}

InputQueue::InputQueue(int fd) : state_(std::make_shared<State>()), reader_(read_loop, fd, state_) {}

InputQueue::~InputQueue() {
    bool ended;
    {
        std::lock_guard lock(state_->mutex);
        state_->hook = nullptr;
        ended = state_->ended;
    }
    // After EOF the reader only unlocks and returns: wait for it. Otherwise it may be blocked in
    // read() for good: leave it the shared state.
    if (ended)
        reader_.join();
    else
        reader_.detach();
}

void InputQueue::set_arrival_hook(ArrivalHook hook) {
    std::lock_guard lock(state_->mutex);
    state_->hook = std::move(hook);
}

void InputQueue::read_loop(int fd, std::shared_ptr<State> state) {
    LineSplitter splitter;
    const auto push = [&state](InputLine line) {
        std::unique_lock lock(state->mutex);
        // Back-pressure: a flood of input waits in the pipe, not in memory.
        state->taken.wait(lock, [&state] { return state->lines.size() < kMaxQueuedLines; });
        if (state->hook) state->hook(&line);
        state->lines.push_back(std::move(line));
        state->arrived.notify_all();
    };
    char buffer[16384];
    while (true) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        splitter.feed(buffer, static_cast<std::size_t>(got), push);
    }
    splitter.finish(push);
    std::lock_guard lock(state->mutex);
    state->ended = true;
    if (state->hook) state->hook(nullptr);
    state->arrived.notify_all();
}

std::optional<InputLine> InputQueue::next() {
    std::unique_lock lock(state_->mutex);
    state_->arrived.wait(lock, [this] { return !state_->lines.empty() || state_->ended; });
    if (state_->lines.empty()) return std::nullopt;
    InputLine line = std::move(state_->lines.front());
    state_->lines.pop_front();
    state_->taken.notify_all();
    return line;
}

const InputLine* InputQueue::peek() {
    std::unique_lock lock(state_->mutex);
    state_->arrived.wait(lock, [this] { return !state_->lines.empty() || state_->ended; });
    return state_->lines.empty() ? nullptr : &state_->lines.front();
}

bool InputQueue::ended() const {
    std::lock_guard lock(state_->mutex);
    return state_->ended;
}

}  // namespace tempo::protocol
