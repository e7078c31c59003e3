// Playing levels: the depth ladder 1..60 of NBoard's `set depth` and the named levels of the
// console and GTP. A level is the search's limits and what the Player adds to them (the book, the
// weak levels' noise); protocols may add a clock on top.
#pragma once

#include <optional>
#include <string_view>

#include "search/limits.hpp"

namespace tempo {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 60;

struct Level {
    Limits limits;
    // Play from the opening book when the position is in it (play/player.hpp).
    bool book = false;
    // Weak levels: each root move's score gets uniform noise of up to this many discs before the
    // choice (0 = always the best move). Needs every root move scored, so it costs a full-window
    // search of each.
    int noise = 0;
};

// Level L searches the midgame L plies deep and solves exactly from about 2L empties (L + 10 from
// level 10 on); it plays from the opening book where it can. Out-of-range levels are clamped.
Level depth_level(int level);

// "easy" (one ply with up to 10 discs of noise: beatable by a careful beginner; no book), "normal"
// (level 8, with the book) or "hard" (best play: the book, then no depth limit, 5 s a move unless
// the caller sets a clock); case-insensitive. nullopt for other names.
std::optional<Level> named_level(std::string_view name);

// A named level or a depth 1..60; throws ParseError naming the problem for anything else.
Level parse_level(std::string_view text);

// `level` under a game clock (nullopt: none). With `level_chosen` the level's depth and solve point
// are ceilings and the clock decides within them; without, the clock alone governs, over the
// whole depth ladder (a GTP controller's clock and no --level).
Level on_clock(Level level, std::optional<Limits::Clock> clock, bool level_chosen);

}  // namespace tempo
