// A share of a numbered list of jobs (positions to solve, games to play) for one of N processes,
// so that a batch scheduler (GNU parallel, a Slurm array) can spread the list: shard K of N takes
// items K, K+N, K+2N, ... The union of the N shards is the whole list, whatever N.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/parse_error.hpp"
#include "engine/text.hpp"

namespace tempo {

struct Shard {
    std::uint64_t index = 0;  // K, 0-based
    std::uint64_t count = 1;  // N

    bool owns(std::uint64_t item) const { return item % count == index; }
    std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }

    // "K/N" with 0 <= K < N; throws ParseError naming the text otherwise.
    static Shard parse(std::string_view text) {
        const auto slash = text.find('/');
        const auto index = parse_integer(text.substr(0, slash), 0, 1'000'000'000);
        const auto count =
            slash == std::string_view::npos ? std::nullopt : parse_integer(text.substr(slash + 1), 1, 1'000'000'000);
        if (!index || !count) throw ParseError("expected K/N, e.g. 0/4, got " + quoted_input(text));
        if (*index >= *count) throw ParseError("need 0 <= K < N in K/N, got " + quoted_input(text));
        return {static_cast<std::uint64_t>(*index), static_cast<std::uint64_t>(*count)};
    }
};

}  // namespace tempo
