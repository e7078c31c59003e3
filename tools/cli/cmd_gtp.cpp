// `tempo gtp`: the Go Text Protocol in its Othello dialect (Quarry, gtp-rhino, match runners),
// and bare `tempo`, which picks NBoard or GTP from the first input line.
#include <unistd.h>

#include <cstdio>
#include <memory>

#include "protocol/auto_detect.hpp"
#include "protocol/gtp.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/engine_options.hpp"

namespace tempo::cli {

namespace {

EngineOptions& bare_options() {
    static EngineOptions options;
    return options;
}

}  // namespace

void add_gtp_command(CLI::App& app) {
    auto options = std::make_shared<EngineOptions>();
    CLI::App* cmd = app.add_subcommand("gtp", "Speak GTP (Othello dialect: a1 top-left) on stdin/stdout");
    add_engine_options(*cmd, *options);
    cmd->callback([options] {
        const protocol::EngineConfig config = options->engine_config();
        protocol::ignore_broken_pipe_signal();
        protocol::LineOutput output;
        protocol::InputQueue input;
        protocol::Session session(config, output);
        protocol::run_gtp(session, input);
    });
}

void add_auto_detect_options(CLI::App& app) { add_engine_options(app, bare_options()); }

int run_auto_detected() {
    const protocol::EngineConfig config = bare_options().engine_config();
    if (isatty(0))
        std::fputs(
            "Tempo speaks NBoard or GTP on stdin (the first line decides); `tempo play` is the console, "
            "`tempo --help` lists commands.\n",
            stderr);
    protocol::ignore_broken_pipe_signal();
    protocol::LineOutput output;
    protocol::InputQueue input;
    protocol::Session session(config, output);
    return protocol::run_detected_protocol(session, input);
}

}  // namespace tempo::cli
