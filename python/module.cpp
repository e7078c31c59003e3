// The Python module `tempo`: the Tempo Othello engine through libtempo's C API.
#include <pybind11/pybind11.h>

#include <string>

#include "python/bindings.hpp"
#include "python/status.hpp"

namespace py = pybind11;
using tempo::python::check;

PYBIND11_MODULE(tempo, module) {
    module.doc() = R"(The Tempo Othello (Reversi) engine.

Engine holds a game and what plays it (evaluation, opening book, search threads, hash table):
set a position, list and play moves, evaluate, search, solve exactly, ask the book. Squares are
named "a1".."h8" (a1 top-left, h1 top-right) and "pass"; boards are 64-character strings (X black,
O white, - empty) then the side to move (X or O); scores are final-disc margins from the side to
move's view. evaluate_many and solve_many work through NumPy arrays of positions on all cores.

Searches release the GIL (other Python threads run, several engines search at once), end early
on Engine.stop() from another thread, and on Ctrl-C (KeyboardInterrupt). A bad position, move or
option raises ValueError, a missing or corrupt weights or book file OSError.

Example:
    import tempo
    engine = tempo.Engine()
    engine.set_position("f5d6c3d3c4")
    print(engine.legal_moves(), engine.search(depth=10).move)
)";
    module.attr("PASS") = TEMPO_PASS;

    module.def(
        "perft",
        [](int depth, const std::string& variant) {
            uint64_t leaves = 0;
            tempo_status status;
            {
                py::gil_scoped_release release;
                status = tempo_perft(variant.c_str(), depth, &leaves);
            }
            check(status, nullptr);
            return leaves;
        },
        py::arg("depth"), py::arg("variant") = "8x8",
        R"(Leaf count of the move tree `depth` plies deep from the variant's start ("8x8", "6x6",
"anti", "anti6x6"): a forced pass uses a ply, a game that ends early is one leaf. Other Python
threads run meanwhile; Ctrl-C waits for the count.)");
    module.def("square_name", &tempo::python::move_name, py::arg("square"),
               "The name of square 0..63 (a1 = 0, h1 = 7, h8 = 63): \"a1\".., PASS: \"pass\", -1: None.");
    module.def(
        "square_index",
        [](const std::string& name) {
            if (name == "pass" || name == "PA") return TEMPO_PASS;
            if (name.size() == 2) {
                const int column = (name[0] | 0x20) - 'a', row = name[1] - '1';
                if (column >= 0 && column < 8 && row >= 0 && row < 8) return row * 8 + column;
            }
            throw py::value_error("no square '" + name + "': expected a1..h8 or pass");
        },
        py::arg("name"), "The square 0..63 named \"a1\"..\"h8\" (either case), or PASS for \"pass\".");

    tempo::python::bind_engine(module);
    tempo::python::bind_batch(module);
}
