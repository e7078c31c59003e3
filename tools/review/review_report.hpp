// A game review (tools/review/game_review.hpp) written for people and programs: a text table, JSON lines
// for scripts and notebooks, and an SVG plot of the score along the game with the mistakes marked.
#pragma once

#include <string>

#include "tools/review/game_review.hpp"

namespace tempo::review {

// What the report says about the game besides the review itself.
struct ReviewHeading {
    std::string black = "Black", white = "White";
    std::string limits;  // how the positions were searched, e.g. "depth 14, exact from 20 empties"
    Geometry geometry = Geometry::k8x8;
};

// One row per move (`=` marks exact scores), then each side's mistakes and the first losing move.
std::string review_text(const GameReview& review, const ReviewHeading& heading);
// One JSON object per line: a "move" object per move, then one "summary" object.
std::string review_json(const GameReview& review, const ReviewHeading& heading);
// A standalone SVG image: the score after each move from Black's view, mistakes as dots in the
// colour of the side that made them, the first losing move circled.
std::string review_svg(const GameReview& review, const ReviewHeading& heading);

}  // namespace tempo::review
