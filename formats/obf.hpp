// OBF: one position per line, "<64 chars> <X|O>; MOVE:SCORE; MOVE:SCORE; ...", as in the FForum
// endgame files. SCORE is the exact final disc difference for the side to move after MOVE (empties
// to the winner); "PA" is a pass; "--:-127;" ends the list early. A plain board line with no list
// is accepted too. See data/README.md (the OBF format).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/parse_error.hpp"

namespace tempo {

struct ObfMoveScore {
    Move move;
    int score;
    bool operator==(const ObfMoveScore&) const = default;
};

struct ObfPosition {
    Position position;
    std::vector<ObfMoveScore> scores;  // in file order (the first is a best move)
    bool operator==(const ObfPosition&) const = default;
};

// One OBF line. Every listed move must be legal (or a forced pass) and every score within the board's
// disc range; anything else throws ParseError naming the problem.
ObfPosition parse_obf_line(std::string_view line, Geometry geometry = Geometry::k8x8);

// A whole OBF file: blank lines and lines starting with '%' or '#' are skipped. A bad line throws
// ParseError naming the file, the line number and the problem; so does a file over 64 MiB or one
// that is not text.
std::vector<ObfPosition> read_obf_file(const std::string& path, Geometry geometry = Geometry::k8x8);

// The line back, in the FForum files' form: "<board> X; G8:+18; H1:+12;" (just "<board> X;" with
// no scores).
std::string format_obf_line(const ObfPosition& obf, Geometry geometry = Geometry::k8x8);

}  // namespace tempo
