#include "play/book/file.hpp"

#include <ostream>

#include "formats/file_bytes.hpp"

namespace tempo::book {

std::vector<std::uint8_t> serialize_book(const Book& book) { return encode_tempo_book(book.records()); }

Book parse_book(std::span<const std::uint8_t> bytes, const std::string& what) {
    return Book(decode_tempo_book(bytes, what));
}

Book read_book_file(const std::string& path) { return parse_book(read_file_bytes(path, kMaxBookFileBytes), path); }

void write_book_file(const Book& book, const std::string& path) { write_file_atomically(path, serialize_book(book)); }

std::vector<std::uint8_t> serialize_edax_book(const Book& book) { return encode_edax_book(book.records()); }

Book parse_edax_book(std::span<const std::uint8_t> bytes, const std::string& what) {
    return Book(decode_edax_book(bytes, what));
}

void write_book_text(const Book& book, std::ostream& out) { out << encode_book_text(book.records()); }

Book parse_book_text(std::string_view text) { return Book(decode_book_text(text)); }

}  // namespace tempo::book
