// Runs the `tempo` binary with arguments through the shell and collects its exit status and its
// output (stdout and stderr together): the command-line tests' one way to call it.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace tempo::test {

struct CommandResult {
    int status;  // the exit status, -1 if killed by a signal
    std::string output;
};

inline CommandResult run_tempo(const std::string& arguments) {
    const std::string command = std::string(TEMPO_BINARY) + " " + arguments + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string output;
    char buffer[4096];
    for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, got);
    const int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

}  // namespace tempo::test
