// The last four empties, solved without move lists, hash table or ordering beyond parity: at these
// depths the bookkeeping would cost more than the search. Every function is a null-window search
// (beta = alpha + 1) returning a fail-soft score from the side to move's view.
#pragma once

#include <cstdint>
#include <utility>

#include "search/endgame/last_flip.hpp"
#include "search/endgame/rules.hpp"

namespace tempo::endgame {

template <class T>
class LastMoves {
public:
    std::uint64_t nodes = 0;

    // One empty square x: the exact score (the side to move plays x, else the opponent does).
    [[gnu::always_inline]] int solve1(Bitboard player, Bitboard opponent, int x) {
        ++nodes;
        const int mine = popcount(player);
        if constexpr (T::kGeometry == Geometry::k8x8 && kHasLastFlipCount) {
            // The board is full but for x: flips are counted, not built (search/endgame/last_flip.hpp).
            if (const int n = last_flip_count(x, player)) return T::final_score(mine + 1 + n, 0);
            if (const int n = last_flip_count(x, opponent)) return T::final_score(mine - n, 0);
        } else {
            if (const int n = popcount(flips(x, player, opponent))) return T::final_score(mine + 1 + n, 0);
            if (const int n = popcount(flips(x, opponent, player))) return T::final_score(mine - n, 0);
        }
        return T::final_score(mine, 1);
    }

    // Each of solve2..solve4 has the flip routine (and solve1) inlined into it (flatten) but stays a
    // single out-of-line copy (noinline): fewer instructions, no larger code (bench/results/tuning-notes.md).
    [[gnu::noinline, gnu::flatten]] int solve2(Bitboard player, Bitboard opponent, int alpha, int x1, int x2) {
        ++nodes;
        int best = -kInfinity;
        Bitboard f;
        // A move needs an opponent disc next to it: a cheap test before computing flips.
        if ((opponent & kNeighbours[x1]) && (f = flips(x1, player, opponent))) {
            best = -solve1(opponent ^ f, player | f | square_bit(x1), x2);
            if (best > alpha) return best;
        }
        if ((opponent & kNeighbours[x2]) && (f = flips(x2, player, opponent))) {
            const int v = -solve1(opponent ^ f, player | f | square_bit(x2), x1);
            return v > best ? v : best;
        }
        if (best != -kInfinity) return best;
        // Pass: the opponent moves, then the player faces one empty; scores stay in the player's view.
        best = kInfinity;
        if ((player & kNeighbours[x1]) && (f = flips(x1, opponent, player))) {
            best = solve1(player ^ f, opponent | f | square_bit(x1), x2);
            if (best <= alpha) return best;
        }
        if ((player & kNeighbours[x2]) && (f = flips(x2, opponent, player))) {
            const int v = solve1(player ^ f, opponent | f | square_bit(x2), x1);
            return v < best ? v : best;
        }
        if (best != kInfinity) return best;
        return T::final_score(popcount(player), 2);
    }

