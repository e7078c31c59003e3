// The book's files as a Book: Tempo's .tbk (formats/book_file.hpp), Edax's book.dat
// (formats/edax_book.hpp) and the text form (formats/book_text.hpp). The layouts and their checks
// live there; these convert through Book(BookRecords) and Book::records().
#pragma once

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/parse_error.hpp"
#include "formats/book_file.hpp"
#include "formats/book_text.hpp"
#include "formats/edax_book.hpp"
#include "play/book/book.hpp"

namespace tempo::book {

std::vector<std::uint8_t> serialize_book(const Book& book);
// `what` names the source in error messages.
Book parse_book(std::span<const std::uint8_t> bytes, const std::string& what = "book");
// Reads a book file; throws ParseError naming the path and the problem.
Book read_book_file(const std::string& path);
// Saves atomically (write_file_atomically, formats/file_bytes.hpp): a failed save leaves `path`
// untouched and throws std::runtime_error naming it.
void write_book_file(const Book& book, const std::string& path);

// Edax's book.dat; serializing throws std::invalid_argument for a book of another variant than 8x8.
std::vector<std::uint8_t> serialize_edax_book(const Book& book);
Book parse_edax_book(std::span<const std::uint8_t> bytes, const std::string& what = "Edax book");

void write_book_text(const Book& book, std::ostream& out);
Book parse_book_text(std::string_view text);

}  // namespace tempo::book
