#include "formats/book_text.hpp"

#include <unordered_map>
#include <vector>

#include "engine/notation.hpp"
#include "engine/score.hpp"
#include "engine/symmetry.hpp"
#include "engine/text.hpp"

namespace tempo {

namespace {

constexpr std::string_view kHeaderWord = "tempo-book";

// The colour to show for a side-to-move board: black when an even number of squares is empty,
// as without passes (the book does not know the colours; values do not depend on them).
Position position_for(const Board& board, Variant variant) {
    const Color color = board.empty_count(variant.playable()) % 2 == 0 ? Color::kBlack : Color::kWhite;
    return Position{board, color};
}

}  // namespace

std::string encode_book_text(const BookRecords& book) {
    const Variant variant = book.variant;
    std::string out = std::string(kHeaderWord) + " 1 " + variant.name() + " depth " + std::to_string(book.depth) + "\n";
    out += "# board side games move:value:depth (! = exact), values in discs for the side to move\n";
    for (const auto& [board, node] : book.entries) {
        out += board_string(position_for(board, variant), variant.geometry) + ' ' + std::to_string(node.games);
        for (const StoredBookMove& m : node.moves) {
            out += ' ' + move_name(m.move, variant.geometry) + ':' + (m.value > 0 ? "+" : "") +
                   std::to_string(m.value) + ':' + std::to_string(m.depth) + (m.exact ? "!" : "");
        }
        out += '\n';
    }
    return out;
}

BookRecords decode_book_text(std::string_view text) {
    BookRecords book;
    bool header_seen = false;
    std::unordered_map<Board, int, BoardHash> first_line;
    int number = 0;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        ++number;
        const std::string where = "book text line " + std::to_string(number);
        const auto fail = [&where](const std::string& problem) { throw ParseError(where + ": " + problem); };
        const std::vector<std::string_view> words = split_words(line);
        if (words.empty() || words.front().front() == '#') continue;
        if (!header_seen) {
            if (words.size() != 5 || words[0] != kHeaderWord || words[1] != "1" || words[3] != "depth")
                fail("expected the header 'tempo-book 1 <variant> depth <D>'");
            const auto depth = parse_integer(words[4], 0, 60);
            if (!depth) fail("bad depth '" + std::string(words[4]) + "'");
            try {
                book.variant = Variant::parse(words[2]);
            } catch (const ParseError& error) {
                fail(error.what());
            }
            book.depth = static_cast<int>(*depth);
            header_seen = true;
            continue;
        }
        const Geometry geometry = book.variant.geometry;
        const Bitboard playable = book.variant.playable();
        Position position;
        try {
            position = parse_board(line, geometry);
        } catch (const ParseError& error) {
            fail(error.what());
        }
        if (words.size() < 3) fail("expected a board, the side to move and a game count");
        const Board board = position.board;
        const auto games = parse_integer(words[2], 0, UINT32_MAX);
        if (!games) fail("bad game count '" + std::string(words[2]) + "'");
        if (const auto [it, fresh] = first_line.emplace(canonical(board), number); !fresh)
            fail("the position of line " + std::to_string(it->second) + " again");
        BookNode node;
        node.games = static_cast<std::uint32_t>(*games);
        for (std::size_t i = 3; i < words.size(); ++i) {
            const std::string_view word = words[i];
            const std::size_t colon1 = word.find(':');
            const std::size_t colon2 = colon1 == std::string_view::npos ? colon1 : word.find(':', colon1 + 1);
            if (colon2 == std::string_view::npos)
                fail("bad move entry '" + std::string(word) + "': expected move:value:depth");
            Move move = kNoMove;
            try {
                move = parse_move(word.substr(0, colon1), geometry);
            } catch (const ParseError& error) {
                fail(error.what());
            }
            const std::string name(word.substr(0, colon1));
            if (!legal_book_move(board, move, playable)) fail("move " + name + " is not legal in this position");
            for (const StoredBookMove& known : node.moves)
                if (known.move == move) fail("move " + name + " given twice");
            const auto value = parse_integer(word.substr(colon1 + 1, colon2 - colon1 - 1), -kMaxScore, kMaxScore);
            if (!value) fail("bad value in '" + std::string(word) + "' (discs, -64..64)");
            std::string_view depth_text = word.substr(colon2 + 1);
            const bool exact = !depth_text.empty() && depth_text.back() == '!';
            if (exact) depth_text.remove_suffix(1);
            const auto depth = parse_integer(depth_text, 0, 255);
            if (!depth) fail("bad depth in '" + std::string(word) + "'");
            node.moves.push_back({static_cast<std::uint8_t>(move), static_cast<std::int8_t>(*value),
                                  static_cast<std::uint8_t>(*depth), exact});
        }
        book.entries.push_back(canonical_entry(board, std::move(node)));
    }
    if (!header_seen) throw ParseError("book text: empty (no 'tempo-book' header)");
    return book;
}

}  // namespace tempo
