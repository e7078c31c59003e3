// `tempo`: the engine's command-line entry point. Each subcommand lives in its own cmd_*.cpp.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <string_view>

#include "tools/cli/commands.hpp"

namespace {

// A board string as an argument may start with '-' (an empty a1), which the command line would
// take for an option: such a word, board characters with discs among them, gets its '-' written
// as '.', which the board parser reads as empty too. So no `--` is needed before a board.
void protect_board_arguments(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        std::string_view word = argv[i];
        const auto board_char = [](char c) { return std::strchr("-.XxOo*_", c) != nullptr; };
        if (word.size() < 36 || word[0] != '-') continue;
        const std::string_view squares = word.substr(0, std::min<std::size_t>(word.size(), 64));
        if (!std::all_of(squares.begin(), squares.end(), board_char)) continue;
        if (squares.find_first_of("XxOo*") == std::string_view::npos) continue;
        for (char* c = argv[i]; *c && !std::isspace(static_cast<unsigned char>(*c)); ++c)
            if (*c == '-') *c = '.';
    }
}

// The engine options that bare `tempo` takes (--eval, --threads, ...) belong to no command: written
// before one (`tempo --eval W.tew gtp`) they were parsed and then ignored, so a match played the
// shipped weights unnoticed. Refused before the command runs, naming the option and its place.
void refuse_engine_options_before_a_command(const CLI::App& app) {
    if (app.get_subcommands().empty()) return;
    for (const CLI::Option* option : app.get_options())
        if (option != app.get_help_ptr() && option->count() > 0) {
            const std::string command = app.get_subcommands().front()->get_name();
            throw CLI::ValidationError(option->get_name(),
                                       "given before the command '" + command +
                                           "', which reads only the options after its name (`tempo " + command +
                                           " --help` lists them)");
        }
}

}  // namespace

int main(int argc, char** argv) {
    protect_board_arguments(argc, argv);
    CLI::App app{"Tempo: an Othello engine (8x8, 6x6 and Anti-Reversi)"};
    app.require_subcommand(0, 1);
    // Options are `--name` everywhere: on Windows CLI11 would also take `/name` for one, and so an
    // absolute path written with slashes (as Wine passes them) for an unknown option. The
    // subcommands added below inherit this.
    app.allow_windows_style_options(false);
    tempo::cli::add_demo_command(app);
    tempo::cli::add_perft_command(app);
    tempo::cli::add_book_command(app);
    tempo::cli::add_analyze_command(app);
    tempo::cli::add_bench_command(app);
    tempo::cli::add_nboard_command(app);
    tempo::cli::add_gtp_command(app);
    tempo::cli::add_play_command(app);
    tempo::cli::add_auto_detect_options(app);
    tempo::cli::add_match_command(app);
    tempo::cli::add_solve_command(app);
    tempo::cli::add_review_command(app);
    // Runs after the parse, before the command's own callback.
    app.parse_complete_callback([&app] { refuse_engine_options_before_a_command(app); });
    // Whatever a command throws ends here as one line on stderr and exit code 1, never as an
    // uncaught-exception abort (the subcommands run inside app.parse).
    try {
        try {
            app.parse(argc, argv);
        } catch (const CLI::ParseError& e) {
            return app.exit(e);
        }
        if (app.get_subcommands().empty()) {
            try {
                return tempo::cli::run_auto_detected();  // a GUI launched plain `tempo`
            } catch (const CLI::Error& e) {
                return app.exit(e);
            }
        }
    } catch (const std::bad_alloc&) {
        std::cerr << "tempo: out of memory (try a smaller --hash or fewer --threads)" << std::endl;
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "tempo: error: " << e.what() << std::endl;
        return 1;
    }
    return 0;
}
