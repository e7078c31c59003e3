// A hand-written evaluation from mobility, potential mobility and corners: the stand-in before
// trained weights, and the fallback of any variant whose weights file is missing.
#pragma once

#include "eval/evaluator.hpp"

namespace tempo {

class SimpleEvaluator final : public Evaluator {
public:
    explicit SimpleEvaluator(Variant variant) : variant_(variant) {}
    int evaluate(const Board& board) const override;

private:
    Variant variant_;
};

}  // namespace tempo
