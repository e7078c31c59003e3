// tempo.Engine: one C API engine (a game and what plays it) as a Python class, with its results.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "python/bindings.hpp"
#include "python/interruptible.hpp"
#include "python/status.hpp"

namespace tempo::python {

namespace {

// A principal variation as square names.
py::list pv_names(const int* pv, int length) {
    py::list names;
    for (int i = 0; i < length; ++i) names.append(move_name(pv[i]));
    return names;
}

struct Line {
    py::object move;
    int score;
    py::list pv;
};

struct SearchResult {
    explicit SearchResult(const tempo_result& r)
        : move(move_name(r.move)), score(r.score), depth(r.depth), selectivity(r.selectivity), solved(r.solved != 0),
          wld(r.wld != 0), book(r.book != 0), stopped(r.stopped != 0), nodes(r.nodes), seconds(r.seconds),
          pv(pv_names(r.pv, r.pv_length)) {}

    py::object move;
    int score, depth, selectivity;
    bool solved, wld, book, stopped;
    uint64_t nodes;
    double seconds;
    py::list pv;
    std::vector<Line> lines;
};

struct BookMove {
    py::object move;
    int score, depth;
    bool exact;
    uint32_t games;
};

int endgame_mode(const std::string& name) {
    if (name == "auto") return 0;
    if (name == "exact") return 1;
    if (name == "wld") return 2;
    if (name == "off") return 3;
    throw py::value_error("endgame '" + name + "': expected auto, exact, wld or off");
}

class Engine {
public:
    Engine(const std::string& variant, int threads, int hash_mb, bool book, const std::optional<std::string>& weights,
           const std::optional<std::string>& book_file) {
        tempo_options options;
        tempo_options_default(&options);
        options.variant = variant.c_str();
        options.threads = threads;
        options.hash_mb = hash_mb;
        options.use_book = book ? 1 : 0;
        options.weights_file = weights ? weights->c_str() : nullptr;
        options.book_file = book_file ? book_file->c_str() : nullptr;
        tempo_status status;
        {
            py::gil_scoped_release release;  // decoding the weights takes a while
            status = tempo_create(&options, &handle_);
        }
        check(status, nullptr);
    }
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;
    ~Engine() { tempo_destroy(handle_); }

    void set_position(const std::string& text) {
        Busy busy(*this);
        check(tempo_set_position(handle_, text.c_str()), handle_);
    }

    std::string board() {
        Busy busy(*this);
        char text[80];
        check(tempo_get_board(handle_, text, sizeof text), handle_);
        return text;
    }

    // The board as a square array (8x8, 6x6): 1 the side to move's discs, -1 the opponent's, 0 empty.
    py::array_t<int8_t> board_array() {
        const std::string text = board();
        const auto squares = static_cast<py::ssize_t>(text.size() - 2);
        const auto side = static_cast<py::ssize_t>(std::lround(std::sqrt(static_cast<double>(squares))));
        const char mover = text.back();
        py::array_t<int8_t> array({side, side});
        int8_t* out = array.mutable_data();
        for (py::ssize_t i = 0; i < squares; ++i)
            out[i] = text[static_cast<std::size_t>(i)] == '-' ? 0 : text[static_cast<std::size_t>(i)] == mover ? 1 : -1;
        return array;
    }

    py::list legal_moves() {
        Busy busy(*this);
        int moves[64], count = 0;
        check(tempo_legal_moves(handle_, moves, 64, &count), handle_);
        py::list names;
        for (int i = 0; i < count; ++i) names.append(move_name(moves[i]));
        return names;
    }

    void play(const py::object& move) {
        Busy busy(*this);
        if (py::isinstance<py::str>(move))
            check(tempo_play_text(handle_, move.cast<std::string>().c_str()), handle_);
        else if (py::isinstance<py::int_>(move))
            check(tempo_play(handle_, move.cast<int>()), handle_);
        else
            throw py::type_error("a move is a square name (\"f5\", \"pass\") or a square number (0..63, PASS)");
    }

    void undo() {
        Busy busy(*this);
        check(tempo_undo(handle_), handle_);
    }

    void clear() {
        Busy busy(*this);
        check(tempo_clear(handle_), handle_);
    }

    bool game_over() {
        Busy busy(*this);
        int over = 0, margin = 0;
        check(tempo_game_over(handle_, &over, &margin), handle_);
        return over != 0;
    }

    py::object black_margin() {
        Busy busy(*this);
        int over = 0, margin = 0;
        check(tempo_game_over(handle_, &over, &margin), handle_);
        return over ? py::object(py::int_(margin)) : py::object(py::none());
    }

    std::string side_to_move() {
        Busy busy(*this);
        int side = 0;
        check(tempo_side_to_move(handle_, &side), handle_);
        return side == 0 ? "black" : "white";
    }

    double evaluate() {
        Busy busy(*this);
        double score = 0;
        check(tempo_evaluate(handle_, &score), handle_);
        return score;
    }

