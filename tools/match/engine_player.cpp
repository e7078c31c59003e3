#include "tools/match/engine_player.hpp"

#include "tools/match/gtp_player.hpp"
#include "tools/match/nboard_player.hpp"

namespace tempo::match {

const char* protocol_name(Protocol protocol) {
    switch (protocol) {
        case Protocol::kGtp:
            return "gtp";
        case Protocol::kNboard:
            return "nboard";
        case Protocol::kAuto:
            break;
    }
    return "auto";
}

const char* failure_name(FailureKind kind) {
    switch (kind) {
        case FailureKind::kIllegalMove:
            return "illegal move";
        case FailureKind::kCrash:
            return "crash";
        case FailureKind::kTimeout:
            return "timeout";
        case FailureKind::kGarbage:
            return "bad output";
    }
    return "?";
}

TimeControl effective_time_control(const TimeControl& time, const EngineSpec& spec) {
    TimeControl effective = time;
    if (spec.untimed) {
        effective.move_seconds = effective.base_seconds = effective.increment_seconds = 0;
    } else if (spec.protocol == Protocol::kNboard && time.move_seconds > 0) {
        effective.base_seconds = 30 * time.move_seconds;
        effective.move_seconds = 0;
    }
    return effective;
}

std::unique_ptr<EnginePlayer> start_engine(const EngineSpec& spec, Protocol protocol, const TimeControl& time,
                                           const std::atomic<bool>* abort) {
    try {
        if (protocol == Protocol::kNboard) return std::make_unique<NboardPlayer>(spec, time, abort);
        return std::make_unique<GtpPlayer>(spec, time, abort);
    } catch (const ProcessError& error) {
        throw EngineFailure(FailureKind::kCrash, error.what());
    }
}

Protocol detect_protocol(const std::string& command, double wait_seconds) {
    EngineProcess process(command);
    const auto deadline =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(wait_seconds));
    try {
        process.write_line("protocol_version");
        while (const std::optional<std::string> line = process.read_line(deadline)) {
            if (GtpPlayer::parse_response_line(*line)) {
                process.write_line("quit");
                return Protocol::kGtp;
            }
        }
    } catch (const ProcessError&) {
        // Died on a GTP command, or never answered: not a GTP engine (or not an engine at all,
        // which the real start will report).
    }
    return Protocol::kNboard;
}

}  // namespace tempo::match
