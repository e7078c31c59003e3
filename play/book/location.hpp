// Finding and opening the book at start-up, as the weights are found: the shipped file next to the
// binary or in the source tree, `--book FILE` to choose another, `--no-book` for none.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "play/book/book.hpp"

namespace tempo::book {

// What the command line says about the book (tools add --book, --no-book, --book-margin, --book-seed).
struct BookOptions {
    std::string file;        // empty: the shipped book of the variant, if there is one
    bool enabled = true;     // false: --no-book
    int margin = 1;          // discs: book moves this close to the best are drawn at random
    std::uint64_t seed = 0;  // the draws' seed: the same seed gives the same choices (0: a random seed)
    bool operator==(const BookOptions&) const = default;
};

// The shipped book's file name for a variant ("standard-8x8.tbk", "anti-6x6.tbk", ...).
std::string default_book_name(Variant variant);
// The first existing default book for `variant` (formats/data_files.hpp says where it looks), or ""
// when none is shipped.
std::string find_book_file(Variant variant);

// The book the options ask for: nullptr when disabled or when no default book exists for the
// variant. Throws ParseError for an unreadable or corrupt file (naming it and the problem), for a
// missing --book file, and for a book of another variant.
std::shared_ptr<const Book> open_book(Variant variant, const BookOptions& options);

}  // namespace tempo::book
