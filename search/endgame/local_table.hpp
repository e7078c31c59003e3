// A small table of the endgame search's results near the end (search/endgame/search.hpp,
// `nws_local`), one per thread, keyed by the whole board. There most nodes are searched, and the
// shared table cost each of them a hash, a cache miss (prefetched, yet waited for) and a slot taken
// from the deeper results it is there for. Here a slot is found by one multiplication, sits in the
// core's own cache (Depths x 2^Bits x 24 bytes), and its exact board makes a hit certain. A result
// at these depths is a proven bound on a final score, true whenever the same board comes back.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/board.hpp"
#include "engine/score.hpp"

namespace tempo::endgame {

template <int Depths, int Bits>
class LocalTable {
public:
    struct Entry {
        Bitboard player = 0, opponent = 0;  // a board without discs: matches no position searched
        std::int8_t lower = -kMaxScore, upper = kMaxScore;
        std::uint8_t move = kNoMove;
    };

    // The slot of a board at the `level`-th empties count this table serves (0 = the fewest); one
    // slot per index, replaced by every store.
    Entry& slot(int level, Bitboard player, Bitboard opponent) { return slots_[level][index(player, opponent)]; }

    static bool holds(const Entry& entry, Bitboard player, Bitboard opponent) {
        return entry.player == player && entry.opponent == opponent;
    }

    void clear() {
        for (auto& level : slots_) level.fill(Entry{});
    }

private:
    // Multiplicative hashing (Knuth): the product's top bits depend on every bit of the board.
    static std::size_t index(Bitboard player, Bitboard opponent) {
        constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;  // 2^64 / golden ratio, odd
        return static_cast<std::size_t>(((player ^ (opponent * kGolden)) * kGolden) >> (64 - Bits));
    }

    std::array<std::array<Entry, std::size_t{1} << Bits>, Depths> slots_{};
};

}  // namespace tempo::endgame
