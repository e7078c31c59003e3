// The opening book through the real `tempo` binary: NBoard `hint` prints `book` lines only for book
// moves, `learn` grows the book file and answers `learned`, `go` and GTP `genmove` play
// from the book (or not, with --no-book), and a corrupt --book file stops the start with a message.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "engine/notation.hpp"
#include "protocol/session.hpp"
#include "play/book/book.hpp"
#include "play/book/file.hpp"
#include "play/book/location.hpp"
#include "tests/protocol/nboard_lines.hpp"

namespace tempo {
namespace {

using testing::EngineProcess;
using testing::read_until;
using testing::sync;
using namespace std::chrono_literals;

constexpr const char* kStartBoard = "BO[8 ---------------------------O*------*O--------------------------- *]";

std::string ggf_game(const std::string& moves) {
    return "(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[5:00]TY[8]" + std::string(kStartBoard) + moves + ";)";
}

// A fresh folder for this test's files, removed at the end.
class BookFiles {
public:
    BookFiles() : dir_(std::filesystem::temp_directory_path() / ("tempo_book_protocol_" + std::to_string(::getpid()))) {
        std::filesystem::create_directories(dir_);
    }
    ~BookFiles() { std::filesystem::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // A book of the start position only: f5 +2, d3 +1, c4 0, e6 -3 at depth 8.
    std::string start_only(const std::string& name) const {
        book::Book book;
        const std::vector<book::BookMove> root{
            {parse_move("f5"), 2, 8}, {parse_move("d3"), 1, 8}, {parse_move("c4"), 0, 8}, {parse_move("e6"), -3, 8}};
        book.set_moves(Board::start(), root);
        book.set_depth(8);
        book::write_book_file(book, path(name));
        return path(name);
    }

private:
    std::filesystem::path dir_;
};

// The tools open (and check) the book at start-up and hand it to the session, which must not read
// the file a second time: here the file no longer exists, so a second reading would find no book.
TEST(BookProtocol, SessionKeepsTheBookOpenedAtStartUp) {
    protocol::EngineConfig config;
    config.player.book.file = "/nonexistent/tempo-book.tbk";
    config.book = std::make_shared<const book::Book>();
    protocol::LineOutput output;
    protocol::Session session(config, output);
    EXPECT_EQ(session.player().book(Variant{}), config.book);
}

// NBoard keeps one hint row per move, the last one sent: a book move gets its book row only, and
// a position whose book moves cover the request needs no search at all.
TEST(BookProtocol, NboardHintInTheBookSendsBookRowsOnly) {
    BookFiles files;
    EngineProcess engine(
        {TEMPO_BINARY, "nboard", "--level", "3", "--hash", "16", "--book", files.start_only("hint.tbk")});
    engine.send("nboard 2");
    engine.send("set game " + ggf_game(""));
    sync(engine, 1);
    engine.send("hint 2");
    // The best two book moves: the move, its value, games 0 (no game reached the child), depth;
    // then the status line is cleared.
    EXPECT_EQ(sync(engine, 2), (std::vector<std::string>{"book F5 2 0 8", "book D3 1 0 8", "status"}));
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(), 0);
}

TEST(BookProtocol, NboardLearnGrowsTheBookFileAndAnswersLearned) {
    BookFiles files;
    const std::string path = files.start_only("learn.tbk");
    EngineProcess engine({TEMPO_BINARY, "nboard", "--level", "3", "--hash", "16", "--book", path});
    engine.send("nboard 2");
    engine.send("set game " + ggf_game("B[F5]W[D6]B[C3]W[D3]B[C4]"));
    sync(engine, 1);
    engine.send("learn");
    std::vector<std::string> seen;
    EXPECT_EQ(read_until(engine, "learned", &seen, 120s), "learned");
    const book::Book book = book::read_book_file(path);
    // The start was known; the positions before each later move are new: f5, f5d6, f5d6c3, f5d6c3d3.
    EXPECT_EQ(book.size(), 5u);
    EXPECT_EQ(book.find(parse_transcript("f5d6c3").board())->games, 1u);
    const Game f5d6c3 = parse_transcript("f5d6c3");
    EXPECT_EQ(book.moves(f5d6c3.board()).size(), static_cast<std::size_t>(popcount(f5d6c3.legal_moves())))
        << "every move of a new position valued";
    // The grown book is the one the engine now shows.
    engine.send("set game " + ggf_game("B[F5]W[D6]"));
    sync(engine, 2);
    engine.send("hint 1");
    seen.clear();
    EXPECT_TRUE(read_until(engine, "book ", &seen).starts_with("book "));
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(), 0);
}

// Without --book, `learn` leaves the shipped book alone (test and fuzz runs send `learn` too).
TEST(BookProtocol, NboardLearnNeverWritesTheShippedBook) {
    const std::string shipped = book::find_book_file(Variant{});
    ASSERT_FALSE(shipped.empty());
    const auto bytes = [&shipped] {
        std::ifstream in(shipped, std::ios::binary);
        return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    };
    const std::string before = bytes();
    EngineProcess engine({TEMPO_BINARY, "nboard", "--level", "2", "--hash", "16"});
    engine.send("nboard 2");
    engine.send("set game " + ggf_game("B[F5]W[F4]B[E3]W[F6]B[D3]"));
    sync(engine, 1);
    engine.send("learn");
    std::vector<std::string> seen;
    EXPECT_EQ(read_until(engine, "learned", &seen), "learned");
    EXPECT_EQ(seen.front(), "status learn writes only a book given with --book FILE: nothing learnt");
    EXPECT_EQ(bytes(), before);
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(), 0);
}

