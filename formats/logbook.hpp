// Logistello's game collection (logbook.gam, Michael Buro): one game a line,
//   "+d3-c3+c4-e3...: -04 10"
// '+' marks a black move, '-' a white move, passes are left out; after ':' comes the RAW final disc
// difference black minus white (empties not given to the winner), then an undocumented number.
// See data/README.md (the logbook format).
#pragma once

#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/parse_error.hpp"

namespace tempo {

struct LogbookGame {
    std::vector<Move> moves;    // without passes, as in the file
    int black_minus_white = 0;  // raw final disc difference
    bool operator==(const LogbookGame&) const = default;
};

// One line. The moves are replayed to check them: each must be legal and marked with the colour
// that moves there (after any forced pass). Throws ParseError naming the problem and the move number.
LogbookGame parse_logbook_line(std::string_view line);

// The game from the standard start, with the forced passes put back. Throws ParseError on an
// illegal move.
Game replay_logbook(const LogbookGame& game);

}  // namespace tempo
