// NBoard protocol version 2 over stdin/stdout (see protocol/NBOARD.md). An empty `status` line
// follows start-up and each finished hint, so the GUI's status bar does not keep "thinking".
// Hint values are whole discs: the search itself scores in discs (a finer value would need the
// search to resolve finer scores, which the evaluation's ~4-disc error does not yet repay).
#pragma once

#include "protocol/input_lines.hpp"
#include "protocol/session.hpp"

namespace tempo::protocol {

// Serves NBoard until `quit` or the end of input; returns the process exit code.
int run_nboard(Session& session, InputQueue& input);

}  // namespace tempo::protocol
