// What a tempo_engine handle holds, and the guard every C entry point runs its body in: C++
// exceptions become a status and a message on the handle, never an unwinding through C.
#pragma once

#include <exception>
#include <mutex>
#include <new>
#include <stop_token>
#include <string>
#include <utility>

#include "engine/game.hpp"
#include "engine/parse_error.hpp"
#include "play/player.hpp"
#include "tempo/tempo.h"

struct tempo_engine {
    explicit tempo_engine(tempo::PlayerOptions options, tempo::Variant variant)
        : player(std::move(options)), game(variant) {}

    tempo::Player player;
    tempo::Game game;
    std::string error;
    // The running search's stop: tempo_stop may come from another thread.
    std::mutex stop_mutex;
    std::stop_source stop;
};

namespace tempo::library {

// A failure with its status, thrown inside a guarded body.
struct ApiError {
    tempo_status status;
    std::string message;
};

// The message of the last engine-less failure of this thread (tempo_last_error(NULL)).
std::string& thread_error();

// Runs `body` (which returns TEMPO_OK or throws) with `error` cleared first: an ApiError is its
// status, a ParseError `parse_status`, anything else TEMPO_ERROR_INTERNAL; the message goes to
// `error`. The calls without an engine (tempo_create, tempo_perft) run in it with thread_error().
template <class Body>
tempo_status run_guarded(std::string& error, tempo_status parse_status, Body&& body) {
    error.clear();
    try {
        return body();
    } catch (const ApiError& e) {
        error = e.message;
        return e.status;
    } catch (const ParseError& e) {
        error = e.what();
        return parse_status;
    } catch (const std::bad_alloc&) {
        error = "out of memory";
    } catch (const std::exception& e) {
        error = e.what();
    } catch (...) {
        error = "unknown error";
    }
    return TEMPO_ERROR_INTERNAL;
}

// run_guarded for `engine`, its message on the engine; a null engine is TEMPO_ERROR_NULL, its
// message the thread's.
template <class Body>
tempo_status guarded(tempo_engine* engine, tempo_status parse_status, Body&& body) {
    if (!engine) {
        thread_error() = "the engine is null";
        return TEMPO_ERROR_NULL;
    }
    return run_guarded(engine->error, parse_status, std::forward<Body>(body));
}

// Throws ApiError(TEMPO_ERROR_NULL) naming `what` when `pointer` is null.
inline void require(const void* pointer, const char* what) {
    if (!pointer) throw ApiError{TEMPO_ERROR_NULL, std::string(what) + " is null"};
}

}  // namespace tempo::library