    SearchResult search(int depth, double seconds, uint64_t nodes, int multi_pv, const std::string& endgame,
                        const py::object& on_progress) {
        tempo_limits limits;
        tempo_limits_default(&limits);
        limits.depth = depth;
        limits.seconds = seconds;
        limits.nodes = nodes;
        limits.multi_pv = multi_pv;
        limits.endgame = endgame_mode(endgame);
        std::vector<tempo_line> lines(static_cast<std::size_t>(std::clamp(multi_pv, 1, 64)));
        int line_count = 0;
        Progress progress{on_progress, handle_, {}};
        tempo_result result{};
        Busy busy(*this);
        run_searching([&] {
            return tempo_search(handle_, &limits, on_progress.is_none() ? nullptr : &Progress::report, &progress,
                                &result, lines.data(), static_cast<int>(lines.size()), &line_count);
        });
        if (progress.failure) throw *progress.failure;
        SearchResult out(result);
        for (int i = 0; i < std::min<int>(line_count, static_cast<int>(lines.size())); ++i) {
            const tempo_line& line = lines[static_cast<std::size_t>(i)];
            out.lines.push_back(Line{move_name(line.move), line.score, pv_names(line.pv, line.pv_length)});
        }
        return out;
    }

    SearchResult solve(bool wld) {
        tempo_result result{};
        Busy busy(*this);
        run_searching([&] { return tempo_solve(handle_, wld ? 1 : 0, &result); });
        return SearchResult(result);
    }

    SearchResult choose_move(const std::string& level, double seconds) {
        tempo_result result{};
        Busy busy(*this);
        run_searching([&] { return tempo_play_level(handle_, level.c_str(), seconds, &result); });
        return SearchResult(result);
    }

    std::vector<BookMove> book_moves() {
        Busy busy(*this);
        tempo_book_move moves[64];
        int count = 0;
        check(tempo_book_moves(handle_, moves, 64, &count), handle_);
        std::vector<BookMove> out;
        for (int i = 0; i < count; ++i)
            out.push_back(BookMove{move_name(moves[i].move), moves[i].score, moves[i].depth, moves[i].exact != 0, moves[i].games});
        return out;
    }

    void stop() { tempo_stop(handle_); }

private:
    // Another call while a search runs (from another Python thread) is an error, not a race.
    class Busy {
    public:
        explicit Busy(Engine& engine) : engine_(engine) {
            if (engine_.busy_.exchange(true)) throw std::runtime_error("the engine is searching: only stop() may be called now");
        }
        Busy(const Busy&) = delete;
        Busy& operator=(const Busy&) = delete;
        ~Busy() { engine_.busy_ = false; }

    private:
        Engine& engine_;
    };

    // The progress callback: the Python callable on the searching thread, under the GIL; its
    // exception stops the search and is raised when the search returns.
    struct Progress {
        py::object callable;
        tempo_engine* handle;
        std::optional<py::error_already_set> failure;

        static void report(const tempo_result* result, void* user) {
            auto& self = *static_cast<Progress*>(user);
            py::gil_scoped_acquire gil;
            if (self.failure) return;
            try {
                self.callable(SearchResult(*result));
            } catch (py::error_already_set& e) {
                self.failure = std::move(e);
                tempo_stop(self.handle);
            }
        }
    };

    // Runs a search call (GIL released, Ctrl-C stops it) and raises its failure.
    template <class Call>
    void run_searching(Call&& call) {
        tempo_status status = TEMPO_OK;
        run_interruptible([&] { status = call(); }, [this] { tempo_stop(handle_); });
        check(status, handle_);
    }

    tempo_engine* handle_ = nullptr;
    std::atomic<bool> busy_{false};
};

}  // namespace

void bind_engine(py::module_& module) {
    py::class_<Line>(module, "Line", "One of a multi-PV search's best moves: move, score, pv.")
        .def_readonly("move", &Line::move)
        .def_readonly("score", &Line::score)
        .def_readonly("pv", &Line::pv)
        .def("__repr__", [](const Line& l) { return "Line(" + py::repr(l.move).cast<std::string>() + ", " + std::to_string(l.score) + ")"; });

    py::class_<SearchResult>(module, "SearchResult", R"(What a search, solve or level's move found.

move: the best move ("pass" when the side to move must pass, None when the game is over); score:
final-disc margin from the side to move's view (-1/0/+1 when wld); depth: plies (empties when
solved); selectivity: percent (100: exact alpha-beta); solved, wld, book (the move comes from the
opening book), stopped (stop() or Ctrl-C ended it early); nodes; seconds; pv: the principal
variation; lines: the multi-PV lines, best first.)")
        .def_readonly("move", &SearchResult::move)
        .def_readonly("score", &SearchResult::score)
        .def_readonly("depth", &SearchResult::depth)
        .def_readonly("selectivity", &SearchResult::selectivity)
        .def_readonly("solved", &SearchResult::solved)
        .def_readonly("wld", &SearchResult::wld)
        .def_readonly("book", &SearchResult::book)
        .def_readonly("stopped", &SearchResult::stopped)
        .def_readonly("nodes", &SearchResult::nodes)
        .def_readonly("seconds", &SearchResult::seconds)
        .def_readonly("pv", &SearchResult::pv)
        .def_readonly("lines", &SearchResult::lines)
        .def("__repr__", [](const SearchResult& r) {
            return "SearchResult(move=" + py::repr(r.move).cast<std::string>() + ", score=" + std::to_string(r.score) +
                   ", depth=" + std::to_string(r.depth) + ", nodes=" + std::to_string(r.nodes) + ")";
        });

