#include "formats/edax_book.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

#include "engine/score.hpp"
#include "engine/symmetry.hpp"
#include "formats/little_endian.hpp"

namespace tempo {

namespace {

constexpr std::uint32_t kEdaxMagic = 0x45444158;  // "EDAX"
constexpr std::uint32_t kBookMagic = 0x424f4f4b;  // "BOOK"
constexpr int kVersion = 4;
constexpr int kRelease = 6;  // Edax 4.6, which wrote the books this was checked on
constexpr int kNoMoveCode = 65;
constexpr int kNoScore = -127;              // Edax's -SCORE_INF: no value
constexpr std::size_t kPositionBytes = 40;  // before the links and the leaf
constexpr std::size_t kLinkBytes = 2;
// Edax's defaults (book.c, book_init): the bounds of a searched value, in discs.
constexpr int kMidgameError = 2;
constexpr int kEndcutError = 1;

}  // namespace

std::vector<std::uint8_t> encode_edax_book(const BookRecords& book) {
    if (book.variant != Variant{}) throw std::invalid_argument("Edax books hold standard 8x8 positions only");
    // Positions with a value: a move to one of them is a link.
    std::unordered_set<Board, BoardHash> valued;
    for (const auto& [board, node] : book.entries)
        if (node.value()) valued.insert(board);
    std::vector<std::uint8_t> body;
    int top_level = 0, fewest_empties = 60;
    for (const auto& [board, node] : book.entries) {
        std::vector<StoredBookMove> links;
        std::optional<StoredBookMove> leaf;
        for (const StoredBookMove& m : node.moves) {
            if (valued.contains(canonical(board_after(board, m.move)))) {
                links.push_back(m);
            } else if (!leaf || m.value > leaf->value || (m.value == leaf->value && m.move < leaf->move)) {
                leaf = m;
            }
        }
        const std::optional<int> best = node.value();
        const int value = best.value_or(kNoScore);
        // Solved where the leaf is exact and scores the position; else Edax's margin around a searched value.
        const bool solved = leaf && leaf->exact && leaf->value == value;
        // Edax keeps one level a position, that of its leaf's search.
        int level = leaf ? leaf->depth : 0;
        if (!leaf)
            for (const StoredBookMove& link : links) level = std::max(level, int{link.depth});
        level = std::min(level, 60);
        top_level = std::max(top_level, level);
        fewest_empties = std::min(fewest_empties, board.empty_count());
        put_le(body, board.player, 8);
        put_le(body, board.opponent, 8);
        for (int i = 0; i < 3; ++i) put_le(body, 0, 4);  // wins, draws, losses: Edax recounts them
        put_le(body, node.games, 4);
        const int margin = best ? (solved ? 0 : kMidgameError) : 0;
        put_le(body, static_cast<std::uint16_t>(value), 2);
        put_le(body, static_cast<std::uint16_t>(best ? value - margin : kNoScore), 2);
        put_le(body, static_cast<std::uint16_t>(best ? value + margin : -kNoScore), 2);
        body.push_back(static_cast<std::uint8_t>(links.size()));
        body.push_back(static_cast<std::uint8_t>(level));
        for (const StoredBookMove& link : links) {
            body.push_back(static_cast<std::uint8_t>(link.value));
            body.push_back(link.move);
        }
        body.push_back(static_cast<std::uint8_t>(leaf ? leaf->value : kNoScore));
        body.push_back(static_cast<std::uint8_t>(leaf ? leaf->move : kNoMoveCode));
    }
    std::vector<std::uint8_t> out;
    put_le(out, kEdaxMagic, 4);
    put_le(out, kBookMagic, 4);
    out.push_back(kVersion);
    out.push_back(kRelease);
    put_le(out, 0, 8);  // the date
    put_le(out, static_cast<std::uint32_t>(top_level), 4);
    put_le(out, static_cast<std::uint32_t>(book.entries.empty() ? 0 : fewest_empties), 4);
    put_le(out, kMidgameError, 4);
    put_le(out, kEndcutError, 4);
    put_le(out, 1, 4);  // verbosity
    put_le(out, book.entries.size(), 4);
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

BookRecords decode_edax_book(std::span<const std::uint8_t> bytes, const std::string& what) {
    const auto fail = [&what](const std::string& problem) { throw ParseError(what + ": " + problem); };
    if (bytes.size() < kEdaxBookHeaderBytes)
        fail("not an Edax book (" + std::to_string(bytes.size()) + " bytes, shorter than its 42-byte header)");
    if (get_le(bytes, 0, 4) != kEdaxMagic || get_le(bytes, 4, 4) != kBookMagic)
        fail("not an Edax book (its first 8 bytes are not Edax's book header)");
    if (bytes[8] != kVersion)
        fail("Edax book format " + std::to_string(bytes[8]) + "." + std::to_string(bytes[9]) +
             " (this build reads format 4, Edax 4.x)");
    const auto declared = static_cast<std::int32_t>(get_le(bytes, 38, 4));
    if (declared < 0) fail("negative position count " + std::to_string(declared) + " in the header");

    BookRecords book;
    const Bitboard playable = book.variant.playable();
    std::unordered_set<Board, BoardHash> seen;
    std::size_t at = kEdaxBookHeaderBytes, count = 0;
    while (at < bytes.size()) {
        const std::string where = "position " + std::to_string(count + 1) + " (byte " + std::to_string(at) + ")";
        if (at + kPositionBytes + kLinkBytes > bytes.size()) fail(where + ": truncated");
        const Board board{get_le(bytes, at, 8), get_le(bytes, at + 8, 8)};
        const std::uint64_t lines = get_le(bytes, at + 28, 4);
        const auto value = static_cast<std::int16_t>(get_le(bytes, at + 32, 2));
        const auto lower = static_cast<std::int16_t>(get_le(bytes, at + 34, 2));
        const auto upper = static_cast<std::int16_t>(get_le(bytes, at + 36, 2));
        const int links = bytes[at + 38];
        const int level = bytes[at + 39];
        at += kPositionBytes;
        if (at + (links + 1) * kLinkBytes > bytes.size())
            fail(where + ": truncated in its " + std::to_string(links) + " moves");
        if (board.player & board.opponent) fail(where + ": a square holds two discs");
        if (popcount(board.occupied()) < 4) fail(where + ": fewer than 4 discs");
        if (level > 60) fail(where + ": level " + std::to_string(level) + " above 60");
        if (!seen.insert(canonical(board)).second) fail(where + ": a position already read (or a symmetric image)");

        BookNode node;
        node.games = static_cast<std::uint32_t>(lines);
        bool pass_seen = false;
        Bitboard squares = 0;
        const auto add = [&](int code, int score, bool exact) {
            if (!legal_book_move(board, code, playable))
                fail(where + ": move code " + std::to_string(code) + " is not a legal move there");
            const bool repeated = code == kPass ? pass_seen : (squares & square_bit(code)) != 0;
            if (repeated) fail(where + ": move code " + std::to_string(code) + " given twice");
            if (code == kPass)
                pass_seen = true;
            else
                squares |= square_bit(code);
            if (score < -kMaxScore || score > kMaxScore)
                fail(where + ": score " + std::to_string(score) + " outside [-64, 64]");
            node.moves.push_back({static_cast<std::uint8_t>(code), static_cast<std::int8_t>(score),
                                  static_cast<std::uint8_t>(level), exact});
        };
        for (int i = 0; i < links; ++i, at += kLinkBytes)
            add(bytes[at + 1], static_cast<std::int8_t>(bytes[at]), false);
        const int leaf_score = static_cast<std::int8_t>(bytes[at]);
        if (bytes[at + 1] != kNoMoveCode)
            add(bytes[at + 1], leaf_score, lower == upper && leaf_score == value && value == lower);
        at += kLinkBytes;

        book.entries.push_back(canonical_entry(board, std::move(node)));
        book.depth = std::max(book.depth, level);
        ++count;
    }
    if (count != static_cast<std::size_t>(declared))
        fail("the header counts " + std::to_string(declared) + " positions, the file holds " + std::to_string(count) +
             " (truncated?)");
    return book;
}

}  // namespace tempo
