// Playing levels: the depth ladder 1..60 of NBoard's `set depth` and the named levels of the
// console and GTP. Both are only Limits; protocols may add a clock on top.
#pragma once

#include <optional>
#include <string_view>

#include "search/searcher.hpp"

namespace tempo {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 60;

// Level L searches the midgame L plies deep and solves exactly from about 2L empties (L + 10 from
// level 10 on); it plays from the opening book where it can (Limits::book). Out-of-range levels are
// clamped.
Limits level_limits(int level);

// "easy" (one ply with up to 10 discs of noise: beatable by a careful beginner; no book), "normal"
// (level 8, with the book) or "hard" (best play: the book, then no depth limit, 5 s a move unless
// the caller sets a clock); case-insensitive. nullopt for other names.
std::optional<Limits> named_level(std::string_view name);

}  // namespace tempo
