// The opening book: symmetry, minimax, lookup and choice, the binary and text files (corrupt input,
// atomic saves), drop-out expansion, game lines and learning. The search is replaced by a fast
// deterministic valuer so every expected value can be worked out.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "engine/hash_key.hpp"
#include "engine/notation.hpp"
#include "engine/symmetry.hpp"
#include "play/book/book.hpp"
#include "play/book/builder.hpp"
#include "play/book/file.hpp"
#include "play/book/location.hpp"
#include "tests/engine/expect_parse_error.hpp"

namespace tempo::book {
namespace {

// Values each move by a hash of the position it leads to (the same for all its symmetric images).
class HashValuer final : public MoveValuer {
public:
    std::vector<BookMove> value_moves(const Board& board) override {
        ++calls;
        std::vector<BookMove> moves;
        Bitboard legal = board.moves();
        if (legal == 0) return {{kPass, value(board.passed()), 4, false, false, 0}};
        for (; legal; legal &= legal - 1) {
            const Move move = first_square(legal);
            moves.push_back({move, -value(board.play(move)), 4, false, false, 0});
        }
        return moves;
    }
    static int value(const Board& board) { return static_cast<int>(hash_key(canonical(board)) % 21) - 10; }
    int calls = 0;
};

Board after(std::string_view moves) { return parse_transcript(moves).board(); }

std::vector<std::uint8_t> file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string temp_path(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("tempo_book_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return (dir / name).string();
}

// A two-level book by hand: the start (f5, d3, c4, e6 lead to one canonical position), the
// position after f5 (moves d6 -2, f6 +1, f4 -3) and after f5 f6 (e6 +4, d3 -6).
Book hand_built_book() {
    Book book;
    const std::vector<BookMove> root{
        {parse_move("f5"), 0, 8}, {parse_move("d3"), 0, 8}, {parse_move("c4"), 0, 8}, {parse_move("e6"), 0, 8}};
    book.set_moves(Board::start(), root);
    const std::vector<BookMove> f5{{parse_move("d6"), -2, 8}, {parse_move("f6"), 1, 8}, {parse_move("f4"), -3, 8}};
    book.set_moves(after("f5"), f5);
    const std::vector<BookMove> f5f6{{parse_move("e6"), 4, 8}, {parse_move("d3"), -6, 8}};
    book.set_moves(after("f5f6"), f5f6);
    return book;
}

TEST(Book, SymmetricPositionsShareOneEntry) {
    Book book;
    const Board board = after("f5d6c3");
    const std::vector<BookMove> moves{{parse_move("d3"), 3, 10}, {parse_move("f4"), -1, 10}};
    book.set_moves(board, moves);
    ASSERT_EQ(book.size(), 1u);
    for (int k = 0; k < kSymmetries; ++k) {
        const Board image = transform(board, k);
        ASSERT_TRUE(book.contains(image)) << "symmetry " << k;
        const std::vector<BookMove> found = book.moves(image);
        ASSERT_EQ(found.size(), 2u);
        EXPECT_EQ(found[0].move, transform_square(parse_move("d3"), k));
        EXPECT_EQ(found[0].value, 3);
        EXPECT_EQ(found[1].move, transform_square(parse_move("f4"), k));
        EXPECT_EQ(found[1].value, -1);
    }
    // Writing through an image replaces the same entry.
    const std::vector<BookMove> again{{transform_square(parse_move("d3"), 5), 7, 12}};
    book.set_moves(transform(board, 5), again);
    EXPECT_EQ(book.size(), 1u);
    EXPECT_EQ(book.moves(board).at(0).move, parse_move("d3"));
    EXPECT_EQ(book.moves(board).at(0).value, 7);
    // The four first moves reach images of one position.
    book.add_games(after("f5"), 1);
    book.add_games(after("d3"), 1);
    book.add_games(after("c4"), 1);
    book.add_games(after("e6"), 1);
    EXPECT_EQ(book.find(after("e6"))->games, 4u);
}

TEST(Book, MinimaxOfAHandBuiltBook) {
    Book book = hand_built_book();
    EXPECT_GT(book.minimax(), 0u);
    // After f5 f6: best e6 +4, so f6 is worth -4 after f5; there d6 -2 becomes the best: the start's
    // four symmetric moves are all worth +2.
    const auto f5 = book.moves(after("f5"));
    ASSERT_EQ(f5.size(), 3u);
    EXPECT_EQ(move_name(f5[0].move), "d6");
    EXPECT_EQ(f5[0].value, -2);
    EXPECT_EQ(move_name(f5[2].move), "f6");
    EXPECT_EQ(f5[2].value, -4);
    EXPECT_TRUE(f5[2].in_book);
    EXPECT_FALSE(f5[0].in_book);
    for (const BookMove& m : book.moves(Board::start())) {
        EXPECT_EQ(m.value, 2) << move_name(m.move);
        EXPECT_TRUE(m.in_book);
    }
    EXPECT_EQ(book.find(Board::start())->value(), 2);
    EXPECT_EQ(book.minimax(), 0u) << "a second pass changes nothing";
}

TEST(Book, ChooseStaysWithinTheMarginAndRepeatsWithTheSeed) {
    Book book;
    const Board board = after("f5d6");
    const std::vector<BookMove> moves{{parse_move("c3"), 2, 8}, {parse_move("c5"), 1, 8}, {parse_move("c7"), -3, 8}};
    book.set_moves(board, moves);
    std::mt19937_64 rng(7);
    for (int i = 0; i < 50; ++i) EXPECT_EQ(move_name(book.choose(board, 0, rng)->move), "c3");
    std::map<std::string, int> seen;
    std::vector<Move> first, second;
    std::mt19937_64 a(42), b(42);
    for (int i = 0; i < 200; ++i) {
        const Move move = book.choose(board, 1, a)->move;
        ++seen[move_name(move)];
        first.push_back(move);
        second.push_back(book.choose(board, 1, b)->move);
    }
    EXPECT_EQ(first, second);
    EXPECT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen.count("c7"), 0u);
    EXPECT_FALSE(book.choose(after("f5d6c3"), 5, rng).has_value());
}

TEST(BookFile, RoundTripKeepsEverything) {
    Book book = hand_built_book();
    book.minimax();
    book.add_games(Board::start(), 12);
    book.set_depth(14);
    const auto bytes = serialize_book(book);
    const Book read = parse_book(bytes);
    EXPECT_EQ(read.size(), book.size());
    EXPECT_EQ(read.depth(), 14);
    EXPECT_EQ(read.find(Board::start())->games, 12u);
    EXPECT_EQ(serialize_book(read), bytes);
}

TEST(BookFile, CorruptOrTruncatedFilesAreRejectedWithAMessage) {
    Book book = hand_built_book();
    const auto good = serialize_book(book);
    EXPECT_PARSE_ERROR(parse_book({}, "x.tbk"), "shorter than the header");
    auto bytes = good;
    bytes[0] = 'X';
    EXPECT_PARSE_ERROR(parse_book(bytes), "bad magic");
    bytes = good;
    bytes[8] = 9;
    EXPECT_PARSE_ERROR(parse_book(bytes), "format version 9");
    bytes = good;
    bytes.resize(bytes.size() - 5);
    EXPECT_PARSE_ERROR(parse_book(bytes), "truncated");
    bytes = good;
    bytes.push_back(0);
    EXPECT_PARSE_ERROR(parse_book(bytes), "truncated or padded");
    bytes = good;
    bytes[kBookHeaderBytes + 30] ^= 0x10;
    EXPECT_PARSE_ERROR(parse_book(bytes), "checksum");
    // Truncated at every length: always a message, never a crash.
    for (std::size_t n = 0; n < good.size(); ++n) {
        bytes.assign(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_THROW(parse_book(bytes), ParseError) << n;
    }
    EXPECT_PARSE_ERROR(read_book_file(temp_path("missing.tbk")), "cannot open");
}

TEST(BookFile, ContentErrorsBehindAGoodChecksumAreRejected) {
    // A file whose checksum is right but whose content is not (written by a buggy tool).
    const auto reseal = [](std::vector<std::uint8_t> bytes) {
        const std::uint64_t sum = checksum64(bytes.data() + kBookHeaderBytes, bytes.size() - kBookHeaderBytes);
        for (int i = 0; i < 8; ++i) bytes[24 + i] = static_cast<std::uint8_t>(sum >> (8 * i));
        return bytes;
    };
    Book book;
    const std::vector<BookMove> moves{{parse_move("f5"), 1, 8}};
    book.set_moves(Board::start(), moves);
    const auto good = serialize_book(book);
    auto bytes = good;
    bytes[kBookHeaderBytes + 21] = 0;  // a1: not legal
    EXPECT_PARSE_ERROR(parse_book(reseal(bytes)), "not a legal move");
    bytes = good;
    bytes[kBookHeaderBytes + 22] = 100;  // value out of range
    EXPECT_PARSE_ERROR(parse_book(reseal(bytes)), "outside [-64, 64]");
    bytes = good;
    bytes[kBookHeaderBytes + 3] |= 0x08;  // d4 for both sides
    EXPECT_PARSE_ERROR(parse_book(reseal(bytes)), "two discs");
}

TEST(BookFile, AFailedSaveLeavesTheOldBookIntact) {
    const std::string path = temp_path("learn.tbk");
    Book book;
    HashValuer valuer;
    BookBuilder builder(book, valuer);
    builder.add_position(Board::start());
    write_book_file(book, path);
    const auto old_bytes = file_bytes(path);

    // Learn a game: the book grows past what the file system will let us write.
    builder.learn(parse_transcript("f5d6c3d3c4f4f6f3e6e7"), 60);
    const auto new_size = serialize_book(book).size();
    ASSERT_GT(new_size, old_bytes.size() + 100);
    // The write fails midway: RLIMIT_FSIZE makes write() return EFBIG (SIGXFSZ ignored).
    const auto previous_handler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit old_limit{};
    ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old_limit), 0);
    rlimit limit = old_limit;
    limit.rlim_cur = old_bytes.size() + 50;
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limit), 0);
    std::string message;
    try {
        write_book_file(book, path);
    } catch (const std::runtime_error& error) {
        message = error.what();
    }
    setrlimit(RLIMIT_FSIZE, &old_limit);
    std::signal(SIGXFSZ, previous_handler);
    EXPECT_NE(message.find("old file is unchanged"), std::string::npos) << message;
    EXPECT_EQ(file_bytes(path), old_bytes);
    EXPECT_EQ(read_book_file(path).size(), 1u);
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path()))
        EXPECT_EQ(entry.path().string().find(".tmp."), std::string::npos) << "left behind: " << entry.path();
    // Once the disk lets it, the save goes through.
    write_book_file(book, path);
    EXPECT_EQ(read_book_file(path).size(), book.size());
    std::filesystem::remove_all(std::filesystem::path(path).parent_path());
}

