// Fuzzes Tempo's book file (.tbk): any bytes either decode or throw ParseError; a decoded book
// encodes to a file that decodes to the same records.
#include <cstddef>
#include <cstdint>
#include <span>

#include "formats/book_file.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    BookRecords book;
    try {
        book = decode_tempo_book(std::span(data, size), "fuzz");
    } catch (const ParseError&) {
        return 0;
    }
    FUZZ_CHECK(decode_tempo_book(encode_tempo_book(book), "again") == book);
    return 0;
}
