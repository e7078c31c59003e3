// Fuzzes the GTP loop: arbitrary bytes as a controller's commands (play, genmove, undo, boardsize,
// time_left, ...) must never crash, hang or throw out of run_gtp.
#include "fuzz/protocol_input.hpp"
#include "protocol/gtp.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    tempo::fuzz::run_protocol_on(data, size, tempo::protocol::run_gtp);
    return 0;
}