TEST(BookText, ExportThenImportGivesTheSameBook) {
    Book book = hand_built_book();
    book.minimax();
    book.add_games(after("f5"), 3);
    book.set_depth(9);
    std::ostringstream text;
    write_book_text(book, text);
    const Book read = parse_book_text(text.str());
    EXPECT_EQ(serialize_book(read), serialize_book(book));
}

TEST(BookText, BadLinesNameTheProblem) {
    EXPECT_PARSE_ERROR(parse_book_text(""), "empty");
    EXPECT_PARSE_ERROR(parse_book_text("hello\n"), "line 1: expected the header");
    const std::string header = "tempo-book 1 8x8 depth 4\n";
    const std::string start = "---------------------------OX------XO--------------------------- X";
    EXPECT_PARSE_ERROR(parse_book_text(header + start + " 0 a1:+1:4\n"), "line 2: move a1 is not legal");
    EXPECT_PARSE_ERROR(parse_book_text(header + start + " 0 f5:+99:4\n"), "bad value");
    EXPECT_PARSE_ERROR(parse_book_text(header + start + " 0 f5\n"), "expected move:value:depth");
    EXPECT_PARSE_ERROR(parse_book_text(header + start + " 0\n" + start + " 1\n"),
                       "line 3: the position of line 2 again");
    EXPECT_PARSE_ERROR(parse_book_text(header + "XX" + start + " 0\n"), "line 2");
    const Book ok = parse_book_text(header + start + " 5 f5:+1:4 d3:0:4!\n");
    EXPECT_EQ(ok.find(Board::start())->games, 5u);
    EXPECT_TRUE(ok.moves(Board::start()).at(1).exact);
}

