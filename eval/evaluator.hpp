// The evaluation seen by the search: one object per variant, const and shared between threads.
#pragma once

#include <memory>
#include <string>

#include "engine/board.hpp"

namespace tempo {

class Evaluator {
public:
    // The evaluation for `variant`: its shipped weights, found without configuration, or
    // `weights_file` when given. Throws std::runtime_error naming the problem for a bad file.
    static std::shared_ptr<const Evaluator> create(Variant variant, const std::string& weights_file = "");

    virtual ~Evaluator() = default;
    // The side to move's expected final margin in discs, in [-64, 64].
    virtual int evaluate(const Board& board) const = 0;
};

}  // namespace tempo
