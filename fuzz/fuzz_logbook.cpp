// Fuzzes Logistello logbook lines: parse_logbook_line then replay_logbook. Any bytes either parse or
// throw ParseError; a parsed line replays without error to a game holding all its moves.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "formats/logbook.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    LogbookGame game;
    try {
        game = parse_logbook_line(text);
    } catch (const ParseError&) {
        return 0;
    }
    FUZZ_CHECK(game.moves.size() <= 60);
    const Game replay = replay_logbook(game);  // the line was checked: an exception here is a bug
    std::size_t played = 0;
    for (const Move move : replay.moves()) played += move != kPass;
    FUZZ_CHECK(played == game.moves.size());
    return 0;
}
