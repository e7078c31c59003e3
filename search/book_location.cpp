#include "search/book_location.hpp"

#include <filesystem>
#include <system_error>

#include "search/book_file.hpp"

namespace tempo {

std::string default_book_name(Variant variant) {
    return std::string(variant.rules == Rules::kAnti ? "anti-" : "standard-") +
           (variant.geometry == Geometry::k6x6 ? "6x6" : "8x8") + ".tbk";
}

std::vector<std::string> book_search_path() {
    namespace fs = std::filesystem;
    std::vector<std::string> dirs;
    std::error_code error;
    const fs::path exe = fs::read_symlink("/proc/self/exe", error);
    if (!error) {
        const fs::path bin = exe.parent_path();
        dirs.push_back((bin / ".." / "data" / "book").lexically_normal());
        dirs.push_back((bin / ".." / "share" / "tempo" / "book").lexically_normal());
    }
#ifdef TEMPO_SOURCE_BOOK_DIR
    dirs.push_back(TEMPO_SOURCE_BOOK_DIR);  // the source tree this binary was built from
#endif
    return dirs;
}

std::string find_book_file(Variant variant) {
    const std::string name = default_book_name(variant);
    for (const std::string& dir : book_search_path()) {
        const std::string path = dir + "/" + name;
        if (std::filesystem::is_regular_file(path)) return path;
    }
    return "";
}

std::shared_ptr<const Book> open_book(Variant variant, const BookOptions& options) {
    if (!options.enabled) return nullptr;
    const std::string path = options.file.empty() ? find_book_file(variant) : options.file;
    if (path.empty()) return nullptr;
    auto book = std::make_shared<Book>(read_book_file(path));
    if (book->variant() != variant)
        throw ParseError(path + ": a book for " + book->variant().name() + ", the game is " + variant.name());
    return book;
}

}  // namespace tempo
