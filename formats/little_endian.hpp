// Little-endian integers in byte buffers: the binary files (weights, books, Edax's book) store
// their fields so, whatever the machine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tempo {

// Appends the low `bytes` bytes of `value`, least significant first.
inline void put_le(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

// The `count`-byte value at `at` (the caller checks that it lies inside `in`).
inline std::uint64_t get_le(std::span<const std::uint8_t> in, std::size_t at, int count) {
    std::uint64_t value = 0;
    for (int i = 0; i < count; ++i) value |= std::uint64_t{in[at + i]} << (8 * i);
    return value;
}

}  // namespace tempo
