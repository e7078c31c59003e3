#include "search/levels.hpp"

#include <algorithm>
#include <string>

#include "engine/text.hpp"

namespace tempo {

Limits level_limits(int level) {
    level = std::clamp(level, kMinLevel, kMaxLevel);
    Limits limits;
    limits.depth = level;
    limits.solve_empties = std::min(kMaxLevel, level <= 10 ? 2 * level : level + 10);
    limits.book = true;
    return limits;
}

std::optional<Limits> named_level(std::string_view name) {
    const std::string lower = to_lower(name);
    if (lower == "easy") {
        Limits limits;
        limits.depth = 1;
        limits.selectivity = 0;
        limits.solve_empties = 2;
        limits.randomness = 10;
        return limits;
    }
    if (lower == "normal") return level_limits(8);
    if (lower == "hard") {
        Limits limits;
        limits.move_time = std::chrono::milliseconds(5000);
        limits.book = true;
        return limits;
    }
    return std::nullopt;
}

}  // namespace tempo
