// Fuzzes board strings (parse_board) and move names (parse_move) on both geometries: any bytes either
// parse or throw ParseError; what parses prints back to text that parses to the same thing.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/notation.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace tempo;

namespace {

void check_board(std::string_view text, Geometry geometry) {
    try {
        std::string_view rest;
        const Position position = parse_board(text, geometry, &rest);
        FUZZ_CHECK(rest.data() >= text.data() && rest.data() + rest.size() <= text.data() + text.size());
        FUZZ_CHECK((position.black() & position.white()) == 0);
        FUZZ_CHECK(((position.black() | position.white()) & ~playable_squares(geometry)) == 0);
        FUZZ_CHECK(parse_board(board_string(position, geometry), geometry) == position);
        (void)board_diagram(position, geometry, position.board.moves(playable_squares(geometry)));
    } catch (const ParseError&) {
    }
}

void check_move(std::string_view text, Geometry geometry) {
    try {
        const Move move = parse_move(text, geometry);
        FUZZ_CHECK(move == kPass || (move >= 0 && move < 64 && (square_bit(move) & playable_squares(geometry))));
        FUZZ_CHECK(parse_move(move_name(move, geometry), geometry) == move);
    } catch (const ParseError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const Geometry geometry : {Geometry::k8x8, Geometry::k6x6}) {
        check_board(text, geometry);
        check_move(text, geometry);
    }
    return 0;
}
