// The evaluation seen by the search: one object per variant, const and shared between threads.
#pragma once

#include <memory>
#include <string>

#include "engine/board.hpp"
#include "engine/score.hpp"

namespace tempo {

class Evaluator {
public:
    // The evaluation for `variant`: its shipped weights, found without configuration, or
    // `weights_file` when given. Throws std::runtime_error naming the problem for a bad file.
    // 6x6 variants without shipped weights get the SimpleEvaluator.
    static std::shared_ptr<const Evaluator> create(Variant variant, const std::string& weights_file = "");

    virtual ~Evaluator() = default;
    // The side to move's expected final margin in discs, in [-kMaxScore, kMaxScore].
    virtual int evaluate(const Board& board) const = 0;
    // The same value before it is rounded to whole discs (output only: the search sees evaluate()).
    virtual double evaluate_unrounded(const Board& board) const { return evaluate(board); }
};

// The shipped weights file's name for a variant ("standard-8x8.tew", "anti-8x8.tew", "standard-6x6.tew"...).
std::string default_weights_name(Variant variant);
// Whether `variant` has trained weights found without configuration (all four variants ship them;
// a 6x6 variant without its file falls back to SimpleEvaluator).
bool has_shipped_weights(Variant variant);
// The first existing default weights file for `variant` (formats/data_files.hpp says where it looks);
// throws std::runtime_error listing the places tried.
std::string find_weights_file(Variant variant);

}  // namespace tempo
