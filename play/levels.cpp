#include "play/levels.hpp"

#include <algorithm>
#include <string>

#include "engine/parse_error.hpp"
#include "engine/text.hpp"

namespace tempo {

Level depth_level(int level) {
    level = std::clamp(level, kMinLevel, kMaxLevel);
    Level result;
    result.limits.depth = level;
    result.limits.solve_empties = std::min(kMaxLevel, level <= 10 ? 2 * level : level + 10);
    result.book = true;
    return result;
}

std::optional<Level> named_level(std::string_view name) {
    const std::string lower = to_lower(name);
    if (lower == "easy") {
        Level easy;
        easy.limits.depth = 1;
        easy.limits.selectivity = 0;
        easy.limits.solve_empties = 2;
        easy.noise = 10;
        return easy;
    }
    if (lower == "normal") return depth_level(8);
    if (lower == "hard") {
        Level hard;
        hard.limits.move_time = std::chrono::milliseconds(5000);
        hard.book = true;
        return hard;
    }
    return std::nullopt;
}

Level parse_level(std::string_view text) {
    if (const auto named = named_level(text)) return *named;
    int depth = 0;
    for (char c : text) {
        if (c < '0' || c > '9' || depth > kMaxLevel) depth = -1;
        if (depth < 0) break;
        depth = depth * 10 + (c - '0');
    }
    if (text.empty() || depth < kMinLevel || depth > kMaxLevel)
        throw ParseError("bad level " + quoted_input(text) + ": expected easy, normal, hard or a depth 1..60");
    return depth_level(depth);
}

Level on_clock(Level level, std::optional<Limits::Clock> clock, bool level_chosen) {
    level.limits.clock = clock;
    if (clock && !level_chosen) {
        level.limits.depth = kMaxLevel;
        level.limits.solve_empties.reset();
    }
    return level;
}

}  // namespace tempo
