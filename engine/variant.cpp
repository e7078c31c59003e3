#include "engine/variant.hpp"

#include "engine/parse_error.hpp"
#include "engine/text.hpp"

namespace tempo {

std::string Variant::name() const {
    const bool six = geometry == Geometry::k6x6;
    if (rules == Rules::kAnti) return six ? "anti6x6" : "anti";
    return six ? "6x6" : "8x8";
}

Variant Variant::parse(std::string_view text) {
    const std::string word = to_lower(text);
    if (word == "8x8" || word == "standard" || word == "othello") return {Geometry::k8x8, Rules::kStandard};
    if (word == "6x6") return {Geometry::k6x6, Rules::kStandard};
    if (word == "anti" || word == "anti-reversi" || word == "antireversi") return {Geometry::k8x8, Rules::kAnti};
    if (word == "anti6x6" || word == "6x6-anti") return {Geometry::k6x6, Rules::kAnti};
    throw ParseError("unknown variant '" + std::string(text.substr(0, 40)) + "': expected 8x8, 6x6, anti or anti6x6");
}

}  // namespace tempo
