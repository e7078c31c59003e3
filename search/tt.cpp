#include "search/tt.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <limits>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tempo {

void TranspositionTable::AlignedDeleter::operator()(Bucket* p) const { ::operator delete(p, alignment); }

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
    std::size_t count = 1;
    const std::size_t budget = megabytes * 1024 * 1024 / sizeof(Bucket);
    while (count * 2 <= budget) count *= 2;
    buckets_.reset();
    // Tables of 2 MiB and more sit on 2 MiB boundaries and ask for transparent huge pages: every
    // probe lands on a random line, and with 4 KiB pages nearly every one also misses the TLB
    // (a page walk that itself misses the cache).
    constexpr std::size_t kHugePage = std::size_t{2} << 20;
    const std::size_t bytes = count * sizeof(Bucket);
    const std::size_t alignment = bytes >= kHugePage ? kHugePage : alignof(Bucket);
    // Aligned operator new rather than aligned_alloc, which Windows' C runtime lacks; throws bad_alloc.
    void* memory = ::operator new(bytes, std::align_val_t{alignment});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (alignment == kHugePage) madvise(memory, bytes, MADV_HUGEPAGE);  // a hint: failure is harmless
#endif
    buckets_ = std::unique_ptr<Bucket[], AlignedDeleter>(static_cast<Bucket*>(memory), {std::align_val_t{alignment}});
    mask_ = count - 1;
    wipe();
}

void TranspositionTable::wipe() {
    // Zero words never verify for a real position: key 0 would need XXH3 to hash to 0 with data 0.
    std::memset(static_cast<void*>(buckets_.get()), 0, (mask_ + 1) * sizeof(Bucket));
    epoch_ = 1;
    generation_ = 1;
}

void TranspositionTable::clear() {
    if (++epoch_ == 0) return wipe();  // after 65,535 clears an old epoch would come back
    generation_ = 1;
}

std::uint64_t TranspositionTable::pack(const Data& d) const {
    return std::uint64_t(std::uint8_t(d.lower + kMaxScore)) | std::uint64_t(std::uint8_t(d.upper + kMaxScore)) << 8 |
           std::uint64_t(std::uint8_t(d.move)) << 16 | std::uint64_t(std::uint8_t(d.depth)) << 24 |
           std::uint64_t(std::uint8_t(d.selectivity)) << 32 | std::uint64_t(generation_) << 40 |
           std::uint64_t(epoch_) << 48;
}

TranspositionTable::Data TranspositionTable::unpack(std::uint64_t w) {
    return {int(w & 0xff) - kMaxScore, int((w >> 8) & 0xff) - kMaxScore, int((w >> 16) & 0xff), int((w >> 24) & 0xff),
            int((w >> 32) & 0xff)};
}

bool TranspositionTable::probe(std::uint64_t key, Data& out) const {
    const Bucket& bucket = buckets_[key & mask_];
    for (const Entry& e : bucket.entries) {
        const std::uint64_t data = live_data(e);
        if ((e.check.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
            out = unpack(data);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(std::uint64_t key, const Data& data) {
    Bucket& bucket = buckets_[key & mask_];
    Entry* victim = &bucket.entries[0];
    int victim_value = std::numeric_limits<int>::max();
    for (Entry& e : bucket.entries) {
        const std::uint64_t old = live_data(e);  // an entry from before the last clear is empty
        if ((e.check.load(std::memory_order_relaxed) ^ old) == key && old != 0) {
            write(e, key, kept(unpack(old), data));
            return;
        }
        // Entries of older searches lose 64 depth points per generation of age: they go first.
        const int age = (generation_ - generation_of(old)) & kGenerationMask;
        const int value = depth_of(old) - 64 * age;
        if (value < victim_value) {
            victim_value = value;
            victim = &e;
        }
    }
    write(*victim, key, data);
}

TranspositionTable::Data TranspositionTable::kept(const Data& previous, const Data& data) {
    // A deeper search's bounds (or a less pruned one's, selectivity 0 being exact) say more than a
    // shallower search's: the midgame reaches a position at several remaining depths. The newer
    // move still replaces the deeper search's: it was found with the window of the moment (keeping
    // the deeper move as well: midgame -20% nodes at depth 16, but FFO #40-#53 +8%; commit edbabc4).
    if (previous.depth > data.depth || (previous.depth == data.depth && previous.selectivity < data.selectivity)) {
        Data deeper = previous;
        if (data.move != kNoMove) deeper.move = data.move;
        return deeper;
    }
    if (previous.depth != data.depth || previous.selectivity != data.selectivity) return data;  // deeper
    // The same search depth: null-window searches of one position with different windows leave a
    // lower bound and an upper bound; both hold (unless search instability contradicts them).
    Data both = data;
    both.lower = std::max(previous.lower, data.lower);
    both.upper = std::min(previous.upper, data.upper);
    if (both.lower > both.upper) return data;
    if (both.move == kNoMove) both.move = previous.move;
    return both;
}

void TranspositionTable::write(Entry& entry, std::uint64_t key, const Data& data) {
    // What a search stores and what kept() merges: bounds of a real score, lower <= upper (a merge
    // that would cross them keeps the newer data), and every field within its 8 bits.
    assert(-kMaxScore <= data.lower && data.lower <= data.upper && data.upper <= kMaxScore);
    assert(data.move >= 0 && data.move <= kNoMove && data.depth >= 0 && data.depth <= 0xff);
    assert(data.selectivity >= 0 && data.selectivity <= 0xff);
    const std::uint64_t word = pack(data);  // in this search's generation, whatever it keeps
    entry.check.store(key ^ word, std::memory_order_relaxed);
    entry.data.store(word, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    const std::uint64_t sample = mask_ + 1 < 250 ? mask_ + 1 : 250;
    int used = 0;
    for (std::uint64_t b = 0; b < sample; ++b)
        for (const Entry& e : buckets_[b].entries) {
            const std::uint64_t data = live_data(e);
            used += data != 0 && generation_of(data) == generation_;
        }
    return static_cast<int>(used * 1000 / (sample * kWays));
}

}  // namespace tempo
