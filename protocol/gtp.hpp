// GTP version 2 in the Othello dialect (as Quarry, gtp-rhino and GoGui speak it): a1 top-left,
// implicit or explicit passes, list_games/set_game for Quarry.
#pragma once

#include "protocol/input_lines.hpp"
#include "protocol/session.hpp"

namespace tempo::protocol {

// Serves GTP until `quit` or the end of input; returns the process exit code.
int run_gtp(Session& session, InputQueue& input);

}  // namespace tempo::protocol
