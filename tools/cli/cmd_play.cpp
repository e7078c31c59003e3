// `tempo play`: play a game against the engine in a terminal.
#include <unistd.h>

#include <memory>

#include "protocol/console.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/engine_options.hpp"

namespace tempo::cli {

void add_play_command(CLI::App& app) {
    struct Options {
        EngineOptions engine;
        std::string side = "random";
        std::string color = "auto";
    };
    auto options = std::make_shared<Options>();
    CLI::App* cmd = app.add_subcommand("play", "Play a game against Tempo in the terminal");
    add_engine_options(*cmd, options->engine);
    cmd->add_option("--side", options->side, "Your colour: black, white or random (drawn, as on game sites)")
        ->check(CLI::IsMember({"black", "white", "random"}));
    cmd->add_option("--color", options->color, "Coloured board: auto (when stdout is a terminal), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    cmd->callback([options] {
        const protocol::EngineConfig config = options->engine.engine_config();
        protocol::ConsoleOptions console;
        console.side = options->side;
        console.color = options->color == "always" || (options->color == "auto" && isatty(1));
        protocol::LineOutput output;
        protocol::InputQueue input;
        protocol::Session session(config, output);
        protocol::run_console(session, input, console);
    });
}

}  // namespace tempo::cli
