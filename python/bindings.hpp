// The parts of the module `tempo`, each adding its classes and functions (module.cpp calls them).
#pragma once

#include <pybind11/pybind11.h>

namespace tempo::python {

void bind_engine(pybind11::module_& module);  // Engine, SearchResult, Line, BookMove
void bind_batch(pybind11::module_& module);   // evaluate_many, solve_many

}  // namespace tempo::python