// `go` from the start: with the book the reply is the best book move at once (no nodes searched);
// with --no-book it comes from a search.
TEST(BookProtocol, GoPlaysFromTheBookUnlessNoBook) {
    BookFiles files;
    const std::string path = files.start_only("go.tbk");
    for (const bool with_book : {true, false}) {
        std::vector<std::string> argv{TEMPO_BINARY, "nboard", "--level",       "4", "--hash", "16",
                                      "--book",     path,     "--book-margin", "0"};
        if (!with_book) argv.push_back("--no-book");
        EngineProcess engine(argv);
        engine.send("nboard 2");
        engine.send("set game " + ggf_game(""));
        sync(engine, 1);
        engine.send("go");
        std::vector<std::string> seen;
        const std::string reply = read_until(engine, "===", &seen);
        std::string nodestats;
        for (const std::string& line : seen)
            if (line.starts_with("nodestats ")) nodestats = line;
        if (with_book) {
            EXPECT_TRUE(reply.starts_with("=== F5/2.00/")) << reply;
            EXPECT_TRUE(nodestats.starts_with("nodestats 0 ")) << nodestats;
        } else {
            EXPECT_FALSE(nodestats.starts_with("nodestats 0 ")) << nodestats;
        }
        engine.send("quit");
        EXPECT_EQ(engine.wait_exit(), 0);
    }
}

TEST(BookProtocol, GtpGenmoveAtLevelNormalPlaysTheBestBookMove) {
    BookFiles files;
    EngineProcess engine(
        {TEMPO_BINARY, "gtp", "--hash", "16", "--book", files.start_only("gtp.tbk"), "--book-margin", "0"});
    engine.send("genmove black");
    EXPECT_EQ(engine.read_line(), "= F5");
    EXPECT_EQ(engine.read_line(), "");
    engine.send("quit");
    EXPECT_EQ(engine.wait_exit(), 0);
}

TEST(BookProtocol, ACorruptBookFileIsAClearErrorAtStartUp) {
    BookFiles files;
    const std::string good = files.start_only("good.tbk");
    const std::string bad = files.path("bad.tbk");
    {
        std::ifstream in(good, std::ios::binary);
        std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        bytes[bytes.size() - 2] ^= 0x5a;  // a flipped value byte: the checksum no longer matches
        std::ofstream(bad, std::ios::binary) << bytes;
    }
    for (const std::string& mode : {std::string("gtp"), std::string("nboard"), std::string("")}) {
        const std::string command = "exec " + std::string(TEMPO_BINARY) + " " + mode + " --book " + bad + " 2>&1";
        EngineProcess engine({"/bin/sh", "-c", command});
        const std::vector<std::string> output = engine.read_all(20s);
        const auto status = engine.wait_exit();
        ASSERT_TRUE(status.has_value()) << mode;
        EXPECT_NE(*status, 0) << mode;
        std::string text;
        for (const std::string& line : output) text += line + "\n";
        EXPECT_NE(text.find("--book"), std::string::npos) << text;
        EXPECT_NE(text.find(bad), std::string::npos) << "names the file: " << text;
        EXPECT_NE(text.find("checksum"), std::string::npos) << text;
    }
}

}  // namespace
}  // namespace tempo
