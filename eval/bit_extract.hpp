// Gathering the bits of a word under a mask into the low bits (BMI2 pext, with a portable loop).
#pragma once

#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace tempo {

// The bits of `word` at the set bits of `mask`, packed in ascending order.
inline std::uint32_t extract_bits(std::uint64_t word, std::uint64_t mask) {
#if defined(__BMI2__)
    return static_cast<std::uint32_t>(_pext_u64(word, mask));
#else
    std::uint32_t out = 0;
    for (int b = 0; mask; mask &= mask - 1, ++b) out |= static_cast<std::uint32_t>((word & mask & -mask) != 0) << b;
    return out;
#endif
}

}  // namespace tempo
