// Fuzzes OBF lines (parse_obf_line) on both geometries: any bytes either parse or throw ParseError;
// a parsed line formats back to a line that parses to the same position and scores.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "formats/obf.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const Geometry geometry : {Geometry::k8x8, Geometry::k6x6}) {
        try {
            const ObfPosition obf = parse_obf_line(text, geometry);
            FUZZ_CHECK(parse_obf_line(format_obf_line(obf, geometry), geometry) == obf);
        } catch (const ParseError&) {
        }
    }
    return 0;
}
