// Runs the `tempo` binary (or another, such as tempo-train) with arguments through the shell and
// collects its exit status and its output (stdout and stderr together): the command-line tests' one
// way to call it, over the project's one child-process helper.
#pragma once

#include <chrono>
#include <string>

#include "tests/protocol/engine_process.hpp"

namespace tempo::test {

struct CommandResult {
    int status;  // the exit status (128 + signal if killed), -1 if it did not end in time
    std::string output;
};

// `binary` (a path) with `arguments` as a shell would split them.
inline CommandResult run_command(const std::string& binary, const std::string& arguments) {
    testing::EngineProcess process({"/bin/sh", "-c", "exec \"$0\" " + arguments + " 2>&1", binary});
    CommandResult result{-1, ""};
    for (const std::string& line : process.read_all(std::chrono::seconds(120))) result.output += line + "\n";
    result.status = process.wait_exit().value_or(-1);
    return result;
}

inline CommandResult run_tempo(const std::string& arguments) { return run_command(TEMPO_BINARY, arguments); }

}  // namespace tempo::test
