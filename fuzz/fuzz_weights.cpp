// Fuzzes the weights-file decoder: arbitrary bytes must decode or throw std::runtime_error naming the
// problem; what decodes encodes back to the same bytes.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "eval/weights_file.hpp"
#include "fuzz/fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::uint8_t> bytes(data, data + size);
    try {
        const tempo::EvalWeights weights = tempo::decode_weights(bytes, "fuzz input");
        FUZZ_CHECK(weights.weights.size() == std::size_t(weights.phases) * std::size_t(weights.weights_per_phase));
        const tempo::EvalWeights again = tempo::decode_weights(tempo::encode_weights(weights), "re-encoded");
        FUZZ_CHECK(again.weights == weights.weights && again.variant == weights.variant);
    } catch (const std::runtime_error&) {
    }
    return 0;
}
