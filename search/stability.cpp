#include "search/stability.hpp"

#include <array>
#include <cstdint>

namespace tempo {

namespace {

// Edge line of 8 cells as two 8-bit masks. The stable discs of `player` on a line: a disc is stable
// when every move either side can make on that line, followed recursively, never flips it.
// Discs are only ever added on a line, so the recursion ends after at most 8 moves.
std::uint8_t line_flips(int x, std::uint8_t player, std::uint8_t opponent) {
    std::uint8_t flipped = 0;
    for (int dir : {-1, 1}) {
        std::uint8_t run = 0;
        int i = x + dir;
        while (i >= 0 && i < 8 && (opponent >> i & 1)) {
            run |= std::uint8_t(1u << i);
            i += dir;
        }
        if (i >= 0 && i < 8 && (player >> i & 1)) flipped |= run;
    }
    return flipped;
}

struct EdgeTable {
    // stable[player][opponent]: player's stable discs on the line. 64 KiB.
    std::array<std::array<std::uint8_t, 256>, 256> stable{};
    std::array<std::array<bool, 256>, 256> done{};
    // Cells of the line a disc can be played on: all 8, or the middle 6 for a 6x6 edge embedded in
    // the 8x8 word (its two outer cells stay empty and, never holding a disc, end every run).
    std::uint8_t cells;

    // Discs of `player` that survive every continuation; symmetric in the two colours, so one
    // call computes the stable discs of both (returned as player's | opponent's bits).
    std::uint8_t solve(std::uint8_t player, std::uint8_t opponent) {
        if (done[player][opponent]) return stable[player][opponent];
        std::uint8_t survivors = player | opponent;
        const std::uint8_t empty = static_cast<std::uint8_t>(~(player | opponent));
        for (int x = 0; x < 8; ++x) {
            if (!((empty & cells) >> x & 1)) continue;
            const std::uint8_t bit = std::uint8_t(1u << x);
            // Either colour may play here (a line move may be legal through the rest of the board
            // even when it flips nothing on the line), flipping what it can on the line.
            const std::uint8_t fp = line_flips(x, player, opponent);
            const std::uint8_t after_p = solve(player | bit | fp, opponent & ~fp);
            const std::uint8_t fo = line_flips(x, opponent, player);
            const std::uint8_t after_o = solve(player & ~fo, opponent | bit | fo);
            // A disc survives if it keeps its colour in both continuations.
            const std::uint8_t keep_p = std::uint8_t(player & ~fo & after_o & after_p);
            const std::uint8_t keep_o = std::uint8_t(opponent & ~fp & after_p & after_o);
            survivors &= keep_p | keep_o;
        }
        done[player][opponent] = true;
        stable[player][opponent] = survivors;
        return survivors;
    }

