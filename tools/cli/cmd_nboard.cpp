// `tempo nboard`: the NBoard protocol on stdin/stdout, for the NBoard GUI.
#include <memory>

#include "protocol/nboard.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/engine_options.hpp"

namespace tempo::cli {

void add_nboard_command(CLI::App& app) {
    auto options = std::make_shared<EngineOptions>();
    CLI::App* cmd = app.add_subcommand("nboard", "Speak the NBoard protocol (v2) on stdin/stdout");
    add_engine_options(*cmd, *options);
    cmd->callback([options] {
        const protocol::EngineConfig config = options->engine_config();
        protocol::ignore_broken_pipe_signal();
        protocol::LineOutput output;
        protocol::InputQueue input;
        protocol::Session session(config, output);
        protocol::run_nboard(session, input);
    });
}

}  // namespace tempo::cli