// The cheapest unexpanded move by brute force: every path from the root, summing how much worse
// each move is than its position's best.
int cheapest_leaf_cost(const Book& book, const Board& board, int cost, const DoeLimits& limits) {
    int best = 1000;
    const BookNode* node = book.find(board);
    for (const BookMove& m : book.moves(board)) {
        const int c = cost + (*node->value() - m.value);
        if (c > limits.max_cost) continue;
        const Board child = board_after(board, m.move);
        if (book.contains(child))
            best = std::min(best, cheapest_leaf_cost(book, child, c, limits));
        else if (book_ply(child, book.variant()) <= limits.max_ply)
            best = std::min(best, c);
    }
    return best;
}

TEST(BookBuilder, DropOutExpansionTakesTheCheapestLeafAndMinimaxes) {
    Book book;
    HashValuer valuer;
    BookBuilder builder(book, valuer);
    ASSERT_TRUE(builder.add_position(Board::start()));
    const DoeLimits limits{6, 12};
    for (int i = 0; i < 60; ++i) {
        const auto leaf = builder.next_leaf(Board::start(), limits);
        ASSERT_TRUE(leaf.has_value());
        EXPECT_EQ(leaf->cost, cheapest_leaf_cost(book, Board::start(), 0, limits)) << "expansion " << i;
        builder.expand(*leaf);
        book.minimax();
    }
    EXPECT_EQ(book.size(), 61u);
    EXPECT_EQ(valuer.calls, 61);
    // The root's value is the negamax of the book's tree.
    const std::function<int(const Board&)> negamax = [&](const Board& board) {
        int best = -100;
        for (const BookMove& m : book.moves(board)) {
            const Board child = board_after(board, m.move);
            best = std::max(best, book.contains(child) ? -negamax(child) : m.value);
        }
        return best;
    };
    EXPECT_EQ(*book.find(Board::start())->value(), negamax(Board::start()));
}

