#include "formats/wthor.hpp"

#include <gtest/gtest.h>

#include <random>

#include "formats/file_bytes.hpp"
#include "engine/notation.hpp"
#include "tests/engine/expect_parse_error.hpp"
#include "tests/engine/test_data.hpp"

namespace tempo {
namespace {

// Replays every game of a file: no illegal move; finished games end with the stored score (black's
// discs, empties to the winner). Returns the number of unfinished games.
int check_replays(const WthorFile& file) {
    int unfinished = 0;
    for (std::size_t i = 0; i < file.games.size(); ++i) {
        const WthorGame& game = file.games[i];
        const Game replay = replay_wthor(game);
        if (!replay.is_over()) {
            ++unfinished;
            continue;
        }
        EXPECT_EQ(replay.final_count_black_white().mine, game.black_discs) << "game " << i + 1;
    }
    return unfinished;
}

std::vector<std::uint8_t> fixture_1977() { return read_file_bytes(test::fixture("WTH_1977.wtb")); }

TEST(Wthor, Reads1977) {
    const WthorFile file = read_wthor_file(test::fixture("WTH_1977.wtb"));
    EXPECT_EQ(file.year, 1977);
    EXPECT_EQ(file.board_size, 8);
    EXPECT_EQ(file.theoretical_empties, 24);
    ASSERT_EQ(file.games.size(), 12u);
    const WthorGame& first = file.games[0];
    EXPECT_EQ(first.black_discs, 34);
    ASSERT_EQ(first.moves.size(), 60u);
    EXPECT_EQ(transcript(first.moves).substr(0, 20), "f5d6c3f3f4d3c4g6f6e6");
    // Game 2: Heiberg - Jacobs, World Championship, 52-12 after three white passes.
    const WthorGame& second = file.games[1];
    EXPECT_EQ(second.black_discs, 52);
    EXPECT_EQ(second.theoretical_black_discs, 44);
    const Game replay = replay_wthor(second);
    EXPECT_EQ(std::count(replay.moves().begin(), replay.moves().end(), kPass), 3);
    EXPECT_EQ(replay.final_count_black_white().theirs, 12);
    EXPECT_EQ(file.games[8].moves.size(), 59u);  // 59 discs: a wipe-out or a blocked end
    EXPECT_EQ(check_replays(file), 0);
}

TEST(Wthor, ReplaysWholeYears) {
    // Game counts from the headers, checked against the file sizes by the parser.
    const std::vector<std::pair<int, std::size_t>> years = {
        {1977, 12}, {1978, 8}, {1979, 11}, {1980, 160}, {1981, 153}};
    for (const auto& [year, count] : years) {
        SCOPED_TRACE(year);
        const WthorFile file = read_wthor_file(test::fixture("WTH_" + std::to_string(year) + ".wtb"));
        EXPECT_EQ(file.year, year);
        EXPECT_EQ(file.games.size(), count);
        check_replays(file);
    }
}

TEST(Wthor, PlayerAndTournamentNames) {
    const std::vector<std::string> players = read_wthor_names(test::fixture("WTH.JOU"));
    const std::vector<std::string> tournaments = read_wthor_names(test::fixture("WTH.TRN"));
    EXPECT_EQ(players.size(), 4448u);
    EXPECT_EQ(players[1], "Tastet Marc");
    EXPECT_EQ(tournaments[0], "Diverses parties");
    EXPECT_EQ(tournaments[1], "World Championship");
    const WthorGame game = read_wthor_file(test::fixture("WTH_1977.wtb")).games[1];
    EXPECT_EQ(players.at(game.black_player), "Heiberg Thomas");
    EXPECT_EQ(players.at(game.white_player), "Jacobs Carol");
    EXPECT_EQ(tournaments.at(game.tournament), "World Championship");
}

TEST(Wthor, NamesAreConvertedFromLatin1) {
    std::vector<std::uint8_t> bytes(16 + 2 * 20, 0);
    bytes[8] = 2;
    const std::string first = "Caf\xe9 Andr\xe9";  // Latin-1 é
    std::copy(first.begin(), first.end(), bytes.begin() + 16);
    std::fill(bytes.begin() + 36, bytes.end(), 'x');  // a full 20-byte name with no NUL
    const std::vector<std::string> names = parse_wthor_names(bytes, 20);
    ASSERT_EQ(names.size(), 2u);
    EXPECT_EQ(names[0], "Caf\xc3\xa9 Andr\xc3\xa9");
    EXPECT_EQ(names[1], std::string(20, 'x'));
    bytes.pop_back();
    EXPECT_PARSE_ERROR(parse_wthor_names(bytes, 20), "truncated");
    bytes.resize(10);
    EXPECT_PARSE_ERROR(parse_wthor_names(bytes, 20), "truncated WTHOR header");
    EXPECT_PARSE_ERROR(read_wthor_names(test::fixture("WTH_1977.wtb")), "expected a .JOU (players) or .TRN");
    EXPECT_PARSE_ERROR(read_wthor_names("/nonexistent/WTH.JOU"), "cannot open");
}

TEST(Wthor, MalformedFilesNameTheProblem) {
    const std::vector<std::uint8_t> good = fixture_1977();
    EXPECT_PARSE_ERROR(parse_wthor(std::span(good).first(10)), "truncated WTHOR header: 10 bytes");
    EXPECT_PARSE_ERROR(parse_wthor(std::span(good).first(good.size() - 1)),
                       "truncated WTHOR file: the header announces 12 games");
    std::vector<std::uint8_t> bytes = good;
    bytes.push_back(0);
    EXPECT_PARSE_ERROR(parse_wthor(bytes), "game count mismatch");
    bytes = good;
    bytes[4] = 0xff, bytes[5] = 0xff, bytes[6] = 0xff, bytes[7] = 0xff;  // 4 billion games announced
    EXPECT_PARSE_ERROR(parse_wthor(bytes), "announces 4294967295 games");
    bytes = good;
    bytes[12] = 10;
    EXPECT_PARSE_ERROR(parse_wthor(bytes), "board size 10 is not supported");
    bytes = good;
    bytes[16 + 68 + 8 + 2] = 99;  // game 2, move 3: row 9
    EXPECT_PARSE_ERROR(parse_wthor(bytes), "game 2, move 3: bad move byte 0x63");
    bytes = good;
    bytes[16 + 8 + 5] = 0;  // game 1 ends after 5 moves, then more moves follow
    EXPECT_PARSE_ERROR(parse_wthor(bytes), "game 1, move 7: move byte");
    bytes = good;
    bytes[16 + 6] = 65;
    EXPECT_PARSE_ERROR(parse_wthor(bytes), "game 1: disc count 65 over 64");
    bytes = good;
    std::swap(bytes[16 + 8 + 1], bytes[16 + 8 + 2]);  // game 1: c3 before d6 is illegal for white
    const WthorFile swapped = parse_wthor(bytes);
    EXPECT_PARSE_ERROR(replay_wthor(swapped.games[0]), "move 2 (c3) is illegal for white");
    WthorGame overlong = parse_wthor(good).games[0];
    overlong.moves.push_back(parse_move("a1"));
    EXPECT_PARSE_ERROR(replay_wthor(overlong), "move 61 (a1) is illegal for black: the game is already over");
    EXPECT_PARSE_ERROR(read_wthor_file("/nonexistent/WTH_1977.wtb"), "/nonexistent/WTH_1977.wtb: cannot open");
}

TEST(Wthor, GarbageThrowsWithoutCrashing) {
    std::mt19937 random(3);
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<std::uint8_t> bytes(trial % 2 ? 16 + 68 * (random() % 4) : random() % 400);
        for (auto& b : bytes) b = static_cast<std::uint8_t>(random());
        if (trial % 2 && bytes.size() >= 16) {  // a consistent header so the records get parsed
            bytes[4] = static_cast<std::uint8_t>((bytes.size() - 16) / 68), bytes[5] = bytes[6] = bytes[7] = 0;
            bytes[12] = 8;
            bytes[14] = 24;
        }
        try {
            for (const WthorGame& game : parse_wthor(bytes).games) replay_wthor(game);
        } catch (const ParseError&) {
        }
    }
}

}  // namespace
}  // namespace tempo
