#include "eval/evaluator.hpp"

#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <system_error>

#include "eval/pattern_eval.hpp"
#include "eval/simple_eval.hpp"
#include "eval/weights_file.hpp"

namespace tempo {

std::string default_weights_name(Variant variant) {
    return variant.rules == Rules::kAnti ? "anti-8x8.tew" : "standard-8x8.tew";
}

std::vector<std::string> weights_search_path() {
    namespace fs = std::filesystem;
    std::vector<std::string> dirs;
    std::error_code error;
    const fs::path exe = fs::read_symlink("/proc/self/exe", error);
    if (!error) {
        const fs::path bin = exe.parent_path();
        dirs.push_back((bin / ".." / "data" / "weights").lexically_normal());             // <prefix>/bin + data
        dirs.push_back((bin / ".." / "share" / "tempo" / "weights").lexically_normal());  // installed
    }
#ifdef TEMPO_SOURCE_WEIGHTS_DIR
    dirs.push_back(TEMPO_SOURCE_WEIGHTS_DIR);  // the source tree this binary was built from
#endif
    return dirs;
}

std::string find_weights_file(Variant variant) {
    const std::string name = default_weights_name(variant);
    const std::vector<std::string> dirs = weights_search_path();
    std::string tried;
    for (const std::string& dir : dirs) {
        const std::string path = dir + "/" + name;
        if (std::filesystem::is_regular_file(path)) return path;
        tried += (tried.empty() ? "" : ", ") + path;
    }
    throw std::runtime_error("weights file " + name + " for " + variant.name() + " not found (tried " + tried +
                             "); pass one with --eval FILE");
}

std::shared_ptr<const Evaluator> Evaluator::create(Variant variant, const std::string& weights_file) {
    // 6x6 is solved from early on: the simple evaluation only orders moves there.
    if (variant.geometry == Geometry::k6x6) return std::make_shared<SimpleEvaluator>(variant);
    const std::string path = weights_file.empty() ? find_weights_file(variant) : weights_file;
    return std::make_shared<PatternEvaluator>(load_weights(path, variant));
}

}  // namespace tempo
