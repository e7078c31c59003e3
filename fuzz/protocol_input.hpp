// Runs a protocol loop (NBoard or GTP) over fuzz bytes: the bytes are its whole stdin, its output
// goes to /dev/null, and every search stops at once (Session::hurry) so an input costs microseconds
// of search however deep a level or long a clock it asks for.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "protocol/input_lines.hpp"
#include "protocol/session.hpp"

namespace tempo::fuzz {

// One session for the whole fuzzing process: building one loads the evaluation weights (tens of
// ms), which held the protocol targets to a handful of executions per second. Its searches are
// hurried for good; each input starts it afresh (run_protocol_on).
inline protocol::Session& shared_session() {
    static protocol::LineOutput output(::open("/dev/null", O_WRONLY | O_CLOEXEC));
    static protocol::Session session(
        [] {
            protocol::EngineConfig config;
            config.player.searcher = {1, 1};  // one thread, 1 MiB of hash
            config.level = "1";
            return config;
        }(),
        output);
    return session;
}

template <typename RunProtocol>
void run_protocol_on(const std::uint8_t* data, std::size_t size, RunProtocol run) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) std::abort();
    // The pipe holds 64 KiB; -max_len keeps inputs below that, so one write never blocks.
    if (size > 0 && ::write(fds[1], data, size) != static_cast<ssize_t>(size)) std::abort();
    ::close(fds[1]);
    protocol::Session& session = shared_session();
    session.hurry();
    // A fresh game at the first level, as a new process would start: what the last input set
    // (variant, position, level) must not leak into this one, or a crash would not replay alone.
    session.new_game(Variant{});
    session.set_level("1");
    {
        protocol::InputQueue input(fds[0]);
        run(session, input);
        // Drain what the protocol left after `quit`, so the reader thread reaches EOF and is done
        // with the descriptor before it is closed.
        while (input.next()) {
        }
    }
    ::close(fds[0]);
}

}  // namespace tempo::fuzz
