// The Player: the levels' moves, the book before the search (margin, seed, when it is not used)
// and the weak levels' noise.
#include "play/player.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <unistd.h>

#include "engine/notation.hpp"
#include "play/book/file.hpp"
#include "tests/engine/expect_parse_error.hpp"

namespace tempo {
namespace {

using namespace std::chrono_literals;

std::string temp_path(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / ("tempo_player_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return (dir / name).string();
}

// A book of the start position only: f5 +2, d3 +1, c4 0, e6 -3.
std::string start_only_book_file(const std::string& name) {
    book::Book book;
    const std::vector<book::BookMove> root{
        {parse_move("f5"), 2, 8}, {parse_move("d3"), 1, 8}, {parse_move("c4"), 0, 8}, {parse_move("e6"), -3, 8}};
    book.set_moves(Board::start(), root);
    book.set_depth(8);
    const std::string path = temp_path(name);
    book::write_book_file(book, path);
    return path;
}

// A small player that plays from the book file with this margin and seed.
PlayerOptions book_player(const std::string& path, int margin, std::uint64_t seed) {
    PlayerOptions options;
    options.searcher = {1, 4};  // small tables: page faults are slow on loaded machines
    options.book = book::BookOptions{.file = path, .margin = margin, .seed = seed};
    return options;
}

TEST(Levels, NamedAndDepthLevelsParseAndBadOnesAreErrors) {
    for (const char* name : {"easy", "normal", "hard", "EASY", "1", "60"}) EXPECT_NO_THROW(parse_level(name)) << name;
    EXPECT_FALSE(named_level("grandmaster").has_value());
    EXPECT_PARSE_ERROR(parse_level("grandmaster"), "bad level");
    EXPECT_PARSE_ERROR(parse_level("61"), "bad level");
    EXPECT_PARSE_ERROR(parse_level(""), "bad level");
    EXPECT_EQ(depth_level(14).limits.solve_empties, 24);
    EXPECT_TRUE(depth_level(14).book);
    EXPECT_EQ(named_level("easy")->noise, 10);
    EXPECT_FALSE(named_level("easy")->book);
}

TEST(Levels, AClockWithoutAChosenLevelGovernsTheWholeLadder) {
    const Limits::Clock clock{10'000ms, 0ms, 0};
    const Level capped = on_clock(depth_level(8), clock, true);
    EXPECT_EQ(capped.limits.depth, 8);
    EXPECT_TRUE(capped.limits.clock.has_value());
    const Level governed = on_clock(depth_level(8), clock, false);
    EXPECT_EQ(governed.limits.depth, kMaxLevel);
    EXPECT_FALSE(governed.limits.solve_empties.has_value());
    EXPECT_EQ(on_clock(depth_level(8), std::nullopt, false).limits.depth, 8);
}

TEST(Player, LevelsPlayLegalMoves) {
    Player player({{1, 4}, {.file = "", .enabled = false}});
    Game game;
    for (int ply = 0; !game.is_over() && ply < 20; ++ply) {
        Level level = ply % 3 == 0 ? *named_level("easy") : depth_level(1 + ply % 12);
        level.limits.move_time = 100ms;  // keeps the deeper levels short in a unit test
        const SearchResult r = player.play(game, level);
        ASSERT_TRUE(game.play(r.best)) << ply;
    }
}

TEST(Player, EasyScoresEveryMoveAndPlaysOneOfThem) {
    Player player({{1, 4}, {.file = "", .enabled = false}});
    const SearchResult r = player.play(Game(), *named_level("easy"));
    EXPECT_EQ(r.multi_pv.size(), 4u) << "the noise needs every root move scored";
    EXPECT_TRUE(Game().is_legal(r.best));
}

TEST(PlayerBook, PlaysABookMoveAtTheStartWithoutSearching) {
    const std::string path = start_only_book_file("start.tbk");
    Player player(book_player(path, 0, 1));
    const SearchResult r = player.play(Game(), *named_level("normal"));
    EXPECT_TRUE(r.book);
    EXPECT_EQ(r.best, parse_move("f5"));
    EXPECT_EQ(r.score, 2);
    EXPECT_EQ(r.depth, 8);
    EXPECT_EQ(r.nodes, 0u);
    EXPECT_EQ(r.pv, std::vector<Move>{parse_move("f5")});
    // Out of the book (after f5), the same level searches.
    const SearchResult searched = player.play(parse_transcript("f5"), depth_level(2));
    EXPECT_FALSE(searched.book);
    EXPECT_GT(searched.nodes, 0u);
    std::filesystem::remove_all(std::filesystem::path(path).parent_path());
}

TEST(PlayerBook, MarginZeroPicksOnlyTheBestAndALargerMarginDraws) {
    const std::string path = start_only_book_file("margin.tbk");
    Player at_0(book_player(path, 0, 1)), at_1(book_player(path, 1, 1)), at_5(book_player(path, 5, 1));
    std::set<Move> played_at_0, played_at_1, played_at_5;
    for (int game = 0; game < 40; ++game) {
        played_at_0.insert(at_0.play(Game(), depth_level(4)).best);
        played_at_1.insert(at_1.play(Game(), depth_level(4)).best);
        played_at_5.insert(at_5.play(Game(), depth_level(4)).best);
    }
    EXPECT_EQ(played_at_0, (std::set<Move>{parse_move("f5")}));
    EXPECT_EQ(played_at_1, (std::set<Move>{parse_move("f5"), parse_move("d3")}));
    EXPECT_EQ(played_at_5.size(), 4u);
    std::filesystem::remove_all(std::filesystem::path(path).parent_path());
}

TEST(PlayerBook, TheSeedMakesTheChoicesReproducible) {
    const std::string path = start_only_book_file("seed.tbk");
    const auto choices = [&path](std::uint64_t seed) {
        Player player(book_player(path, 64, seed));
        std::vector<Move> moves;
        for (int i = 0; i < 12; ++i) moves.push_back(player.play(Game(), depth_level(4)).best);
        return moves;
    };
    EXPECT_EQ(choices(7), choices(7));
    EXPECT_EQ(choices(123456789), choices(123456789));
    EXPECT_NE(choices(7), choices(8));
    std::filesystem::remove_all(std::filesystem::path(path).parent_path());
}

TEST(PlayerBook, NoBookForEasyHintsOrWhenDisabled) {
    const std::string path = start_only_book_file("off.tbk");
    Player player(book_player(path, 0, 1));
    EXPECT_FALSE(player.play(Game(), *named_level("easy")).book);
    Level hint = depth_level(2);
    hint.limits.multi_pv = 4;
    EXPECT_FALSE(player.play(Game(), hint).book);
    Level plain;
    plain.limits.depth = 2;
    EXPECT_FALSE(player.play(Game(), plain).book) << "a Level plays no book unless it says so";
    PlayerOptions off = book_player(path, 0, 1);
    off.book.enabled = false;
    player.set_options(off);
    EXPECT_EQ(player.book({}), nullptr);
    EXPECT_FALSE(player.play(Game(), depth_level(2)).book);
    // A --book file of one variant serves no other.
    Player eight(book_player(path, 0, 1));
    EXPECT_NE(eight.book({}), nullptr);
    EXPECT_EQ(eight.book(Variant::parse("6x6")), nullptr);
    EXPECT_FALSE(eight.play(Game(Variant::parse("6x6")), depth_level(2)).book);
    std::filesystem::remove_all(std::filesystem::path(path).parent_path());
}

}  // namespace
}  // namespace tempo
