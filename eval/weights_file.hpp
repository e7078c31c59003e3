// The trained weights on disk: a fixed header (magic, format version, variant, phase count, pattern
// set, weights per phase, scale, checksum) followed by the zlib-compressed little-endian int16 weights.
//
//   offset  size  field
//        0     8  magic "TEMPOEVW"
//        8     4  format version (kWeightsFormatVersion)
//       12     1  geometry (0 = 8x8, 1 = 6x6)     13  1  rules (0 = standard, 1 = anti)
//       14     2  phase count
//       16     4  pattern set id (kPatternSetId)
//       20     4  weights per phase
//       24     4  units per disc (weights are in 1/units discs)
//       28     4  compressed payload size in bytes
//       32     8  XXH3-64 of the uncompressed payload
//       40     -  payload: zlib stream of phases * weights-per-phase int16 values; in version 2
//                 then the residual networks (eval/residual_net.hpp): uint32 hidden units, and per
//                 phase its float32 values (square weights, pattern weights, biases, output
//                 weights, output bias). Version 1 files (no networks) are still read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/variant.hpp"
#include "eval/residual_net.hpp"

namespace tempo {

constexpr std::uint32_t kWeightsFormatVersion = 2;  // written when there are networks, else 1
constexpr int kWeightUnitsPerDisc = 128;

struct EvalWeights {
    Variant variant;
    std::uint32_t pattern_set = 0;
    int phases = 0;
    int weights_per_phase = 0;
    int units_per_disc = kWeightUnitsPerDisc;
    std::vector<std::int16_t> weights;  // phase-major
    std::vector<ResidualNet> nets;      // none, or one per phase
};

// Weights of this build's pattern set for `variant` with `phases` phases, all zero and without
// networks: what a fit fills in, or a test sets by hand.
EvalWeights zero_weights(Variant variant, int phases);

// The file's bytes for `weights`.
std::vector<std::uint8_t> encode_weights(const EvalWeights& weights);

// Parses a weights file's bytes; throws std::runtime_error starting with `source` (the path) and
// saying what is wrong: truncated, bad magic, unknown version, checksum mismatch...
EvalWeights decode_weights(const std::vector<std::uint8_t>& bytes, const std::string& source);

// Weights files larger than this are refused before reading (the shipped ones are ~1.6 MB): a
// wrong path to a huge file is an error message, not gigabytes read into memory.
constexpr std::size_t kMaxWeightsFileBytes = 64u << 20;

// Reads and checks a weights file for `variant` with this build's pattern set; throws
// std::runtime_error naming the path and the problem (missing, larger than kMaxWeightsFileBytes
// (a ParseError with the size), corrupt, another variant or set).
EvalWeights load_weights(const std::string& path, Variant variant);

// Writes `weights` to `path`; throws std::runtime_error on an I/O failure.
void save_weights(const std::string& path, const EvalWeights& weights);

}  // namespace tempo
