// The engine-games file: the engine's own games, one a line, as `tempo-train engine-games` writes
// them and `tempo-train samples --engine-games` reads them. Plain text, or gzip-compressed (any name
// ending in .gz); the format is documented in data/games/README.md. Every line is checked when read:
// the moves replay legally to the end, the result and the score count agree with them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/parse_error.hpp"

namespace tempo {

// The first line of a file: the format and the job that made it (its options), so that a resumed
// job refuses a file made with other options, and a reader learns the variant.
struct EngineGamesHeader {
    Variant variant;
    std::string job;  // "depth=8 solve-empties=20 ... shard=0/1": compared as a whole on resume

    std::string line() const;
    // Throws ParseError if `line` is no header of this format.
    static EngineGamesHeader parse(std::string_view line);
};

struct EngineGame {
    std::uint64_t index = 0;  // the game's number in its job: it fixes the opening and the random draws
    int opening_plies = 0;    // moves of the opening at the start of the game
    Game game;                // replayed to its end, passes included
    int black_margin = 0;     // the final result, black's view (official or anti scoring)
    int exact_from = -1;      // empties at the first exactly solved move (perfect play from there); -1: none
    // One per position after the opening where the side to move had a move, in order: the search's
    // score for the side to move, or nothing where a random move was played unsearched.
    std::vector<std::optional<int>> scores;
};

std::string format_engine_game(const EngineGame& game);
// Throws ParseError saying what is wrong with the line.
EngineGame parse_engine_game(std::string_view line, Variant variant);

struct EngineGamesFile {
    EngineGamesHeader header;
    std::vector<EngineGame> games;
};

// The result field: black's official margin; on Anti-Reversi white's discs less black's, as counted.
int engine_game_result(const Game& game);

// A whole file's text. Lines starting with '#' after the first are comments; the headers of other
// shards in a concatenation must name the same variant. Throws ParseError naming `what` (the path)
// and the line of the first bad line. With `allow_partial_last`, an unterminated last line (a writer
// interrupted in mid-line) is dropped instead, and `complete_bytes` (if given) gets the length of
// the text without it.
EngineGamesFile parse_engine_games(std::string_view text, const std::string& what, bool allow_partial_last = false,
                                   std::uint64_t* complete_bytes = nullptr);
// Reads a file (plain or .gz) and parses it as parse_engine_games does.
EngineGamesFile read_engine_games(const std::string& path, bool allow_partial_last = false,
                                  std::uint64_t* complete_bytes = nullptr);

}  // namespace tempo
