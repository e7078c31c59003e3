// Move lists for the endgame search, sorted fastest-first: the move that leaves the opponent the
// fewest replies is likeliest to cut off and has the smallest subtree. The table move goes first.
#pragma once

#include <cassert>
#include <cstdint>
#include <utility>

#include "engine/symmetry.hpp"
#include "search/endgame/look_ahead.hpp"
#include "search/endgame/rules.hpp"
#include "search/ordered_move.hpp"

namespace tempo::endgame {

// Static bonus per square, a tie-break after mobility: corners best, then the edge squares two
// away from a corner, X and C squares (next to a corner) worst. The 6x6 board (b2..g7) gets its
// own table: its corners are the 8x8 X-squares (bench/results/tuning-notes.md).
constexpr std::array<int, 64> make_square_values(Geometry geometry) {
    constexpr int row8[8][8] = {{20, 4, 14, 12, 12, 14, 4, 20}, {4, 0, 6, 8, 8, 6, 0, 4},
                                {14, 6, 12, 10, 10, 12, 6, 14}, {12, 8, 10, 0, 0, 10, 8, 12},
                                {12, 8, 10, 0, 0, 10, 8, 12},   {14, 6, 12, 10, 10, 12, 6, 14},
                                {4, 0, 6, 8, 8, 6, 0, 4},       {20, 4, 14, 12, 12, 14, 4, 20}};
    constexpr int row6[6][6] = {{20, 4, 14, 14, 4, 20}, {4, 0, 6, 6, 0, 4}, {14, 6, 0, 0, 6, 14},
                                {14, 6, 0, 0, 6, 14},   {4, 0, 6, 6, 0, 4}, {20, 4, 14, 14, 4, 20}};
    std::array<int, 64> table{};
    for (int sq = 0; sq < 64; ++sq) {
        const int r = sq / 8, c = sq % 8;
        if (geometry == Geometry::k8x8)
            table[sq] = row8[r][c];
        else if (r >= 1 && r <= 6 && c >= 1 && c <= 6)
            table[sq] = row6[r - 1][c - 1];
    }
    return table;
}
template <class T>
inline constexpr std::array<int, 64> kSquareValue = make_square_values(T::kGeometry);

// Ordering evaluation in the side to move's view: weighted mobility (corners twice) and
// potential mobility (empties next to the opponent's discs), in 1/4-move units.
template <class T>
int ordering_eval(Bitboard player, Bitboard opponent) {
    const Bitboard empties = ~(player | opponent) & T::kPlayable;
    const Bitboard mine = T::moves(player, opponent);
    const Bitboard theirs = T::moves(opponent, player);
    const int mobility =
        popcount(mine) + popcount(mine & T::kCorners) - popcount(theirs) - popcount(theirs & T::kCorners);
    const int potential = popcount(neighbours_of(opponent) & empties) - popcount(neighbours_of(player) & empties);
    return 4 * mobility + potential;
}

struct EndgameMoveList {
    OrderedMove moves[kMaxMoves];
    int size = 0;

    // Fills and scores the list; higher score = searched earlier.
    template <class T>
    void generate(Bitboard player, Bitboard opponent, Bitboard legal, unsigned parity, Move tt_move) {
        const Bitboard odd = kParityMask[parity];
        size = 0;
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
        // The children first, then their replies eight at a time (score_replies_x8).
        alignas(64) Bitboard next_player[kMaxMoves];
        alignas(64) Bitboard next_opponent[kMaxMoves];
        for (; legal; legal &= legal - 1) {
            const int x = first_square(legal);
            const Bitboard f = flips(x, player, opponent);
            assert(size < kMaxMoves);
            moves[size].square = x;
            moves[size].flips = f;
            next_player[size] = opponent ^ f;
            next_opponent[size] = player | f | square_bit(x);
            ++size;
        }
        score_replies_x8<T>(next_player, next_opponent);
        for (int i = 0; i < size; ++i) {
            OrderedMove& m = moves[i];
            m.score = m.square == tt_move ? kTableMoveOrder : m.score + placement_bonus<T>(m.square, odd);
        }
#else
        for (; legal; legal &= legal - 1) {
            const int x = first_square(legal);
            const Bitboard f = flips(x, player, opponent);
            assert(size < kMaxMoves);
            OrderedMove& m = moves[size++];
            m.square = x;
            m.flips = f;
            if (x == tt_move) {
                m.score = kTableMoveOrder;
                continue;
            }
            const Bitboard next_player = opponent ^ f;
            const Bitboard next_opponent = player | f | square_bit(x);
            const Bitboard replies = T::moves(next_player, next_opponent);
            const int mobility = popcount(replies) + popcount(replies & T::kCorners);
            const Bitboard empties = ~(next_player | next_opponent) & T::kPlayable;
            const int potential = popcount(neighbours_of(next_opponent) & empties);
            m.score = -mobility * kReplyWeight - potential * kPotentialWeight + placement_bonus<T>(x, odd);
        }
#endif
    }

