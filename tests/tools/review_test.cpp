// `tempo review`: the review's exact losses agree with the endgame solver, passes and unfinished
// games are handled, and the three reports (text, JSON lines, SVG) say what the review found; the
// SVG is well-formed XML (libxml2).
#include <gtest/gtest.h>
#include <libxml/parser.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/notation.hpp"
#include "formats/wthor.hpp"
#include "search/endgame/solver.hpp"
#include "tools/review/game_review.hpp"
#include "search/tt.hpp"
#include "tests/tools/run_tempo.hpp"
#include "tools/review/review_report.hpp"

namespace tempo {
namespace {

// Game 2 of the 1977 WTHOR file: Black wins by 40, with three forced white passes at the end
// (moves 58, 60 and 62 are passes).
Game wthor_game_2() { return replay_wthor(read_wthor_file(std::string(TEMPO_TEST_DATA) + "/WTH_1977.wtb").games[1]); }

GameReview quick_review(const Game& game) {
    static Searcher searcher;
    ReviewOptions options;
    options.depth = 4;
    options.exact_from = 14;
    return review_game(game, searcher, options);
}

TEST(GameReview, ExactLossesAreTheSolversScores) {
    const Game game = wthor_game_2();
    const GameReview review = quick_review(game);
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{});
    int exact = 0;
    for (const ReviewedMove& m : review.moves) {
        const std::size_t ply = static_cast<std::size_t>(m.number) - 1;
        EXPECT_EQ(game.moves()[ply], m.played);
        ASSERT_EQ(m.exact, m.empties <= 14) << "move " << m.number;
        if (!m.exact) continue;
        ++exact;
        Game before(Variant{}, game.start());
        for (std::size_t i = 0; i < ply; ++i) before.play(game.moves()[i]);
        EXPECT_EQ(m.best_score, solver.solve(before.board()).score) << "move " << m.number;
        EXPECT_EQ(m.played_score, -solver.solve(before.board().play(m.played)).score) << "move " << m.number;
        EXPECT_EQ(m.loss, m.best_score - m.played_score) << "move " << m.number;
    }
    EXPECT_EQ(exact, 14);  // one move a square from 14 empties down to 1; the passes fill none
    EXPECT_TRUE(review.finished);
    EXPECT_EQ(review.black_result, 40);
    // Passes are not moves to review: move numbers skip them.
    for (const ReviewedMove& m : review.moves) EXPECT_TRUE(m.number != 58 && m.number != 60 && m.number != 62);
    EXPECT_EQ(review.moves.back().number, 63);
}

TEST(GameReview, SummariesAddUpTheLosses) {
    const GameReview review = quick_review(wthor_game_2());
    SideSummary black, white;
    int first_losing = 0;
    for (const ReviewedMove& m : review.moves) {
        EXPECT_GE(m.loss, 0);
        SideSummary& side = m.side == Color::kBlack ? black : white;
        side.total_loss += m.loss;
        side.mistakes += m.loss > 0;
        if (!first_losing && m.best_score >= 0 && m.played_score < 0) first_losing = m.number;
    }
    EXPECT_EQ(review.black.total_loss, black.total_loss);
    EXPECT_EQ(review.black.mistakes, black.mistakes);
    EXPECT_EQ(review.white.total_loss, white.total_loss);
    EXPECT_EQ(review.white.mistakes, white.mistakes);
    EXPECT_EQ(review.first_losing_move, first_losing);
}

// An unfinished game (a transcript that stops) is reviewed as far as it goes.
TEST(GameReview, AnUnfinishedGameIsReviewedAsFarAsItGoes) {
    const Game game = parse_transcript("f5d6c3");
    const GameReview review = quick_review(game);
    ASSERT_EQ(review.moves.size(), 3u);
    EXPECT_FALSE(review.finished);
    EXPECT_EQ(review.moves[2].side, Color::kBlack);
}

TEST(ReviewReport, TextJsonAndSvgSayWhatTheReviewFound) {
    const GameReview review = quick_review(wthor_game_2());
    review::ReviewHeading heading;
    heading.black = "Ann <&>";
    heading.white = "Bob \"B\"";
    heading.limits = "depth 4, exact from 14 empties";

    const std::string text = review::review_text(review, heading);
    EXPECT_NE(text.find("Ann <&> (black) vs Bob \"B\" (white): Black wins by 40; depth 4"), std::string::npos) << text;
    EXPECT_NE(text.find("Black: " + std::to_string(review.black.mistakes) + " mistake"), std::string::npos) << text;
    EXPECT_NE(text.find(std::to_string(review.white.total_loss) + " discs lost"), std::string::npos) << text;
    EXPECT_NE(text.find("  63  black  h1"), std::string::npos) << text;

    const std::string json = review::review_json(review, heading);
    std::size_t lines = 0;
    for (char c : json) lines += c == '\n';
    EXPECT_EQ(lines, review.moves.size() + 1);
    EXPECT_EQ(json.rfind("{\"move\":1,\"side\":\"black\",\"empties\":60,\"played\":\"f5\"", 0), 0u)
        << json.substr(0, 80);
    EXPECT_NE(json.find("\"white_player\":\"Bob \\\"B\\\"\""), std::string::npos);
    EXPECT_NE(json.find("\"black_result\":40"), std::string::npos);

    const std::string svg = review::review_svg(review, heading);
    xmlDocPtr doc = xmlReadMemory(svg.data(), static_cast<int>(svg.size()), "review.svg", nullptr,
                                  XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    ASSERT_NE(doc, nullptr) << "not well-formed XML:\n" << svg;
    EXPECT_STREQ(reinterpret_cast<const char*>(xmlDocGetRootElement(doc)->name), "svg");
    xmlFreeDoc(doc);
    std::size_t dots = 0;
    for (std::size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++dots;
    EXPECT_EQ(dots,
              static_cast<std::size_t>(review.black.mistakes + review.white.mistakes + (review.first_losing_move > 0)));
    EXPECT_NE(svg.find("Ann &lt;&amp;&gt;"), std::string::npos);
}

// The command itself: bad input is one clear line on stderr and exit status 1.
using test::CommandResult;
using test::run_tempo;

std::string temp_file(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + "tempo_review_" + std::to_string(::getpid()) + name;
    std::ofstream(path, std::ios::trunc) << text;
    return path;
}

TEST(ReviewCommand, BadGamesAreClearErrors) {
    const std::string wthor = std::string(TEMPO_TEST_DATA) + "/WTH_1977.wtb";
    CommandResult r = run_tempo("review " + wthor + " --game 13");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.output.find("WTH_1977.wtb: no game 13, it holds 12 games"), std::string::npos) << r.output;

    const std::string ggf = temp_file(
        "illegal.ggf",
        "(;GM[Othello]PC[x]PB[a]PW[b]RE[?]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
        "B[F5]W[F6]B[A1];)\n");
    r = run_tempo("review " + ggf);
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.output.find("game 1: move 3 (a1) is illegal"), std::string::npos) << r.output;
    r = run_tempo("review " + ggf + " --game 2");
    EXPECT_NE(r.output.find("no game 2, it holds 1 game"), std::string::npos) << r.output;

    r = run_tempo("review f5f5");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.output.find("f5f5: no such file, and not a transcript (move 2 (f5) is illegal"), std::string::npos)
        << r.output;
    std::filesystem::remove(ggf);
}

// A match's GGF file with several games, the second picked: a game that stops before its end,
// reviewed as far as it goes, as JSON.
TEST(ReviewCommand, ReviewsTheChosenGameOfAMatchFile) {
    const std::string start = "BO[8 ---------------------------O*------*O--------------------------- *]";
    const std::string path = temp_file("match.ggf", "(;GM[Othello]PC[m]PB[One]PW[Two]RE[?]TY[8]" + start +
                                                        "B[F5]W[F6];)\n"
                                                        "(;GM[Othello]PC[m]PB[Three]PW[Four]RE[?]TY[8]" +
                                                        start + "B[F5]W[D6]B[C3];)\n");
    const CommandResult r = run_tempo("review " + path + " --game 2 --depth 2 --json");
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("{\"move\":3,\"side\":\"black\",\"empties\":58,\"played\":\"c3\""), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("\"black_player\":\"Three\""), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"finished\":false"), std::string::npos) << r.output;
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace tempo
