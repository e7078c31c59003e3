#include "formats/wthor.hpp"

#include <algorithm>

#include "formats/file_bytes.hpp"
#include "engine/notation.hpp"
#include "engine/text.hpp"

namespace tempo {

namespace {

constexpr std::size_t kHeaderBytes = 16;
constexpr std::size_t kGameBytes = 68;
constexpr int kMovesPerGame = 60;

int u16_at(std::span<const std::uint8_t> bytes, std::size_t at) { return bytes[at] | bytes[at + 1] << 8; }
std::uint32_t u32_at(std::span<const std::uint8_t> bytes, std::size_t at) {
    return bytes[at] | bytes[at + 1] << 8 | bytes[at + 2] << 16 | static_cast<std::uint32_t>(bytes[at + 3]) << 24;
}

std::string hex_byte(int byte) {
    return std::string("0x") + "0123456789abcdef"[byte >> 4] + "0123456789abcdef"[byte & 15];
}

std::string lower_extension(const std::string& path) {
    const std::size_t dot = path.find_last_of('.');
    const std::size_t slash = path.find_last_of('/');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
    return to_lower(path.substr(dot + 1));
}

WthorGame parse_game(std::span<const std::uint8_t> record, std::size_t index) {
    const std::string where = "game " + std::to_string(index + 1);
    WthorGame game;
    game.tournament = u16_at(record, 0);
    game.black_player = u16_at(record, 2);
    game.white_player = u16_at(record, 4);
    game.black_discs = record[6];
    game.theoretical_black_discs = record[7];
    if (game.black_discs > 64 || game.theoretical_black_discs > 64)
        throw ParseError(where + ": disc count " +
                         std::to_string(std::max(game.black_discs, game.theoretical_black_discs)) + " over 64");
    bool ended = false;
    for (int i = 0; i < kMovesPerGame; ++i) {
        const int byte = record[8 + i];
        if (byte == 0) {
            ended = true;
            continue;
        }
        const int row = byte / 10, column = byte % 10;
        if (row < 1 || row > 8 || column < 1 || column > 8)
            throw ParseError(where + ", move " + std::to_string(i + 1) + ": bad move byte " + hex_byte(byte) +
                             " (expected 10*row+column with both 1..8, or 0)");
        if (ended)
            throw ParseError(where + ", move " + std::to_string(i + 1) + ": move byte " + hex_byte(byte) +
                             " after the end-of-moves 0");
        game.moves.push_back((row - 1) * 8 + (column - 1));
    }
    return game;
}

}  // namespace

WthorFile parse_wthor(std::span<const std::uint8_t> bytes) {
    if (bytes.size() < kHeaderBytes)
        throw ParseError("truncated WTHOR header: " + std::to_string(bytes.size()) + " bytes, expected 16");
    WthorFile file;
    const std::uint64_t count = u32_at(bytes, 4);
    file.year = u16_at(bytes, 10);
    const int size = bytes[12];
    if (size != 0 && size != 8)
        throw ParseError("WTHOR board size " + std::to_string(size) + " is not supported (only 8)");
    file.board_size = 8;
    file.theoretical_empties = bytes[14];
    if (file.theoretical_empties > 60)
        throw ParseError("WTHOR header: theoretical-score depth " + std::to_string(file.theoretical_empties) +
                         " over 60");
    const std::uint64_t expected = kHeaderBytes + count * kGameBytes;
    if (bytes.size() < expected)
        throw ParseError("truncated WTHOR file: the header announces " + std::to_string(count) + " games (" +
                         std::to_string(expected) + " bytes) but there are " + std::to_string(bytes.size()) + " bytes");
    if (bytes.size() > expected)
        throw ParseError("WTHOR game count mismatch: the header announces " + std::to_string(count) + " games (" +
                         std::to_string(expected) + " bytes) but there are " + std::to_string(bytes.size()) + " bytes");
    file.games.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        file.games.push_back(parse_game(bytes.subspan(kHeaderBytes + i * kGameBytes, kGameBytes), i));
    return file;
}

WthorFile read_wthor_file(const std::string& path) {
    const std::vector<std::uint8_t> bytes = read_file_bytes(path);
    try {
        return parse_wthor(bytes);
    } catch (const ParseError& e) {
        throw ParseError(path + ": " + e.what());
    }
}

std::vector<std::string> parse_wthor_names(std::span<const std::uint8_t> bytes, std::size_t record_size,
                                           const std::string& what) {
    if (bytes.size() < kHeaderBytes)
        throw ParseError(what + ": truncated WTHOR header: " + std::to_string(bytes.size()) + " bytes, expected 16");
    const std::uint64_t count = u16_at(bytes, 8);
    const std::uint64_t expected = kHeaderBytes + count * record_size;
    if (bytes.size() != expected)
        throw ParseError(what + ": " + (bytes.size() < expected ? "truncated" : "count mismatch") +
                         ": the header announces " + std::to_string(count) + " names of " +
                         std::to_string(record_size) + " bytes (" + std::to_string(expected) +
                         " bytes) but there are " + std::to_string(bytes.size()) + " bytes");
    std::vector<std::string> names;
    names.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        std::string name;
        for (std::size_t j = 0; j < record_size; ++j) {
            const std::uint8_t c = bytes[kHeaderBytes + i * record_size + j];
            if (c == 0) break;
            if (c < 0x80) {
                name += static_cast<char>(c);
            } else {  // Latin-1 code point c, as two UTF-8 bytes
                name += static_cast<char>(0xc0 | c >> 6);
                name += static_cast<char>(0x80 | (c & 0x3f));
            }
        }
        names.push_back(std::move(name));
    }
    return names;
}

std::vector<std::string> read_wthor_names(const std::string& path) {
    const std::string extension = lower_extension(path);
    std::size_t record_size = 0;
    if (extension == "jou")
        record_size = 20;
    else if (extension == "trn")
        record_size = 26;
    else
        throw ParseError(path +
                         ": unknown WTHOR names file: expected a .JOU (players) or .TRN (tournaments) extension");
    return parse_wthor_names(read_file_bytes(path), record_size, path);
}

Game replay_wthor(const WthorGame& game) {
    Game replay;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const Move move = game.moves[i];
        if (replay.must_pass()) replay.play(kPass);
        if (!replay.play(move))
            throw ParseError("move " + std::to_string(i + 1) + " (" + move_name(move) + ") is illegal for " +
                             (replay.to_move() == Color::kBlack ? "black" : "white") +
                             (replay.is_over() ? ": the game is already over" : ""));
    }
    return replay;
}

}  // namespace tempo