    py::class_<BookMove>(module, "BookMove", "An opening book move: move, score, depth (plies searched), exact, games.")
        .def_readonly("move", &BookMove::move)
        .def_readonly("score", &BookMove::score)
        .def_readonly("depth", &BookMove::depth)
        .def_readonly("exact", &BookMove::exact)
        .def_readonly("games", &BookMove::games);

    py::class_<Engine>(module, "Engine", R"(A game and what plays it: the evaluation, the opening book, the search.

Engine(variant="8x8", threads=1, hash_mb=64, book=True, weights=None, book_file=None): variant is
"8x8", "6x6", "anti" or "anti6x6"; weights and book_file name other files than the shipped ones.
It starts at the variant's start position. One thread uses an engine at a time; stop() may come
from any thread while another searches.)")
        .def(py::init<const std::string&, int, int, bool, const std::optional<std::string>&, const std::optional<std::string>&>(),
             py::arg("variant") = "8x8", py::arg("threads") = 1, py::arg("hash_mb") = 64, py::arg("book") = true,
             py::arg("weights") = py::none(), py::arg("book_file") = py::none())
        .def("set_position", &Engine::set_position, py::arg("position") = "",
             "Sets the game to a board string (64 squares then X or O to move) or a transcript from the start "
             "(\"f5d6c3\"); \"\" is the start. ValueError if it does not parse.")
        .def("board", &Engine::board, "The board as a string: 64 squares (X, O, -) a1..h8, a space, the side to move.")
        .def("board_array", &Engine::board_array,
             "The board as an int8 NumPy array (8x8 or 6x6, rows 1.. down): 1 the side to move's discs, -1 the "
             "opponent's, 0 empty.")
        .def("legal_moves", &Engine::legal_moves, "The side to move's legal moves: square names, [\"pass\"], or [] when the game is over.")
        .def("play", &Engine::play, py::arg("move"),
             "Plays a move: a name (\"f5\", \"pass\") or a square number (0..63, PASS). ValueError if it is illegal.")
        .def("undo", &Engine::undo, "Takes back the last move (ValueError when there is none).")
        .def("clear", &Engine::clear, "Forgets what the searches learnt (the hash table), as for a new game.")
        .def_property_readonly("game_over", &Engine::game_over, "True when neither side can move.")
        .def_property_readonly("black_margin", &Engine::black_margin, "Black's final disc margin, None while the game runs.")
        .def_property_readonly("side_to_move", &Engine::side_to_move, "\"black\" or \"white\".")
        .def("evaluate", &Engine::evaluate, "The static evaluation, discs from the side to move's view (the final margin when over).")
        .def("search", &Engine::search, py::arg("depth") = 60, py::arg("seconds") = 0.0, py::arg("nodes") = 0,
             py::arg("multi_pv") = 1, py::arg("endgame") = "auto", py::arg("on_progress") = py::none(),
             R"(Searches the position (no book, no noise) and returns a SearchResult.

depth: plies 1..60; seconds: a time limit (0: none); nodes: a node limit (0: none); multi_pv: that
many best moves scored exactly (result.lines); endgame: "auto" (solve when the limits allow),
"exact" or "wld" (solve now), "off" (never). on_progress(result) is called after each iteration.
The GIL is released while it runs; stop() or Ctrl-C ends it early (Ctrl-C then raises
KeyboardInterrupt).)")
        .def("solve", &Engine::solve, py::arg("wld") = false,
             "Solves the position exactly (wld=True: win/loss/draw only, score -1/0/+1); a SearchResult.")
        .def("choose_move", &Engine::choose_move, py::arg("level") = "normal", py::arg("seconds") = 0.0,
             "The move a player at `level` (\"easy\", \"normal\", \"hard\", \"1\"..\"60\") would choose: the book "
             "first, then the level's search and noise; seconds > 0 caps the time. Does not play it.")
        .def("book_moves", &Engine::book_moves, "The opening book's moves for the position, best first ([] outside the book).")
        .def("stop", &Engine::stop, "Ends the search running on this engine (from any thread); nothing when none runs.")
        .def("__repr__", [](Engine& e) { return "Engine('" + e.board() + "')"; });
}

}  // namespace tempo::python
