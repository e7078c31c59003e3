// Fuzzes the NBoard protocol loop: arbitrary bytes as the GUI's lines (set game, move, go, hint, ping,
// analyze, ...) must never crash, hang or throw out of run_nboard.
#include "fuzz/protocol_input.hpp"
#include "protocol/nboard.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tempo::fuzz::run_protocol_on(data, size, tempo::protocol::run_nboard);
    return 0;
}
