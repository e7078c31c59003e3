// NBoard protocol version 2 over stdin/stdout (protocol/NBOARD.md), as the NBoard GUI parses it:
// `search` rows carry values with two decimals (the PV leaf's unrounded evaluation), a book move
// gets its `book` row only, and an empty `status` clears the GUI's status line when a request ends
// or is cut short.
#pragma once

#include "protocol/input_lines.hpp"
#include "protocol/session.hpp"

namespace tempo::protocol {

// Serves NBoard until `quit` or the end of input; returns the process exit code.
int run_nboard(Session& session, InputQueue& input);

}  // namespace tempo::protocol
