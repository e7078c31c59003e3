// Game records as book lines: WTHOR (.wtb) and Logistello (.gam, .gam.gz) files, or folders of them,
// replayed from the start into move lists with the forced passes put back.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tempo::cli {

struct GameLines {
    std::vector<std::vector<std::uint8_t>> lines;  // moves 0..63, 64 = pass
    std::size_t skipped = 0;                       // records that failed to replay
};

// Reads every record of `path` (a file, or a folder: its .wtb, .gam and .gam.gz files), keeping at
// most `max_plies` moves of each. Throws ParseError for an unreadable file.
void read_game_lines(const std::string& path, int max_plies, GameLines& out);

}  // namespace tempo::cli
