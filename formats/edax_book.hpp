// Edax's opening book (`book.dat` of Edax 4.x), read and written so that a user's Edax book plays in
// Tempo and a Tempo book in Edax (`tempo book import-edax` / `export-edax`). The layout, as Edax
// 4.6's book.c reads and writes it (little-endian, no padding between fields):
//   header, 42 bytes: "XADE" (0x45444158), "KOOB" (0x424f4f4b), version (1 byte, 4), release
//   (1 byte), the date (year int16, month, day, hour, minute, second, 1 byte each, 1 byte of
//   padding), the options (level, n_empties, midgame_error, endcut_error, verbosity: int32 each),
//   the position count (int32);
//   then each position, 42 bytes and 2 per link: player (uint64, side to move), opponent (uint64),
//   wins, draws, losses, lines (uint32 each: solved lines through it), value, lower, upper
//   (int16 each), link count (1 byte), level (1 byte), the links (score int8, move 1 byte each),
//   the leaf (score int8, move 1 byte).
// A position is stored in its smallest image under the 8 symmetries (player, then opponent: the
// same order as Tempo's canonical form), its moves in that image's frame; squares a1 = 0 .. h8 =
// 63, 64 = pass, 65 = no move. Links are the moves to other book positions; the leaf is the best
// other move, searched at the position's level; scores are discs for the side to move.
//
// Import: every link and the leaf become the position's moves, their depth the position's level;
// the leaf is exact where Edax solved it (lower = upper = the leaf's score). Edax's line counts become the
// position's game count (they count the book's lines through it, not played games).
// Export: the moves to book positions become links, the best of the others the leaf; other moves
// are dropped (Edax keeps one), so export then import gives back an imported Edax book unchanged.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/parse_error.hpp"
#include "formats/book_records.hpp"

namespace tempo {

constexpr std::size_t kEdaxBookHeaderBytes = 42;

// An Edax book of a standard 8x8 `book` (canonical entries, written in their order). The header's
// date is left zero, so the bytes depend on the book alone. Throws std::invalid_argument for a book
// of another variant.
std::vector<std::uint8_t> encode_edax_book(const BookRecords& book);
// Checks everything (header, sizes, the position count, boards, legal moves, score range) and
// throws ParseError naming `what`, the position and the problem. Entries in file order.
BookRecords decode_edax_book(std::span<const std::uint8_t> bytes, const std::string& what = "Edax book");

}  // namespace tempo