    explicit EdgeTable(std::uint8_t playable_cells) : cells(playable_cells) {
        for (int p = 0; p < 256; ++p)
            for (int o = 0; o < 256; ++o)
                if (!(p & o) && !((p | o) & ~cells)) solve(std::uint8_t(p), std::uint8_t(o));
    }
};

const EdgeTable& edge_table() {
    static const EdgeTable table(0xff);
    return table;
}

const EdgeTable& edge_table_6x6() {
    static const EdgeTable table(0x7e);
    return table;
}

// Column a packed into 8 bits (a1 = bit 0) by a multiply whose partial products never overlap
// (bit 8i lands on 56 + i), and spread back by three shift-and-mask steps.
inline std::uint8_t pack_column_a(Bitboard b) {
    return static_cast<std::uint8_t>(((b & kColumnA) * 0x0102040810204080ULL) >> 56);
}
inline Bitboard unpack_column_a(std::uint8_t bits) {
    Bitboard x = bits;
    x = (x | x << 28) & 0x0000000f0000000fULL;
    x = (x | x << 14) & 0x0003000300030003ULL;
    return (x | x << 7) & kColumnA;
}

// Squares on full lines for each of the four directions (edge squares count as full for the
// directions in which they end a line: nothing can flip them that way).
struct FullLines {
    Bitboard horizontal, vertical, diagonal, anti_diagonal;
};

// The board's shape for stability: its squares, and its border ring (squares that end every line
// through them but the one along their edge).
struct Shape {
    Bitboard squares;
    Bitboard left_right;  // first and last column
    Bitboard top_bottom;  // first and last row
};
constexpr Shape kShape8x8{~0ULL, kColumnA | kColumnH, 0xff000000000000ffULL};
constexpr Shape kShape6x6{0x007e7e7e7e7e7e00ULL, 0x0042424242424200ULL, 0x007e000000007e00ULL};

// Squares outside the shape count as occupied: a line is full when all its squares on the board are.
inline FullLines full_lines(Bitboard occupied, const Shape& shape) {
    occupied |= ~shape.squares;
    FullLines f{};
    // Horizontal: a row is full when all its 8 bits are set.
    Bitboard h = occupied & (occupied >> 1);
    h &= h >> 2;
    h &= h >> 4;
    h &= kColumnA;
    f.horizontal = h * 0xff;

    Bitboard v = occupied & (occupied >> 8);
    v &= v >> 16;
    v &= v >> 32;
    v &= 0xff;
    f.vertical = v * kColumnA;

    // Diagonals (shift 9, a1-h8 direction) and anti-diagonals (shift 7): propagate emptiness
    // along the line both ways; squares whose line holds no empty are full.
    Bitboard empty = ~occupied;
    Bitboard d9 = empty;
    Bitboard d7 = empty;
    for (int i = 0; i < 7; ++i) {  // spread the empties along each diagonal
        d9 |= ((d9 << 9) & ~kColumnA) | ((d9 >> 9) & ~kColumnH);
        d7 |= ((d7 << 7) & ~kColumnH) | ((d7 >> 7) & ~kColumnA);
    }
    const Bitboard border = shape.left_right | shape.top_bottom;
    f.diagonal = ~d9 | border;
    f.anti_diagonal = ~d7 | border;
    f.horizontal |= shape.left_right;
    f.vertical |= shape.top_bottom;
    return f;
}

// Grows the stable set from `stable` (edge discs): full lines and stable neighbours.
inline Bitboard grow_stable(Bitboard player, Bitboard opponent, Bitboard stable, const Shape& shape) {
    const FullLines full = full_lines(player | opponent, shape);
    stable |= player & full.horizontal & full.vertical & full.diagonal & full.anti_diagonal;
    // Grow: a disc is stable when, in each direction, its line is full or one neighbour along it
    // is a stable disc of the same colour (then no flip can run through that direction).
    Bitboard previous;
    do {
        previous = stable;
        const Bitboard h = full.horizontal | ((stable << 1) & ~kColumnA) | ((stable >> 1) & ~kColumnH);
        const Bitboard v = full.vertical | (stable << 8) | (stable >> 8);
        const Bitboard d9 = full.diagonal | ((stable << 9) & ~kColumnA) | ((stable >> 9) & ~kColumnH);
        const Bitboard d7 = full.anti_diagonal | ((stable << 7) & ~kColumnH) | ((stable >> 7) & ~kColumnA);
        stable |= player & h & v & d9 & d7;
    } while (stable != previous);
    return stable;
}

}  // namespace

Bitboard stable_edge_discs(Bitboard player, Bitboard opponent) {
    const EdgeTable& t = edge_table();
    Bitboard stable = 0;
    stable |= t.stable[player & 0xff][opponent & 0xff];
    stable |= Bitboard{t.stable[player >> 56][opponent >> 56]} << 56;
    stable |= unpack_column_a(t.stable[pack_column_a(player)][pack_column_a(opponent)]);
    stable |= unpack_column_a(t.stable[pack_column_a(player >> 7)][pack_column_a(opponent >> 7)]) << 7;
    return stable & player;
}

Bitboard stable_discs(Bitboard player, Bitboard opponent) {
    return grow_stable(player, opponent, stable_edge_discs(player, opponent), kShape8x8);
}

Bitboard stable_edge_discs_6x6(Bitboard player, Bitboard opponent) {
    const EdgeTable& t = edge_table_6x6();
    Bitboard stable = 0;
    stable |= Bitboard{t.stable[(player >> 8) & 0xff][(opponent >> 8) & 0xff]} << 8;
    stable |= Bitboard{t.stable[(player >> 48) & 0xff][(opponent >> 48) & 0xff]} << 48;
    stable |= unpack_column_a(t.stable[pack_column_a(player >> 1)][pack_column_a(opponent >> 1)]) << 1;
    stable |= unpack_column_a(t.stable[pack_column_a(player >> 6)][pack_column_a(opponent >> 6)]) << 6;
    return stable & player;
}

Bitboard stable_discs_6x6(Bitboard player, Bitboard opponent) {
    return grow_stable(player, opponent, stable_edge_discs_6x6(player, opponent), kShape6x6);
}

}  // namespace tempo
