// The transposition table shared by the endgame solver and the midgame search.
// Buckets of four 16-byte entries fill one 64-byte cache line. Each entry stores its data word and
// (key XOR data): a reader recomputes the key from both words, so an entry torn by two threads
// writing at once simply fails verification; no locks are needed.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

#include "engine/board.hpp"
#include "engine/score.hpp"

namespace tempo {

class TranspositionTable {
public:
    // What is known about a position: the score lies in [lower, upper] (discs, side to move),
    // found by a search of `depth` plies (empties for a solve) at `selectivity` (0 = exact).
    struct Data {
        int lower = -kMaxScore;
        int upper = kMaxScore;
        Move move = kNoMove;
        int depth = 0;
        int selectivity = 0;
    };

    explicit TranspositionTable(std::size_t megabytes = 64);
    // Reallocates to the largest power-of-two bucket count within `megabytes` (at least one bucket); clears.
    void resize(std::size_t megabytes);
    // Forgets every entry, in constant time: entries carry the epoch of the clear they were stored
    // after, and those of older epochs read as empty (a real wipe every 65,535 clears). `tempo
    // solve` clears before each position; a memset of its 256 MB table took longer than solving
    // most positions of 20 empties or fewer.
    void clear();
    // Starts a new search: entries from older searches become the first to be replaced.
    void new_search() { generation_ = static_cast<std::uint8_t>(generation_ % kGenerationMask + 1); }  // 1..63

    bool probe(std::uint64_t key, Data& out) const;
    // Into the entry of the same key: the deeper search's bounds of the two (with the newer move),
    // and for the same depth and selectivity both bounds. Else over the least valuable entry of
    // the bucket (oldest generation first, then smallest depth).
    void store(std::uint64_t key, const Data& data);
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[key & mask_]); }

    std::size_t size_bytes() const { return (mask_ + 1) * sizeof(Bucket); }
    // Per-mille of entries written during the current search (a sample of the first 1000 entries).
    int hashfull() const;

private:
    static constexpr int kWays = 4;
    static constexpr std::uint8_t kGenerationMask = 0x3f;

    struct Entry {
        std::atomic<std::uint64_t> check{0};  // key ^ data
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Entry entries[kWays];
    };

    // Data word: lower+kMaxScore (8 bits) | upper+kMaxScore (8) | move (8) | depth (8) | selectivity (8) |
    // generation (8) | epoch (16).
    std::uint64_t pack(const Data& d) const;
    static Data unpack(std::uint64_t word);
    static std::uint8_t generation_of(std::uint64_t word) { return static_cast<std::uint8_t>(word >> 40); }
    static int depth_of(std::uint64_t word) { return static_cast<int>((word >> 24) & 0xff); }
    // An entry's data word, or 0 (an empty entry's) when it was stored before the last clear.
    std::uint64_t live_data(const Entry& e) const {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        return static_cast<std::uint16_t>(data >> 48) == epoch_ ? data : 0;
    }
    void wipe();  // zeroes every entry
    // What an entry holding `previous` keeps when `data` is stored for the same position.
    static Data kept(const Data& previous, const Data& data);
    void write(Entry& entry, std::uint64_t key, const Data& data);

    struct AlignedDeleter {
        std::align_val_t alignment;  // as the table was allocated with
        void operator()(Bucket* p) const;
    };
    std::unique_ptr<Bucket[], AlignedDeleter> buckets_;
    std::uint64_t mask_ = 0;
    std::uint8_t generation_ = 1;
    std::uint16_t epoch_ = 1;  // never 0, the epoch of a zeroed entry
};

}  // namespace tempo
