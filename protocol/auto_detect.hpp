// Bare `tempo`: the first input line decides the protocol, so GUIs that launch a plain command work.
#pragma once

#include "protocol/input_lines.hpp"
#include "protocol/session.hpp"

namespace tempo::protocol {

// NBoard if the first non-blank line starts with the word `nboard`, GTP otherwise; the line stays
// queued for the chosen protocol. Returns the process exit code.
int run_detected_protocol(Session& session, InputQueue& input);

}  // namespace tempo::protocol