TEST(BookBuilder, ExpansionStopsAtTheLimits) {
    Book book;
    HashValuer valuer;
    BookBuilder builder(book, valuer);
    builder.add_position(Board::start());
    const DoeLimits limits{2, 0};  // the best line only, two plies deep
    int expansions = 0;
    while (const auto leaf = builder.next_leaf(Board::start(), limits)) {
        builder.expand(*leaf);
        ASSERT_LT(++expansions, 10);
    }
    EXPECT_GE(expansions, 2);
    for (const auto& [board, node] : book.sorted_nodes()) EXPECT_LE(book_ply(board, book.variant()), 2);
}

TEST(BookBuilder, GameLinesAddTheFrequentPositionsWithTheirCounts) {
    Book book;
    HashValuer valuer;
    BookBuilder builder(book, valuer);
    const auto line = [](std::string_view moves) {
        std::vector<std::uint8_t> out;
        const Game game = parse_transcript(moves);
        for (const Move m : game.moves()) out.push_back(static_cast<std::uint8_t>(m));
        return out;
    };
    // f5 d6 and e6 f4 (its image in the a1-h8 diagonal) reach one position three times; c3 twice,
    // then they part.
    const std::vector<std::vector<std::uint8_t>> lines{line("f5d6c3d3"), line("f5d6c3f4"), line("e6f4e3"),
                                                       line("f5f6")};
    EXPECT_EQ(builder.add_game_lines(lines, 2, 10), 4u);  // start, f5, f5d6, f5d6c3
    EXPECT_EQ(book.find(Board::start())->games, 4u);
    EXPECT_EQ(book.find(after("f5"))->games, 4u);
    EXPECT_EQ(book.find(after("f5d6"))->games, 3u);
    EXPECT_EQ(book.find(after("f5d6c3"))->games, 2u);
    EXPECT_FALSE(book.contains(after("f5f6")));
    EXPECT_FALSE(book.contains(after("f5d6c3d3")));
    // Counting again (a resumed build) does not double.
    EXPECT_EQ(builder.add_game_lines(lines, 2, 10), 0u);
    EXPECT_EQ(book.find(after("f5"))->games, 4u);
}

TEST(BookBuilder, LearnAddsTheGamesPositions) {
    Book book;
    HashValuer valuer;
    BookBuilder builder(book, valuer);
    const Game game = parse_transcript("f5d6c3d3c4f4f6f3e6e7");
    EXPECT_EQ(builder.learn(game, 60), 10u);
    EXPECT_EQ(builder.learn(game, 60), 0u);
    EXPECT_EQ(book.find(after("f5d6c3"))->games, 2u);
    EXPECT_EQ(builder.learn(parse_transcript("f5f6e6f4"), 2), 1u) << "start and f5 known, f5f6 is ply 2";
}

TEST(BookLocation, DisabledOrMissingOrWrongVariant) {
    EXPECT_EQ(open_book({}, BookOptions{.file = "", .enabled = false}), nullptr);
    EXPECT_PARSE_ERROR(open_book({}, BookOptions{.file = temp_path("none.tbk")}), "cannot open");
    const std::string path = temp_path("six.tbk");
    write_book_file(Book(Variant::parse("6x6")), path);
    EXPECT_PARSE_ERROR(open_book({}, BookOptions{.file = path}), "a book for 6x6");
    EXPECT_EQ(open_book(Variant::parse("6x6"), BookOptions{.file = path})->size(), 0u);
    EXPECT_EQ(default_book_name({}), "standard-8x8.tbk");
    std::filesystem::remove_all(std::filesystem::path(path).parent_path());
}

}  // namespace
}  // namespace tempo::book