    [[gnu::noinline, gnu::flatten]] int solve3(Bitboard player, Bitboard opponent, int alpha, int x1, int x2, int x3) {
        ++nodes;
        // Parity: of three empties either all lie in odd quadrants or one is alone in its quadrant
        // and the other two share one; the lone square goes first (solve4's order, kept for the
        // three left, was by the parity of four; bench/results/tuning-notes.md).
        if (quadrant(x1) == quadrant(x2)) {
            if (quadrant(x3) != quadrant(x1)) std::swap(x1, x3);
        } else if (quadrant(x1) == quadrant(x3)) {
            std::swap(x1, x2);
        }
        int best = -kInfinity;
        Bitboard f;
        if ((opponent & kNeighbours[x1]) && (f = flips(x1, player, opponent))) {
            best = -solve2(opponent ^ f, player | f | square_bit(x1), -alpha - 1, x2, x3);
            if (best > alpha) return best;
        }
        if ((opponent & kNeighbours[x2]) && (f = flips(x2, player, opponent))) {
            const int v = -solve2(opponent ^ f, player | f | square_bit(x2), -alpha - 1, x1, x3);
            if (v > best) {
                if (v > alpha) return v;
                best = v;
            }
        }
        if ((opponent & kNeighbours[x3]) && (f = flips(x3, player, opponent))) {
            const int v = -solve2(opponent ^ f, player | f | square_bit(x3), -alpha - 1, x1, x2);
            return v > best ? v : best;
        }
        if (best != -kInfinity) return best;
        best = kInfinity;
        if ((player & kNeighbours[x1]) && (f = flips(x1, opponent, player))) {
            best = solve2(player ^ f, opponent | f | square_bit(x1), alpha, x2, x3);
            if (best <= alpha) return best;
        }
        if ((player & kNeighbours[x2]) && (f = flips(x2, opponent, player))) {
            const int v = solve2(player ^ f, opponent | f | square_bit(x2), alpha, x1, x3);
            if (v < best) {
                if (v <= alpha) return v;
                best = v;
            }
        }
        if ((player & kNeighbours[x3]) && (f = flips(x3, opponent, player))) {
            const int v = solve2(player ^ f, opponent | f | square_bit(x3), alpha, x1, x2);
            return v < best ? v : best;
        }
        if (best != kInfinity) return best;
        return T::final_score(popcount(player), 3);
    }

    // Four empties, tried in parity order: squares of odd quadrants first. The stable discs may
    // refute alpha before any move; at 3 empties the test saves nodes but no time
    // (bench/results/tuning-notes.md).
    int solve4(Bitboard player, Bitboard opponent, int alpha, Bitboard empties, unsigned parity) {
        if (int bound; stability_cuts<T>(player, opponent, alpha, 4, bound)) {
            ++nodes;
            return bound;
        }
        int x[4];
        int k = 0;
        const Bitboard odd = empties & kParityMask[parity];
        for (Bitboard b = odd; b; b &= b - 1) x[k++] = first_square(b);
        for (Bitboard b = empties & ~odd; b; b &= b - 1) x[k++] = first_square(b);
        return solve4(player, opponent, alpha, x[0], x[1], x[2], x[3]);
    }

    [[gnu::noinline, gnu::flatten]] int solve4(Bitboard player, Bitboard opponent, int alpha, int x1, int x2, int x3,
                                               int x4) {
        ++nodes;
        int best = -kInfinity;
        const int xs[4] = {x1, x2, x3, x4};
        for (int i = 0; i < 4; ++i) {
            const int x = xs[i];
            Bitboard f;
            if (!(opponent & kNeighbours[x]) || !(f = flips(x, player, opponent))) continue;
            // The other three keep their order.
            const int a = xs[i == 0 ? 1 : 0], b = xs[i <= 1 ? 2 : 1], c = xs[i <= 2 ? 3 : 2];
            const int v = -solve3(opponent ^ f, player | f | square_bit(x), -alpha - 1, a, b, c);
            if (v > best) {
                if (v > alpha) return v;
                best = v;
            }
        }
        if (best != -kInfinity) return best;
        best = kInfinity;
        for (int i = 0; i < 4; ++i) {
            const int x = xs[i];
            Bitboard f;
            if (!(player & kNeighbours[x]) || !(f = flips(x, opponent, player))) continue;
            const int a = xs[i == 0 ? 1 : 0], b = xs[i <= 1 ? 2 : 1], c = xs[i <= 2 ? 3 : 2];
            const int v = solve3(player ^ f, opponent | f | square_bit(x), alpha, a, b, c);
            if (v < best) {
                if (v <= alpha) return v;
                best = v;
            }
        }
        if (best != kInfinity) return best;
        return T::final_score(popcount(player), 4);
    }
};

}  // namespace tempo::endgame
