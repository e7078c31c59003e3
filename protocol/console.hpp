// `tempo play`: a game against the engine for a person at a terminal.
#pragma once

#include <string>

#include "protocol/input_lines.hpp"
#include "protocol/session.hpp"

namespace tempo::protocol {

struct ConsoleOptions {
    std::string side = "random";  // the person's colour: black, white or random
    bool color = false;           // ANSI colours (the caller turns them on for a terminal)
};

// Plays until `quit` or the end of input; returns the process exit code.
int run_console(Session& session, InputQueue& input, const ConsoleOptions& options);

}  // namespace tempo::protocol
