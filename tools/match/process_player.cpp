#include "tools/match/process_player.hpp"

namespace tempo::match {

Clock::time_point ProcessPlayer::command_deadline() {
    return Clock::now() +
           std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kCommandTimeoutSeconds));
}

ProcessPlayer::~ProcessPlayer() {
    try {
        if (process_.running()) process_.write_line("quit");
    } catch (const ProcessError&) {
        // The engine is already gone: stopping it is all that is left.
    }
    process_.stop();
}

}  // namespace tempo::match
