// What the endgame search needs to know about a variant, fixed at compile time so the 8x8
// standard hot path pays nothing for 6x6 masks or anti-reversi scoring; plus the stability
// cut-off test and the square tables (neighbours, quadrants) shared by the endgame code.
#pragma once

#include <array>

#include "engine/board.hpp"
#include "engine/score.hpp"
#include "engine/variant.hpp"
#include "search/stability.hpp"

namespace tempo::endgame {

template <Geometry G, Rules R>
struct Traits {
    static constexpr Geometry kGeometry = G;
    static constexpr Rules kRules = R;
    static constexpr Bitboard kPlayable = playable_squares(G);
    static constexpr int kSquares = square_count(G);
    static constexpr Bitboard kCorners = corner_squares(G);

    static Bitboard moves(Bitboard player, Bitboard opponent) {
        if constexpr (G == Geometry::k8x8)
            return legal_moves(player, opponent);
        else
            return legal_moves(player, opponent) & kPlayable;
    }

    // Stable discs of `discs` (never flipped again) on this board.
    static Bitboard stable(Bitboard discs, Bitboard others) {
        if constexpr (G == Geometry::k8x8)
            return stable_discs(discs, others);
        else
            return stable_discs_6x6(discs, others);
    }

    // The discs whose stable part bounds the side to move's final margin: the opponent's stable
    // discs stay theirs (standard); the side to move's own stable discs stay its own (anti: fewer wins).
    static Bitboard bounding_discs(Bitboard player, Bitboard opponent) {
        if constexpr (R == Rules::kAnti)
            return player;
        else
            return opponent;
    }

    // Upper bound on the side to move's final margin from stable discs.
    static int stability_bound(Bitboard player, Bitboard opponent) {
        const Bitboard discs = bounding_discs(player, opponent);
        return kSquares - 2 * popcount(stable(discs, (player | opponent) ^ discs));
    }

    // Final margin for the side to move owning `mine` discs when the game ends with `empties` empty
    // squares: empties go to the winner (standard); fewer discs wins, empties ignored (anti).
    static constexpr int final_score(int mine, int empties) {
        if constexpr (R == Rules::kAnti) {
            return kSquares - empties - 2 * mine;
        } else {
            const int diff = 2 * mine - (kSquares - empties);
            return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
        }
    }
};

// Stability is checked only when alpha >= 2 x empties - 2 (8x8; smaller boards subtract the
// missing squares): at lower alphas the stable bounding discs (Traits::bounding_discs) seldom
// hold the score down to alpha, and the scan would cost more than its cut-offs save
// (bench/results/tuning-notes.md).
constexpr int stability_threshold(int empties_count) { return 2 * empties_count - 2; }

// Whether the stable discs alone hold the side to move to at most alpha (`bound` gets that bound).
template <class T>
bool stability_cuts(Bitboard player, Bitboard opponent, int alpha, int empties_count, int& bound) {
    if (alpha < stability_threshold(empties_count) - (64 - T::kSquares)) return false;
    // Even if all the bounding discs were stable, too few of them: no cut-off, and no scan.
    if (T::kSquares - 2 * popcount(T::bounding_discs(player, opponent)) > alpha) return false;
    bound = T::stability_bound(player, opponent);
    return bound <= alpha;
}

// Calls `f` with the Traits of `variant` (a value of that type): the one place where a variant
// chosen at run time picks the compiled search for it.
template <class F>
decltype(auto) with_traits(Variant variant, F&& f) {
    const bool anti = variant.rules == Rules::kAnti;
    if (variant.geometry == Geometry::k8x8)
        return anti ? f(Traits<Geometry::k8x8, Rules::kAnti>{}) : f(Traits<Geometry::k8x8, Rules::kStandard>{});
    return anti ? f(Traits<Geometry::k6x6, Rules::kAnti>{}) : f(Traits<Geometry::k6x6, Rules::kStandard>{});
}

// Squares next to each square: a move there needs an opponent disc among them.
constexpr std::array<Bitboard, 64> make_neighbours() {
    std::array<Bitboard, 64> table{};
    for (int sq = 0; sq < 64; ++sq) {
        Bitboard b = 0;
        for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc) {
                const int r = sq / 8 + dr, c = sq % 8 + dc;
                if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8) b |= square_bit(r * 8 + c);
            }
        table[sq] = b;
    }
    return table;
}
inline constexpr std::array<Bitboard, 64> kNeighbours = make_neighbours();

// Quadrants (the four 4x4 corners of the board; on 6x6 the four 3x3 corners, by the same split).
// Parity ordering plays first into quadrants holding an odd number of empties: the side that
// moves last in a region usually gains there.
constexpr int quadrant(int square) { return ((square >> 2) & 1) | ((square >> 4) & 2); }
constexpr Bitboard kQuadrant[4] = {0x000000000f0f0f0fULL, 0x00000000f0f0f0f0ULL, 0x0f0f0f0f00000000ULL,
                                   0xf0f0f0f000000000ULL};
// The squares of the quadrants whose bits are set in a 4-bit parity word.
constexpr std::array<Bitboard, 16> make_parity_masks() {
    std::array<Bitboard, 16> table{};
    for (int p = 0; p < 16; ++p)
        for (int q = 0; q < 4; ++q)
            if (p >> q & 1) table[p] |= kQuadrant[q];
    return table;
}
inline constexpr std::array<Bitboard, 16> kParityMask = make_parity_masks();
// Bit q set when quadrant q holds an odd number of the given empties.
constexpr unsigned parity_of(Bitboard empties) {
    unsigned parity = 0;
    for (int q = 0; q < 4; ++q) parity |= static_cast<unsigned>(popcount(empties & kQuadrant[q]) & 1) << q;
    return parity;
}
constexpr unsigned quadrant_bit(int square) { return 1u << quadrant(square); }

}  // namespace tempo::endgame
