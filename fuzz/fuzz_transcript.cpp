// Fuzzes move transcripts (parse_transcript) in every variant: any bytes either replay to a legal game
// or throw ParseError; a game's transcript (passes left out) replays to the same moves.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/notation.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const char* name : {"8x8", "6x6", "anti", "anti6x6"}) {
        const Variant variant = Variant::parse(name);
        try {
            const Game game = parse_transcript(text, variant);
            std::vector<Move> moves = game.moves();
            FUZZ_CHECK(moves.size() <= 2u * 64u);
            // A transcript leaves passes out, so a trailing pass cannot come back.
            while (!moves.empty() && moves.back() == kPass) moves.pop_back();
            const Game again = parse_transcript(transcript(moves, variant.geometry), variant);
            std::vector<Move> replayed = again.moves();
            while (!replayed.empty() && replayed.back() == kPass) replayed.pop_back();
            FUZZ_CHECK(replayed == moves);
        } catch (const ParseError&) {
        }
    }
    return 0;
}
