// NBoard protocol version 2 over stdin/stdout (see protocol/NBOARD.md).
#pragma once

#include "protocol/input_lines.hpp"
#include "protocol/session.hpp"

namespace tempo::protocol {

// Serves NBoard until `quit` or the end of input; returns the process exit code.
int run_nboard(Session& session, InputQueue& input);

}  // namespace tempo::protocol
