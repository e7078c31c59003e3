// A share of a numbered list of jobs (positions to solve, games to play) for one of N processes,
// so that a batch scheduler (GNU parallel, a Slurm array) can spread the list: shard K of N takes
// items K, K+N, K+2N, ... The union of the N shards is the whole list, whatever N.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/parse_error.hpp"

namespace tempo {

struct Shard {
    std::uint64_t index = 0;  // K, 0-based
    std::uint64_t count = 1;  // N

    bool owns(std::uint64_t item) const { return item % count == index; }
    std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }

    // "K/N" with 0 <= K < N; throws ParseError naming the text otherwise.
    static Shard parse(std::string_view text) {
        const auto number = [&](std::string_view digits) {
            if (digits.empty() || digits.size() > 9) throw ParseError("expected K/N, e.g. 0/4, got " + quoted_input(text));
            std::uint64_t value = 0;
            for (char c : digits) {
                if (c < '0' || c > '9') throw ParseError("expected K/N, e.g. 0/4, got " + quoted_input(text));
                value = value * 10 + static_cast<std::uint64_t>(c - '0');
            }
            return value;
        };
        const auto slash = text.find('/');
        if (slash == std::string_view::npos) throw ParseError("expected K/N, e.g. 0/4, got " + quoted_input(text));
        const Shard shard{number(text.substr(0, slash)), number(text.substr(slash + 1))};
        if (shard.count < 1 || shard.index >= shard.count)
            throw ParseError("need 0 <= K < N in K/N, got " + quoted_input(text));
        return shard;
    }
};

}  // namespace tempo
