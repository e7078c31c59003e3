// Fuzzes the book's text form: any bytes either decode or throw ParseError; a decoded book
// writes a text that decodes to the same records.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "formats/book_text.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    BookRecords book;
    try {
        book = decode_book_text(std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const ParseError&) {
        return 0;
    }
    FUZZ_CHECK(decode_book_text(encode_book_text(book)) == book);
    return 0;
}
