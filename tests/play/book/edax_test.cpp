// Edax's opening-book format: a book made by Edax 4.6 (tests/data/edax-book-level4.dat, made as
// data/README.md says) read as Edax's own `book show` printed it, export then import giving the same
// book, and the errors for truncated and foreign files.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "formats/file_bytes.hpp"
#include "engine/notation.hpp"
#include "play/book/book.hpp"
#include "play/book/file.hpp"
#include "tests/engine/expect_parse_error.hpp"
#include "tests/engine/test_data.hpp"

namespace tempo::book {
namespace {

// The whole book as text: equal texts, equal books, and a readable difference when not.
std::string text_of(const Book& book) {
    std::ostringstream out;
    write_book_text(book, out);
    return out.str();
}

Book edax_fixture() {
    return parse_edax_book(read_file_bytes(test::fixture("edax-book-level4.dat")), "edax-book-level4.dat");
}

// The book's moves after `transcript` as "square:value", in square order (Edax and Tempo order
// ties differently).
std::map<std::string, int> moves_after(const Book& book, const std::string& transcript) {
    std::map<std::string, int> out;
    for (const BookMove& m : book.moves(parse_position_text(transcript, Variant{}).position().board))
        out[move_name(m.move, Geometry::k8x8)] = m.value;
    return out;
}

TEST(EdaxBook, ReadsWhatEdaxShows) {
    const Book book = edax_fixture();
    // Edax 4.6 `book info`: "Positions: 34 (moves = 36 links + 30 leaves); Level 4".
    EXPECT_EQ(book.size(), 34u);
    EXPECT_EQ(book.move_count(), 66u);
    EXPECT_EQ(book.depth(), 4);
    // Edax 4.6 `book show` at the start: "Moves: [D3:-2] [C4:-2] [F5:-2] [E6:-2]".
    EXPECT_EQ(moves_after(book, ""), (std::map<std::string, int>{{"c4", -2}, {"d3", -2}, {"e6", -2}, {"f5", -2}}));
    // After f5: "[d6:+2] [f6:-9] [f4:-13]".
    EXPECT_EQ(moves_after(book, "f5"), (std::map<std::string, int>{{"d6", 2}, {"f4", -13}, {"f6", -9}}));
    // After f5d6: "[C6:-2] [C5:-9] [C7:-12] [C3:-12] [C4:-18]".
    EXPECT_EQ(moves_after(book, "f5d6"),
              (std::map<std::string, int>{{"c3", -12}, {"c4", -18}, {"c5", -9}, {"c6", -2}, {"c7", -12}}));
    for (const BookMove& m : book.moves(Board::start())) {
        EXPECT_EQ(m.depth, 4);
        EXPECT_TRUE(m.in_book);
        EXPECT_FALSE(m.exact);
    }
}

TEST(EdaxBook, ExportThenImportGivesTheSameBook) {
    Book book = edax_fixture();
    book.minimax();
    const std::vector<std::uint8_t> exported = serialize_edax_book(book);
    Book again = parse_edax_book(exported, "exported");
    again.minimax();
    EXPECT_EQ(text_of(again), text_of(book));
    // The header: Edax's magic, format 4.6, the position count.
    ASSERT_GE(exported.size(), kEdaxBookHeaderBytes);
    EXPECT_EQ(std::string(exported.begin(), exported.begin() + 8), "XADEKOOB");
    EXPECT_EQ(exported[8], 4);
    EXPECT_EQ(exported[38], 34);
}

TEST(EdaxBook, ExactLeavesSurviveTheRoundTrip) {
    // After f5, d6 is the leaf (solved) and f4 a link to a book position. (The four first moves
    // lead to one position: d3 would be a link too.)
    Book book;
    const auto move = [](const char* name) { return parse_move(name, Geometry::k8x8); };
    const Board after_f5 = Board::start().play(move("f5"));
    book.set_moves(Board::start(), std::vector<BookMove>{{move("f5"), 0, 10, false, false, 0}});
    // In Edax's order (links, then the leaf), so that the texts compare equal.
    book.set_moves(after_f5,
                   std::vector<BookMove>{{move("f4"), -2, 10, false, false, 0}, {move("d6"), 0, 10, true, false, 0}});
    book.set_moves(after_f5.play(move("f4")), std::vector<BookMove>{{move("e3"), 2, 10, false, false, 0}});
    book.set_depth(10);  // the import's depth: the highest level
    const Book again = parse_edax_book(serialize_edax_book(book));
    EXPECT_EQ(text_of(again), text_of(book));
    EXPECT_NE(text_of(again).find("d6:0:10!"), std::string::npos);
}

TEST(EdaxBook, RefusesTruncatedAndForeignFiles) {
    const std::vector<std::uint8_t> bytes = read_file_bytes(test::fixture("edax-book-level4.dat"));
    EXPECT_PARSE_ERROR(parse_edax_book(std::span(bytes).first(20), "short.dat"), "short.dat: not an Edax book");
    EXPECT_PARSE_ERROR(parse_edax_book(std::span(bytes).first(bytes.size() - 1), "cut.dat"), "truncated");
    // Cut at a position's end: only the header's count tells.
    const std::size_t first_position = kEdaxBookHeaderBytes + 40 + 2 * (bytes[kEdaxBookHeaderBytes + 38] + 1);
    EXPECT_PARSE_ERROR(parse_edax_book(std::span(bytes).first(first_position), "one.dat"),
                       "the header counts 34 positions, the file holds 1");
    // A Tempo book is not an Edax book.
    Book tempo_book;
    tempo_book.add_games(Board::start(), 1);
    EXPECT_PARSE_ERROR(parse_edax_book(serialize_book(tempo_book), "tempo.tbk"), "not an Edax book");
    std::vector<std::uint8_t> other_version = bytes;
    other_version[8] = 3;
    EXPECT_PARSE_ERROR(parse_edax_book(other_version), "format 3.6");
    // An illegal move: the first position's first link moved to a1.
    std::vector<std::uint8_t> illegal = bytes;
    illegal[kEdaxBookHeaderBytes + 41] = 0;
    EXPECT_PARSE_ERROR(parse_edax_book(illegal), "move code 0 is not a legal move there");
}

TEST(EdaxBook, OnlyStandardBooksExport) {
    EXPECT_THROW(serialize_edax_book(Book(Variant::parse("6x6"))), std::invalid_argument);
}

}  // namespace
}  // namespace tempo::book
