// What a tempo_engine handle holds, and the guard every C entry point runs its body in: C++
// exceptions become a status and a message on the handle, never an unwinding through C.
#pragma once

#include <exception>
#include <mutex>
#include <new>
#include <stop_token>
#include <string>

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

// Runs `body` (which returns TEMPO_OK or throws) for `engine`: a null engine is TEMPO_ERROR_NULL;
// an ApiError its status; a ParseError `parse_status`; anything else TEMPO_ERROR_INTERNAL. The
// message goes to the engine's error (or the thread's, without an engine).
template <class Body>
tempo_status guarded(tempo_engine* engine, tempo_status parse_status, Body&& body) {
    std::string& error = engine ? engine->error : thread_error();
    error.clear();
    if (!engine) {
        error = "the engine is null";
        return TEMPO_ERROR_NULL;
    }
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

// Throws ApiError(TEMPO_ERROR_NULL) naming `what` when `pointer` is null.
inline void require(const void* pointer, const char* what) {
    if (!pointer) throw ApiError{TEMPO_ERROR_NULL, std::string(what) + " is null"};
}

}  // namespace tempo::library
