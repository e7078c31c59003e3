#include "eval/evaluator.hpp"

#include <stdexcept>

#include "formats/data_files.hpp"

#include "eval/pattern_eval.hpp"
#include "eval/simple_eval.hpp"
#include "eval/weights_file.hpp"

namespace tempo {

std::string default_weights_name(Variant variant) {
    return std::string(variant.rules == Rules::kAnti ? "anti-" : "standard-") +
           (variant.geometry == Geometry::k6x6 ? "6x6" : "8x8") + ".tew";
}

std::string find_weights_file(Variant variant) {
    const std::string name = default_weights_name(variant);
    std::string tried;
    if (std::string path = find_data_file("weights", name, &tried); !path.empty()) return path;
    throw std::runtime_error("weights file " + name + " for " + variant.name() + " not found (tried " + tried +
                             "); pass one with --eval FILE");
}

bool has_shipped_weights(Variant variant) { return !find_data_file("weights", default_weights_name(variant)).empty(); }

std::shared_ptr<const Evaluator> Evaluator::create(Variant variant, const std::string& weights_file) {
    // 6x6 is solved from early on: its evaluation only orders moves, and without trained 6x6
    // weights the simple evaluation does that.
    if (variant.geometry == Geometry::k6x6 && weights_file.empty() && !has_shipped_weights(variant))
        return std::make_shared<SimpleEvaluator>(variant);
    const std::string path = weights_file.empty() ? find_weights_file(variant) : weights_file;
    return std::make_shared<PatternEvaluator>(load_weights(path, variant));
}

}  // namespace tempo
