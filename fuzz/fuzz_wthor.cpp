// Fuzzes WTHOR bytes: game databases (parse_wthor, then replay_wthor of every game) and the player and
// tournament name files (parse_wthor_names). Any bytes either parse or throw ParseError.
#include <cstddef>
#include <cstdint>
#include <span>

#include "formats/wthor.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    try {
        const WthorFile file = parse_wthor(bytes);
        FUZZ_CHECK(file.games.size() <= size / 68);
        for (const WthorGame& game : file.games) {
            FUZZ_CHECK(game.moves.size() <= 60);
            try {
                const Game replay = replay_wthor(game);
                FUZZ_CHECK(replay.moves().size() <= 2 * game.moves.size() + 1);
            } catch (const ParseError&) {
            }
        }
    } catch (const ParseError&) {
    }
    for (const std::size_t record_size : {std::size_t{20}, std::size_t{26}}) {
        try {
            const auto names = parse_wthor_names(bytes, record_size);
            FUZZ_CHECK(names.size() <= size / record_size);
        } catch (const ParseError&) {
        }
    }
    return 0;
}
