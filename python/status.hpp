// The C API's statuses as Python exceptions, and its squares as Python values.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include <tempo/tempo.h>

namespace tempo::python {

namespace py = pybind11;

// Raises the exception for a failed call on `engine` (NULL: a call without one), with
// tempo_last_error's message: a bad position, move or option is a ValueError, a missing or corrupt
// file an OSError, anything else a RuntimeError.
inline void check(tempo_status status, const tempo_engine* engine) {
    if (status == TEMPO_OK) return;
    const std::string message = tempo_last_error(engine);
    switch (status) {
        case TEMPO_ERROR_BAD_OPTION:
        case TEMPO_ERROR_BAD_POSITION:
        case TEMPO_ERROR_ILLEGAL_MOVE:
        case TEMPO_ERROR_NOTHING_TO_UNDO: throw py::value_error(message);
        case TEMPO_ERROR_FILE: PyErr_SetString(PyExc_OSError, message.c_str()); throw py::error_already_set();
        default: throw std::runtime_error(std::string(tempo_status_name(status)) + ": " + message);
    }
}

// A square's name: "a1".."h8", "pass", or None for no move (the game is over).
inline py::object move_name(int square) {
    if (square == TEMPO_NO_MOVE) return py::none();
    if (square == TEMPO_PASS) return py::str("pass");
    const char name[] = {static_cast<char>('a' + square % 8), static_cast<char>('1' + square / 8), '\0'};
    return py::str(name);
}

}  // namespace tempo::python
