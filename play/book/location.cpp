#include "play/book/location.hpp"

#include "formats/data_files.hpp"
#include "play/book/file.hpp"

namespace tempo::book {

std::string default_book_name(Variant variant) {
    return std::string(variant.rules == Rules::kAnti ? "anti-" : "standard-") +
           (variant.geometry == Geometry::k6x6 ? "6x6" : "8x8") + ".tbk";
}

std::string find_book_file(Variant variant) { return find_data_file("book", default_book_name(variant)); }

std::shared_ptr<const Book> open_book(Variant variant, const BookOptions& options) {
    if (!options.enabled) return nullptr;
    const std::string path = options.file.empty() ? find_book_file(variant) : options.file;
    if (path.empty()) return nullptr;
    auto book = std::make_shared<Book>(read_book_file(path));
    if (book->variant() != variant)
        throw ParseError(path + ": a book for " + book->variant().name() + ", the game is " + variant.name());
    return book;
}

}  // namespace tempo::book
