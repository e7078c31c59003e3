// The opening book as plain text, for people and for moving books between builds (tempo book
// export/import):
//   tempo-book 1 <variant> depth <D>
//   <board> <X|O> <games> <move>:<value>:<depth>[!] ...
// one position a line; the board as in OBF (a1..h8, X black, O white, - empty) with the side to move,
// the moves in that board's frame, values in discs for the side to move, `!` = exact value.
// Lines starting with '#' and blank lines are ignored. Any of a position's 8 images may be written.
#pragma once

#include <string>
#include <string_view>

#include "engine/parse_error.hpp"
#include "formats/book_records.hpp"

namespace tempo {

// The text of `book` (canonical entries, written in their order).
std::string encode_book_text(const BookRecords& book);
// Throws ParseError naming the line and the problem (bad board, illegal move, value out of
// range, a position or a move given twice). Entries canonical, in line order.
BookRecords decode_book_text(std::string_view text);

}  // namespace tempo
