// WTHOR, the Fédération Française d'Othello's game database format (little-endian).
// .wtb: a 16-byte header ([4..7] game count, [10..11] year, [12] board size 0 or 8, [14] the empties
// at which the theoretical score was computed) and 68-byte game records ([0..1] tournament,
// [2..3] black player, [4..5] white player, [6] black's final discs with empties to the winner,
// [7] black's theoretical discs, [8..67] moves as 10*row+col with rows/columns 1-8, 0 = end;
// passes are not stored). .JOU/.TRN: the same header with the count in [8..9], then 20-byte player
// or 26-byte tournament names, NUL-padded Latin-1. See data/README.md (the WTHOR format).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/parse_error.hpp"

namespace tempo {

struct WthorGame {
    int tournament = 0, black_player = 0, white_player = 0;
    int black_discs = 0;              // final score as stored: black's discs, empties to the winner
    int theoretical_black_discs = 0;  // black's discs under perfect play from `theoretical_empties`
    std::vector<Move> moves;          // without passes, as stored
    bool operator==(const WthorGame&) const = default;
};

struct WthorFile {
    int year = 0;
    int theoretical_empties = 24;
    int board_size = 8;
    std::vector<WthorGame> games;
};

// A .wtb file's bytes. Throws ParseError naming the problem: truncated header or records, a game
// count that does not match the size, a board size other than 8, a bad move byte (naming the game
// and move), a disc count over 64.
WthorFile parse_wthor(std::span<const std::uint8_t> bytes);
// The same from a file; errors name the path too.
WthorFile read_wthor_file(const std::string& path);

// Player (.JOU, 20-byte records) or tournament (.TRN, 26-byte records) names, chosen by the file's
// extension, converted from Latin-1 to UTF-8; index = the number used in game records.
std::vector<std::string> read_wthor_names(const std::string& path);
// The same from bytes, records of `record_size` bytes; `what` names the source in errors.
std::vector<std::string> parse_wthor_names(std::span<const std::uint8_t> bytes, std::size_t record_size,
                                           const std::string& what = "WTHOR names");

// Replays a game from the standard start, inferring passes. A game that stops before its end (as
// 413 older records do) just stops. Throws ParseError on an illegal move, naming its number.
Game replay_wthor(const WthorGame& game);

}  // namespace tempo
