#include <gtest/gtest.h>

#include "engine/notation.hpp"
#include "engine/rules.hpp"

namespace tempo {
namespace {

const Variant k8x8{};
const Variant kAnti{Geometry::k8x8, Rules::kAnti};
const Variant k6x6{Geometry::k6x6, Rules::kStandard};

TEST(Rules, EmptiesGoToTheWinner) {
    // 10 discs against 4, 50 empties: 60-4.
    const Board b{0x3ffULL, 0xfULL << 20};
    EXPECT_EQ(final_margin(b, k8x8), 56);
    EXPECT_EQ(final_count(b, k8x8).mine, 60);
    EXPECT_EQ(final_margin(b.passed(), k8x8), -56);
}

TEST(Rules, DrawWithEmptiesIsSplit) {
    const Board b{0xfULL, 0xf0ULL};
    EXPECT_EQ(final_margin(b, k8x8), 0);
    EXPECT_EQ(final_count(b, k8x8).mine, 32);
    EXPECT_EQ(final_count(b, k8x8).theirs, 32);
    EXPECT_EQ(final_count(b, k6x6).mine, 18);  // these discs are off the 6x6 board: 0-0, 36 empties
}

TEST(Rules, WipeOutEnds64To0) {
    const Board b{0xffULL, 0};
    EXPECT_TRUE(is_game_over(b));
    EXPECT_EQ(final_margin(b, k8x8), 64);
    EXPECT_EQ(final_count(b, k8x8).mine, 64);
    EXPECT_EQ(final_count(b, k8x8).theirs, 0);
}

TEST(Rules, AntiCountsDiscsAsTheyAreAndFewerWins) {
    const Board b{0x3ffULL, 0xfULL << 20};
    EXPECT_EQ(final_margin(b, kAnti), -6);
    EXPECT_EQ(final_count(b, kAnti).mine, 10);
    EXPECT_EQ(final_margin(b.passed(), kAnti), 6);
}

TEST(Rules, SixBySixDrawIs18To18) {
    // 6x6: black b2..g2 row (6), white b3..g3 (6), rest empty: a draw counted 18-18.
    const Board b{0x7eULL << 8, 0x7eULL << 16};
    EXPECT_EQ(final_margin(b, k6x6), 0);
    EXPECT_EQ(final_count(b, k6x6).mine, 18);
}

TEST(Game, ForcedPassOnlyWhenNoMove) {
    Game game;
    EXPECT_FALSE(game.play(kPass));  // never a voluntary pass
    EXPECT_FALSE(game.play(0));      // a1 flips nothing
    EXPECT_TRUE(game.play(parse_move("f5")));
    EXPECT_EQ(game.to_move(), Color::kWhite);
    EXPECT_EQ(game.black_discs(), 4);
    EXPECT_EQ(game.white_discs(), 1);
}

TEST(Game, UndoRedo) {
    Game game = parse_transcript("f5d6c3");
    const Position after_three = game.position();
    EXPECT_TRUE(game.undo());
    EXPECT_TRUE(game.undo());
    EXPECT_EQ(game.moves().size(), 1u);
    EXPECT_TRUE(game.redo());
    EXPECT_TRUE(game.redo());
    EXPECT_FALSE(game.redo());
    EXPECT_EQ(game.position(), after_three);
    game.undo();
    game.play(parse_move("c5"));
    EXPECT_FALSE(game.can_redo());  // a new move clears the redo list
}

// A shortest game (9 moves): black wipes white out and the official count is 64-0.
TEST(Game, WipeOutTranscript) {
    const Game game = parse_transcript("d3c3b3d2e1d6d7e3f4");
    EXPECT_TRUE(game.is_over());
    EXPECT_EQ(game.white_discs(), 0);
    EXPECT_EQ(game.black_margin(), 64);
    EXPECT_EQ(game.final_count_black_white().mine, 64);
}

TEST(Game, SixBySixPerfectPlayLineEnds16To20) {
    // Feinstein's principal variation (Joel Feinstein, 1993; data/README.md), 8x8 coordinates, one forced pass.
    Game game(k6x6);
    const char* line = "d3c5d6e3f5f4e2d2c2e6e7g5c4c3g4g3f3c7b5d7b7b3c6b6f7f6b4b2g6g7f2g2";
    for (std::size_t i = 0; line[i]; i += 2) {
        const Move m = parse_move(std::string_view(line + i, 2));  // 8x8 names
        if (game.must_pass()) {
            ASSERT_TRUE(game.play(kPass));
        }
        ASSERT_TRUE(game.play(m)) << i / 2;
    }
    EXPECT_TRUE(game.is_over());
    EXPECT_EQ(game.final_count_black_white().mine, 16);
    EXPECT_EQ(game.final_count_black_white().theirs, 20);
    EXPECT_EQ(game.black_margin(), -4);
}

}  // namespace
}  // namespace tempo
