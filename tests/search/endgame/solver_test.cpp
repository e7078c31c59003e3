// The endgame solver against known results: FForum positions (exact scores and best moves), solved
// positions from tests/data (solved endgames), a plain minimax on 6x6 and anti-reversi, WLD against exact,
// and invariance under table size and thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "engine/notation.hpp"
#include "formats/obf.hpp"
#include "engine/rules.hpp"
#include "eval/evaluator.hpp"
#include "search/endgame/solver.hpp"
#include "search/endgame/last_flip.hpp"
#include "tests/engine/random_positions.hpp"
#include "tests/engine/test_data.hpp"

namespace tempo {
namespace {

// Exact score by full-width negamax: the reference for small positions.
int minimax(const Board& board, Variant variant) {
    const Bitboard moves = board.moves(variant.playable());
    if (!moves) {
        if (!board.passed().moves(variant.playable())) return final_margin(board, variant);
        return -minimax(board.passed(), variant);
    }
    int best = -1000;
    for_each_square(moves, [&](int sq) { best = std::max(best, -minimax(board.play(sq), variant)); });
    return best;
}

int best_listed_score(const ObfPosition& obf) {
    int best = -1000;
    for (const ObfMoveScore& m : obf.scores) best = std::max(best, m.score);
    return best;
}

// Plays the PV out: it must be legal and end the game with the solved score.
void expect_pv_scores(const Board& start, const EndgameResult& result, Variant variant) {
    Board board = start;
    int sign = 1;
    for (Move m : result.pv) {
        if (m == kPass) {
            ASSERT_EQ(board.moves(variant.playable()), 0u);
            board = board.passed();
        } else {
            ASSERT_TRUE(board.moves(variant.playable()) & square_bit(m)) << move_name(m, variant.geometry);
            board = board.play(m);
        }
        sign = -sign;
    }
    ASSERT_TRUE(is_game_over(board, variant.playable()));
    EXPECT_EQ(sign * final_margin(board, variant), result.score);
}

// Solves positions [first, last) of an FFO file; checks score, best move and PV.
// With an `evaluator`, moves at many empties are ordered by it.
void check_ffo(const std::string& file, std::size_t first, std::size_t last, int threads = 1,
               std::shared_ptr<const Evaluator> evaluator = nullptr) {
    const std::string path = test::fixture(file);
    const std::vector<ObfPosition> positions = read_obf_file(path);
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{}, threads, std::move(evaluator));
    for (std::size_t i = first; i < last && i < positions.size(); ++i) {
        const ObfPosition& obf = positions[i];
        const EndgameResult result = solver.solve(obf.position.board);
        const int expected = best_listed_score(obf);
        EXPECT_EQ(result.score, expected) << file << " position " << i + 1;
        bool best_listed = false;
        for (const ObfMoveScore& m : obf.scores) best_listed |= m.move == result.best && m.score == expected;
        EXPECT_TRUE(best_listed) << file << " position " << i + 1 << " move " << move_name(result.best);
        expect_pv_scores(obf.position.board, result, Variant{});
    }
}

TEST(EndgameFfo, Positions1To19) { check_ffo("fforum-1-19.obf", 0, 19); }

// #20-#26 and #28-#30 (up to 20 empties); #27 and #31-#39 take longer and are benchmarked instead.
TEST(EndgameFfo, Positions20To26) { check_ffo("fforum-20-39.obf", 0, 7); }
TEST(EndgameFfo, Positions28To30) { check_ffo("fforum-20-39.obf", 8, 11); }

TEST(EndgameFfo, TwoThreadsGiveTheSameResults) { check_ffo("fforum-1-19.obf", 0, 19, 2); }
// Two helpers: split points nest, and both helpers can join the master's newest one.
TEST(EndgameFfo, ThreeThreadsGiveTheSameResults) { check_ffo("fforum-20-39.obf", 0, 7, 3); }

// Ordering by the trained evaluation (from 14 empties) changes the tree, never the result.
TEST(EndgameFfo, EvaluationOrderingGivesTheSameResults) {
    check_ffo("fforum-20-39.obf", 0, 7, 1, Evaluator::create(Variant{}));
    check_ffo("fforum-1-19.obf", 0, 19, 2, Evaluator::create(Variant{}));
}

TEST(EndgameWld, AgreesWithExact) {
    const std::string path = test::fixture("fforum-1-19.obf");
    TranspositionTable tt(16);
    EndgameSolver solver(tt, Variant{});
    for (const ObfPosition& obf : read_obf_file(path)) {
        const int exact = solver.solve(obf.position.board).score;
        const EndgameResult wld = solver.solve_wld(obf.position.board);
        EXPECT_EQ(wld.score, (exact > 0) - (exact < 0));
    }
}

// eg_*.txt: "<board> <Black|White> <best square 0..63> <score>", the score a RAW disc difference
// from black's view (empties not given to the winner). Under official scoring the winner also gets
// the empties, so the official score has the same sign, at least the same size, and the same parity.
TEST(EndgameSolvedPositions, SampleOfEgFiles) {
    for (const char* file : {"eg_13_14-first40.txt", "eg_15_16-first40.txt"}) {
        const std::string path = test::fixture(file);
        std::ifstream in(path);
        std::string line;
        TranspositionTable tt(16);
        EndgameSolver solver(tt, Variant{});
        for (int count = 0; count < 40 && std::getline(in, line); ++count) {
            std::string_view rest;
            const Position position = parse_board(line, Geometry::k8x8, &rest);
            int best_square = 0, black_raw = 0;
            ASSERT_EQ(std::sscanf(std::string(rest).c_str(), "%d %d", &best_square, &black_raw), 2) << line;
            const int raw = position.to_move == Color::kBlack ? black_raw : -black_raw;
            const EndgameResult result = solver.solve(position.board);
            EXPECT_EQ((result.score > 0) - (result.score < 0), (raw > 0) - (raw < 0)) << line;
            EXPECT_GE(std::abs(result.score), std::abs(raw)) << line;
            if (std::abs(raw) % 2 == 0 && std::abs(raw) == std::abs(result.score)) {
                // The game ends on a full board along the listed move too: it is a best move.
                const Board child = position.board.play(best_square);
                EXPECT_EQ(-solver.solve(child).score, result.score) << line;
            }
        }
    }
}

// Small positions of the other variants: the solver against the plain minimax.
void check_against_minimax(Variant variant, int max_empties, std::uint64_t seed) {
    TranspositionTable tt(4);
    EndgameSolver solver(tt, variant);
    int checked = 0;
    for (const Board& board : testing::random_game_positions(2500, seed, variant.playable())) {
        const int empties = board.empty_count(variant.playable());
        if (empties > max_empties) continue;
        const int expected = minimax(board, variant);
        const EndgameResult result = solver.solve(board);
        ASSERT_EQ(result.score, expected) << board_string(Position{board, Color::kBlack}, variant.geometry);
        if (result.best < 64) {
            EXPECT_EQ(-minimax(board.play(result.best), variant), expected);
        }
        expect_pv_scores(board, result, variant);
        const EndgameResult wld = solver.solve_wld(board);
        EXPECT_EQ(wld.score, (expected > 0) - (expected < 0));
        ++checked;
    }
    EXPECT_GT(checked, 50);
}

TEST(EndgameVariants, SixBySixAgreesWithMinimax) { check_against_minimax(Variant::parse("6x6"), 9, 1); }
TEST(EndgameVariants, AntiAgreesWithMinimax) { check_against_minimax(Variant::parse("anti"), 9, 2); }
TEST(EndgameVariants, Anti6x6AgreesWithMinimax) { check_against_minimax(Variant::parse("anti6x6"), 9, 3); }
TEST(EndgameVariants, EightByEightAgreesWithMinimax) { check_against_minimax(Variant{}, 9, 4); }

// Fewer than two table entries per bucket's worth of positions: heavy replacement, same results.
TEST(EndgameTable, SizeNeverChangesTheResult) {
    const std::string path = test::fixture("fforum-1-19.obf");
    TranspositionTable small(1), large(64);
    EndgameSolver a(small, Variant{}), b(large, Variant{});
    for (const ObfPosition& obf : read_obf_file(path)) {
        EXPECT_EQ(a.solve(obf.position.board).score, b.solve(obf.position.board).score);
    }
}

TEST(EndgameSolver, GameOverAndPass) {
    TranspositionTable tt(1);
    EndgameSolver solver(tt, Variant{});
    // Full board, 40 black discs vs 24: black to move scores +16; no move to play.
    const Position full = parse_board(std::string(40, 'X') + std::string(24, 'O') + " X");
    EndgameResult r = solver.solve(full.board);
    EXPECT_EQ(r.score, 16);
    EXPECT_EQ(r.best, kNoMove);
    // Black's only disc is g7; black cannot play h8 but white can (flipping g7): black passes, loses 0-64.
    std::string text(64, 'O');
    text[54] = 'X';
    text[63] = '-';
    const Position pass = parse_board(text + " X");
    r = solver.solve(pass.board);
    EXPECT_EQ(r.best, kPass);
    EXPECT_EQ(r.score, -64);
    EXPECT_EQ(r.pv, (std::vector<Move>{kPass, 63}));
}

// The counted flips of the last empty square agree with the flip routine on full boards.
TEST(EndgameLastFlip, CountMatchesFlips) {
    int checked = 0;
    for (const Board& b : testing::random_bit_positions(4000, 77)) {
        const int x = static_cast<int>(b.player % 64);
        const Bitboard mover = b.player & ~square_bit(x);
        const Bitboard other = ~mover & ~square_bit(x);
        EXPECT_EQ(endgame::last_flip_count(x, mover), popcount(flips(x, mover, other))) << x;
        EXPECT_EQ(endgame::last_flip_count(x, other), popcount(flips(x, other, mover))) << x;
        checked += 2;
    }
    EXPECT_EQ(checked, 8000);
}

}  // namespace
}  // namespace tempo
