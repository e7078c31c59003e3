// Opening sets for matches: one move transcript from the standard start per line (the XOT files in
// data/openings are such lists), shuffled reproducibly by a seed. Each opening is played
// twice, the engines swapping colours.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"

namespace tempo::match {

struct Opening {
    std::string text;         // the transcript as written in the file ("" = start position)
    std::vector<Move> moves;  // passes included where forced
};

// Opening files larger than this are refused: the biggest real set (XOT, 10,784 lines) is ~250 KB.
constexpr std::size_t kMaxOpeningsFileBytes = 16u << 20;

// Parses a transcript list: blank lines and lines starting with '#' are skipped. Throws ParseError
// naming the line of an illegal or malformed opening, or if the list is empty.
std::vector<Opening> parse_openings(std::string_view text);
// The same from a file; throws ParseError naming the path if it cannot be read, is larger than
// kMaxOpeningsFileBytes, or its list is bad.
std::vector<Opening> load_openings(const std::string& path);

// The file meant by an --openings argument: the shipped XOT lists by their short names `xot-small`
// and `xot-large` (data/openings, found as the weights are: formats/data_files.hpp), any other text
// as a path. Throws ParseError naming the places looked at when a shipped list is missing.
std::string openings_path(const std::string& name_or_path);

// The openings in an order that depends only on `seed` (Fisher-Yates with SplitMix64, so the
// order is the same with every compiler and library).
void shuffle_openings(std::vector<Opening>& openings, std::uint64_t seed);

// Which opening and colours game `index` (0-based) gets: game 2k and 2k+1 share opening k (modulo
// the set size), engine 1 has Black in the even game.
struct GameSlot {
    const Opening* opening;
    bool engine1_black;
};
GameSlot game_slot(const std::vector<Opening>& openings, int index);

}  // namespace tempo::match
