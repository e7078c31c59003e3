#include "tools/cli/book_games.hpp"

#include <zlib.h>

#include <algorithm>
#include <filesystem>

#include "formats/logbook.hpp"
#include "formats/wthor.hpp"

namespace tempo::cli {

namespace {

void add_line(const Game& game, int max_plies, GameLines& out) {
    std::vector<std::uint8_t> line;
    for (const Move move : game.moves()) {
        if (static_cast<int>(line.size()) >= max_plies) break;
        line.push_back(static_cast<std::uint8_t>(move));
    }
    out.lines.push_back(std::move(line));
}

void read_wthor(const std::string& path, int max_plies, GameLines& out) {
    for (const WthorGame& record : read_wthor_file(path).games) {
        try {
            add_line(replay_wthor(record), max_plies, out);
        } catch (const ParseError&) {
            ++out.skipped;
        }
    }
}

// Logistello's logbook, plain or gzipped (zlib reads both).
void read_logbook(const std::string& path, int max_plies, GameLines& out) {
    gzFile file = gzopen(path.c_str(), "rb");
    if (!file) throw ParseError(path + ": cannot open");
    char buffer[4096];
    while (gzgets(file, buffer, sizeof buffer)) {
        std::string_view line(buffer);
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
        if (line.empty()) continue;
        try {
            add_line(replay_logbook(parse_logbook_line(line)), max_plies, out);
        } catch (const ParseError&) {
            ++out.skipped;
        }
    }
    gzclose(file);
}

}  // namespace

void read_game_lines(const std::string& path, int max_plies, GameLines& out) {
    namespace fs = std::filesystem;
    if (fs::is_directory(path)) {
        std::vector<std::string> files;
        for (const auto& entry : fs::directory_iterator(path)) files.push_back(entry.path().string());
        std::sort(files.begin(), files.end());
        for (const std::string& file : files)
            if (file.ends_with(".wtb") || file.ends_with(".gam") || file.ends_with(".gam.gz"))
                read_game_lines(file, max_plies, out);
        return;
    }
    if (path.ends_with(".wtb"))
        read_wthor(path, max_plies, out);
    else if (path.ends_with(".gam") || path.ends_with(".gam.gz"))
        read_logbook(path, max_plies, out);
    else
        throw ParseError(path + ": not a game file (expected .wtb, .gam or .gam.gz)");
}

}  // namespace tempo::cli
