// Reading an NBoard engine's output in the protocol tests: lines up to a prefix, and a ping/pong
// barrier that returns what came before the pong.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "tests/protocol/engine_process.hpp"

namespace tempo::testing {

// Reads lines until one starts with `prefix` (every line read is added to `seen` when given);
// fails the test and returns "" if none comes within `timeout`.
inline std::string read_until(EngineProcess& engine, const std::string& prefix,
                              std::vector<std::string>* seen = nullptr,
                              std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto line = engine.read_line(std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now() + std::chrono::milliseconds(1)));
        if (!line) break;
        if (seen) seen->push_back(*line);
        if (line->rfind(prefix, 0) == 0) return *line;
    }
    ADD_FAILURE() << "no line starting with '" << prefix << "'";
    return "";
}

// Reads the lines of a request until the empty `status` that ends it (that line included).
inline std::vector<std::string> read_until_done(EngineProcess& engine,
                                                std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    std::vector<std::string> seen;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto line = engine.read_line(std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now() + std::chrono::milliseconds(1)));
        if (!line) break;
        seen.push_back(*line);
        if (*line == "status") return seen;
    }
    ADD_FAILURE() << "the request never ended with an empty status";
    return seen;
}

// Sends `ping n` and returns every line before the pong.
inline std::vector<std::string> sync(EngineProcess& engine, int n) {
    engine.send("ping " + std::to_string(n));
    std::vector<std::string> seen;
    read_until(engine, "pong " + std::to_string(n), &seen);
    if (!seen.empty()) seen.pop_back();
    return seen;
}

}  // namespace tempo::testing
