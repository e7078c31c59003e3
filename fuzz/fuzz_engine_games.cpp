// Fuzzes the engine-games file (parse_engine_games; the first byte picks whether an unterminated
// last line is dropped): any bytes either parse or throw ParseError; every parsed game and the
// header write lines that parse back to the same text.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "formats/engine_games_file.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const bool allow_partial = data[0] & 1;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    EngineGamesFile file;
    std::uint64_t complete = 0;
    try {
        file = parse_engine_games(text, "fuzz", allow_partial, &complete);
    } catch (const ParseError&) {
        return 0;
    }
    FUZZ_CHECK(complete <= text.size());
    const Variant variant = file.header.variant;
    FUZZ_CHECK(EngineGamesHeader::parse(file.header.line()).line() == file.header.line());
    for (const EngineGame& game : file.games) {
        const std::string line = format_engine_game(game);
        FUZZ_CHECK(format_engine_game(parse_engine_game(line, variant)) == line);
    }
    return 0;
}
