// Tempo's opening book file, .tbk (little-endian):
//   header, 32 bytes: [0..7] magic "TEMPOBK1", [8..9] format version (1), [10] geometry (0 = 8x8,
//   1 = 6x6), [11] rules (0 = standard, 1 = anti), [12..15] position count, [16..19] move count,
//   [20..21] search depth of the leaves, [22..23] zero, [24..31] XXH3-64 of everything after the header;
//   then the positions in canonical form, sorted by (player, opponent): [0..7] player, [8..15]
//   opponent, [16..19] games, [20] move count, then 3 bytes a move: square (0..63, 64 = pass; bit 7
//   set = exact value), value (int8, discs), depth.
// Reading checks everything (sizes, checksum, order, canonical form, legal moves, value range) and
// throws ParseError naming the problem.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/parse_error.hpp"
#include "formats/book_records.hpp"

namespace tempo {

constexpr std::size_t kBookHeaderBytes = 32;
// Far beyond any book this project builds (a 2-hour build is a few MB).
constexpr std::size_t kMaxBookFileBytes = std::size_t{1} << 30;

// The file's bytes; `book.entries` must be canonical and sorted by board.
std::vector<std::uint8_t> encode_tempo_book(const BookRecords& book);
// `what` names the source in error messages. The entries come back sorted by board.
BookRecords decode_tempo_book(std::span<const std::uint8_t> bytes, const std::string& what = "book");

}  // namespace tempo
