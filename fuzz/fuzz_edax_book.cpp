// Fuzzes Edax's book.dat reader: any bytes either decode or throw ParseError; a decoded book
// exports (Edax keeps fewer moves, so not byte for byte) to a file that decodes to the same positions.
#include <cstddef>
#include <cstdint>
#include <span>

#include "formats/edax_book.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    BookRecords book;
    try {
        book = decode_edax_book(std::span(data, size), "fuzz");
    } catch (const ParseError&) {
        return 0;
    }
    const BookRecords again = decode_edax_book(encode_edax_book(book), "again");
    FUZZ_CHECK(again.entries.size() == book.entries.size());
    for (std::size_t i = 0; i < book.entries.size(); ++i) {
        FUZZ_CHECK(again.entries[i].board == book.entries[i].board);
        FUZZ_CHECK(again.entries[i].node.games == book.entries[i].node.games);
    }
    return 0;
}
