#include "tools/match/openings.hpp"

#include <sstream>

#include "formats/data_files.hpp"
#include "formats/file_bytes.hpp"
#include "engine/notation.hpp"

namespace tempo::match {

std::vector<Opening> parse_openings(std::string_view text) {
    std::vector<Opening> openings;
    std::istringstream in{std::string(text)};
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::size_t begin = line.find_first_not_of(" \t\r");
        if (begin == std::string::npos || line[begin] == '#') continue;
        const std::size_t end = line.find_last_not_of(" \t\r");
        Opening opening{line.substr(begin, end - begin + 1), {}};
        try {
            Game game;
            play_transcript(game, opening.text);
            if (game.is_over()) throw ParseError("the game is already over");
            opening.moves = game.moves();
        } catch (const ParseError& error) {
            throw ParseError("opening on line " + std::to_string(number) + ": " + error.what());
        }
        openings.push_back(std::move(opening));
    }
    if (openings.empty()) throw ParseError("no openings in the list");
    return openings;
}

std::vector<Opening> load_openings(const std::string& path) {
    const std::vector<std::uint8_t> bytes = read_file_bytes(path, kMaxOpeningsFileBytes);
    try {
        return parse_openings(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    } catch (const ParseError& error) {
        throw ParseError(path + ": " + error.what());
    }
}

std::string openings_path(const std::string& name_or_path) {
    const char* file = name_or_path == "xot-small"   ? "openingssmall.txt"
                       : name_or_path == "xot-large" ? "openingslarge.txt"
                                                     : nullptr;
    if (!file) return name_or_path;
    std::string tried;
    std::string path = find_data_file("openings", file, &tried);
    if (path.empty()) throw ParseError(name_or_path + ": the shipped list " + file + " is not in " + tried);
    return path;
}

void shuffle_openings(std::vector<Opening>& openings, std::uint64_t seed) {
    std::uint64_t state = seed;
    const auto next = [&state] {  // SplitMix64
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (std::size_t i = openings.size(); i > 1; --i) {
        // The modulo bias is below 2^-40 for any realistic list: irrelevant for an opening order.
        const std::size_t j = next() % i;
        std::swap(openings[i - 1], openings[j]);
    }
}

GameSlot game_slot(const std::vector<Opening>& openings, int index) {
    return {&openings[static_cast<std::size_t>(index / 2) % openings.size()], index % 2 == 0};
}

}  // namespace tempo::match
