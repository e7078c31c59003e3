// Fuzzes GGF game records: parse_ggf, replay_ggf, write_ggf and the clock parser. Any bytes either
// parse or throw ParseError; a parsed record is written back as text that parses again, writing is
// stable from then on, and a record that replays still replays to the same position once rewritten.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "formats/ggf.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

namespace {

// The final position of `game`'s replay, or nullopt when a move is illegal.
std::optional<Position> replayed(const GgfGame& game) {
    try {
        return replay_ggf(game).position();
    } catch (const ParseError&) {
        return std::nullopt;
    }
}

void check_clock(std::string_view text) {
    if (text.empty()) return;
    try {
        const GgfClock clock = parse_ggf_clock_parts(text);
        FUZZ_CHECK(clock.seconds >= 0 && clock.increment >= 0 && clock.grace >= 0);
    } catch (const ParseError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    GgfGame game;
    try {
        game = parse_ggf(text);
    } catch (const ParseError&) {
        return 0;
    }
    check_clock(game.time_control);
    check_clock(game.black_clock);
    check_clock(game.white_clock);
    const std::optional<Position> end = replayed(game);

    const std::string written = write_ggf(game);
    GgfGame again;
    try {
        again = parse_ggf(written);
    } catch (const ParseError& e) {
        std::fprintf(stderr, "write_ggf wrote a record parse_ggf refuses (%s):\n%s\n", e.what(), written.c_str());
        FUZZ_CHECK(false);
    }
    FUZZ_CHECK(write_ggf(again) == written);
    FUZZ_CHECK(again.variant == game.variant && again.start == game.start);
    if (end) FUZZ_CHECK(replayed(again) == end);
    return 0;
}
