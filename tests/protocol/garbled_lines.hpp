// Random input lines for the protocol tests' garbage hammers: what a broken GUI or a noisy pipe
// might send. Each test then makes the line harmless in its own protocol (no quit, no search).
#pragma once

#include <random>
#include <string>
#include <vector>

namespace tempo::testing {

// One line: a command from `templates` alone, random bytes (newlines included: the caller splits
// or replaces them), a number then a command (GTP's ids), or a command then a number; 1 in 200 is
// 70 KiB of `filler`, over the engine's 64 KiB line limit.
inline std::string garbled_line(std::mt19937& random, const std::vector<std::string>& templates, char filler) {
    const std::string& command = templates[random() % templates.size()];
    switch (random() % 4) {
        case 0:
            return command;
        case 1: {
            std::string bytes;
            for (int j = 0, n = static_cast<int>(random() % 80); j < n; ++j) bytes += static_cast<char>(random() % 256);
            return bytes;
        }
        case 2:
            return std::to_string(random() % 1000) + " " + command;
        default:
            return random() % 50 == 0 ? std::string(70 * 1024, filler) : command + " " + std::to_string(random());
    }
}

}  // namespace tempo::testing
