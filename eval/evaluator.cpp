#include "eval/evaluator.hpp"

#include "eval/simple_eval.hpp"

namespace tempo {

std::shared_ptr<const Evaluator> Evaluator::create(Variant variant, const std::string& /*weights_file*/) {
    return std::make_shared<SimpleEvaluator>(variant);
}

}  // namespace tempo
