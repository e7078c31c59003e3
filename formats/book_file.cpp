#include "formats/book_file.hpp"

#include <algorithm>
#include <cstring>

#include "engine/hash_key.hpp"
#include "engine/score.hpp"
#include "engine/symmetry.hpp"
#include "formats/little_endian.hpp"

namespace tempo {

namespace {

constexpr char kMagic[8] = {'T', 'E', 'M', 'P', 'O', 'B', 'K', '1'};
constexpr int kVersion = 1;
constexpr std::size_t kNodeBytes = 21;
constexpr std::size_t kMoveBytes = 3;
constexpr std::uint8_t kExactBit = 0x80;

}  // namespace

std::vector<std::uint8_t> encode_tempo_book(const BookRecords& book) {
    std::vector<std::uint8_t> body;
    std::size_t moves = 0;
    for (const auto& [board, node] : book.entries) {
        put_le(body, board.player, 8);
        put_le(body, board.opponent, 8);
        put_le(body, node.games, 4);
        put_le(body, node.moves.size(), 1);
        for (const StoredBookMove& m : node.moves) {
            body.push_back(static_cast<std::uint8_t>(m.move | (m.exact ? kExactBit : 0)));
            body.push_back(static_cast<std::uint8_t>(m.value));
            body.push_back(m.depth);
        }
        moves += node.moves.size();
    }
    std::vector<std::uint8_t> out(kMagic, kMagic + 8);
    put_le(out, kVersion, 2);
    out.push_back(static_cast<std::uint8_t>(book.variant.geometry));
    out.push_back(static_cast<std::uint8_t>(book.variant.rules));
    put_le(out, book.entries.size(), 4);
    put_le(out, moves, 4);
    put_le(out, static_cast<std::uint64_t>(std::clamp(book.depth, 0, 0xffff)), 2);
    put_le(out, 0, 2);
    put_le(out, checksum64(body.data(), body.size()), 8);
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

BookRecords decode_tempo_book(std::span<const std::uint8_t> bytes, const std::string& what) {
    const auto fail = [&what](const std::string& problem) { throw ParseError(what + ": " + problem); };
    if (bytes.size() < kBookHeaderBytes)
        fail("not a Tempo book (" + std::to_string(bytes.size()) + " bytes, shorter than the header)");
    if (std::memcmp(bytes.data(), kMagic, 8) != 0) fail("not a Tempo book (bad magic)");
    const auto version = get_le(bytes, 8, 2);
    if (version != kVersion) fail("format version " + std::to_string(version) + " (this build reads version 1)");
    if (bytes[10] > 1 || bytes[11] > 1)
        fail("unknown variant code " + std::to_string(bytes[10]) + "/" + std::to_string(bytes[11]));
    BookRecords book;
    book.variant = {static_cast<Geometry>(bytes[10]), static_cast<Rules>(bytes[11])};
    book.depth = static_cast<int>(get_le(bytes, 20, 2));
    const std::uint64_t positions = get_le(bytes, 12, 4);
    const std::uint64_t moves = get_le(bytes, 16, 4);
    const std::uint64_t expected = kBookHeaderBytes + positions * kNodeBytes + moves * kMoveBytes;
    if (bytes.size() != expected)
        fail("truncated or padded: " + std::to_string(bytes.size()) + " bytes, the header promises " +
             std::to_string(expected) + " (" + std::to_string(positions) + " positions, " + std::to_string(moves) +
             " moves)");
    const std::span<const std::uint8_t> body = bytes.subspan(kBookHeaderBytes);
    if (checksum64(body.data(), body.size()) != get_le(bytes, 24, 8)) fail("checksum mismatch (the file is corrupt)");

    const Bitboard playable = book.variant.playable();
    book.entries.reserve(positions);
    std::size_t at = 0, moves_seen = 0;
    for (std::uint64_t i = 0; i < positions; ++i) {
        const std::string where = "position " + std::to_string(i + 1);
        if (at + kNodeBytes > body.size()) fail(where + " runs past the end");
        BookEntry entry{{get_le(body, at, 8), get_le(body, at + 8, 8)}, {}};
        const Board& board = entry.board;
        entry.node.games = static_cast<std::uint32_t>(get_le(body, at + 16, 4));
        const int count = body[at + 20];
        at += kNodeBytes;
        if (board.player & board.opponent) fail(where + ": a square holds two discs");
        if (board.occupied() & ~playable) fail(where + ": discs outside the " + book.variant.name() + " board");
        if (canonical(board) != board) fail(where + ": not in canonical form");
        if (i > 0 && !(book.entries.back().board < board)) fail(where + ": positions out of order or repeated");
        moves_seen += count;
        if (moves_seen > moves || at + count * kMoveBytes > body.size())
            fail(where + ": more moves than the header counts");
        Bitboard seen = 0;
        bool pass_seen = false;
        for (int j = 0; j < count; ++j, at += kMoveBytes) {
            const int square = body[at] & ~kExactBit;
            const auto value = static_cast<std::int8_t>(body[at + 1]);
            const bool repeated = square < 64 ? (seen & square_bit(square)) != 0 : pass_seen;
            if (!legal_book_move(board, square, playable) || repeated)
                fail(where + ": move code " + std::to_string(square) + " is not a legal move there (or repeats)");
            if (value < -kMaxScore || value > kMaxScore)
                fail(where + ": value " + std::to_string(value) + " outside [-64, 64]");
            if (square < 64)
                seen |= square_bit(square);
            else
                pass_seen = true;
            entry.node.moves.push_back(
                {static_cast<std::uint8_t>(square), value, body[at + 2], (body[at] & kExactBit) != 0});
        }
        book.entries.push_back(std::move(entry));
    }
    if (moves_seen != moves)
        fail("the header counts " + std::to_string(moves) + " moves, the positions hold " + std::to_string(moves_seen));
    return book;
}

}  // namespace tempo