    // Fastest-first: what one reply (a corner counts twice) and one potential reply (an empty
    // square next to the mover's discs) cost a move's score.
    static constexpr int kReplyWeight = 64;
    static constexpr int kPotentialWeight = 4;

    // The part of a move's score from where it is played: the square's value, and odd quadrants
    // (the `odd` squares) first.
    template <class T>
    static int placement_bonus(int square, Bitboard odd) {
        return kSquareValue<T>[square] + ((square_bit(square) & odd) ? 8 : 0);
    }

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)

    // Sets each move's score to the fastest-first part of generate()'s score, from its child
    // position (next_player to move): the replies (corners twice) and their potential mobility,
    // fewer first. Eight children per register: one fill per direction serves eight children, where
    // the one-position generator spends a fill per child (bench/results/tuning-notes.md).
    template <class T>
    void score_replies_x8(const Bitboard* next_player, const Bitboard* next_opponent) {
        for (int base = 0; base < size; base += 8) {
            const __mmask8 lanes = static_cast<__mmask8>(size - base >= 8 ? 0xff : (1u << (size - base)) - 1);
            // Unused lanes hold empty boards.
            const Bitboard8 p = (Bitboard8)_mm512_maskz_load_epi64(lanes, next_player + base);
            const Bitboard8 o = (Bitboard8)_mm512_maskz_load_epi64(lanes, next_opponent + base);
            const Bitboard8 replies = legal_moves_x8(p, o) & T::kPlayable;
            const Bitboard8 potential = neighbours_of(o) & ~(p | o) & T::kPlayable;
            const Bitboard8 score = (popcount_x8(replies) + popcount_x8(replies & T::kCorners)) * kReplyWeight +
                                    popcount_x8(potential) * kPotentialWeight;
            for (int i = base; i < size && i < base + 8; ++i) moves[i].score = -static_cast<int>(score[i - base]);
        }
    }
#endif

    // Marks `move` (the table move, or kNoMove) to be searched first, as generate() does.
    void put_first(Move move) {
        for (int i = 0; i < size; ++i)
            if (moves[i].square == move) moves[i].score = kTableMoveOrder;
    }

    // Re-scores every move but the table move by a `depth`-ply look-ahead on ordering_eval
    // (fastest-first score as the tie-break): worth its cost only high in the tree. Counts the
    // look-ahead's positions in `nodes`.
    template <class T>
    void score_by_search(Bitboard player, Bitboard opponent, int depth, std::uint64_t& nodes) {
        constexpr int kUnitsPerDisc = 1000;  // a finished game outweighs any mobility difference
        const auto mobility = [](Bitboard p, Bitboard o) { return ordering_eval<T>(p, o); };
        for (int i = 0; i < size; ++i) {
            OrderedMove& m = moves[i];
            if (m.score == kTableMoveOrder) continue;
            const int v = -look_ahead<T>(mobility, kUnitsPerDisc, opponent ^ m.flips,
                                         player | m.flips | square_bit(m.square), -100000, 100000, depth, nodes);
            m.score = v * kSearchWeight + m.score;
        }
    }
    // The look-ahead's weight against the fastest-first score (bench/results/tuning-notes.md).
    static constexpr int kSearchWeight = 8;

    // A position with a symmetry has equivalent moves (all four at the start: d3, c4, f5, e6):
    // keeps one move of each class. Symmetric positions occur only early in a game.
    void drop_symmetric_duplicates(const Board& board) {
        unsigned symmetries = 0;
        for (int k = 1; k < kSymmetries; ++k) symmetries |= static_cast<unsigned>(transform(board, k) == board) << k;
        if (!symmetries) return;
        int kept = 0;
        for (int i = 0; i < size; ++i) {
            bool duplicate = false;
            for (int j = 0; j < kept && !duplicate; ++j)
                for (int k = 1; k < kSymmetries; ++k)
                    if ((symmetries >> k & 1) && transform_square(moves[i].square, k) == moves[j].square)
                        duplicate = true;
            if (!duplicate) moves[kept++] = moves[i];
        }
        size = kept;
    }

    // Selection sort step: brings the best remaining move to position i and returns it.
    const OrderedMove& next(int i) {
        int best = i;
        for (int j = i + 1; j < size; ++j)
            if (moves[j].score > moves[best].score) best = j;
        if (best != i) std::swap(moves[i], moves[best]);
        return moves[i];
    }
};

}  // namespace tempo::endgame
