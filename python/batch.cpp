// evaluate_many and solve_many: many positions from a NumPy array, spread over threads, each thread
// with its own engine (an engine serves one thread at a time).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "python/bindings.hpp"
#include "python/interruptible.hpp"
#include "python/status.hpp"

namespace tempo::python {

namespace {

using Boards = py::array_t<int8_t, py::array::c_style | py::array::forcecast>;

// The positions of `input`, shape (N, 64) or (N, 8, 8), checked before any cast: an integer (or
// bool) array, each square 1 (the side to move's disc), -1 (the opponent's) or 0 (empty). A float
// or out-of-range square is a ValueError, not a value quietly cast to another square.
Boards checked_boards(const py::array& input) {
    const char kind = input.dtype().kind();
    if (kind != 'i' && kind != 'u' && kind != 'b')
        throw py::value_error("boards: expected an integer array (as Engine.board_array() gives), not dtype " +
                              py::str(input.dtype()).cast<std::string>());
    const bool flat = input.ndim() == 2 && input.shape(1) == 64;
    const bool square = input.ndim() == 3 && input.shape(1) == 8 && input.shape(2) == 8;
    if (!flat && !square) throw py::value_error("boards: expected an array of shape (N, 64) or (N, 8, 8)");
    // NumPy's own comparisons, in C over the whole array, whatever its integer type.
    const py::object squares = input.attr("reshape")(-1);
    const py::object bad = squares.attr("__lt__")(-1).attr("__or__")(squares.attr("__gt__")(1));
    if (bad.attr("any")().cast<bool>()) {
        const auto index = py::module_::import("numpy").attr("flatnonzero")(bad)[py::int_(0)].cast<long long>();
        throw py::value_error(
            "boards: position " + std::to_string(index / 64) + " square " + std::to_string(index % 64) + " holds " +
            py::str(squares[py::int_(index)]).cast<std::string>() + "; expected 1 (side to move), -1 or 0");
    }
    return Boards::ensure(input);
}

// The board string of 64 squares from the side to move's view: it plays X.
void board_string(const int8_t* squares, char (&text)[67]) {
    for (int i = 0; i < 64; ++i) text[i] = squares[i] == 1 ? 'X' : squares[i] == -1 ? 'O' : '-';
    text[64] = ' ';
    text[65] = 'X';
    text[66] = '\0';
}

struct EngineDeleter {
    void operator()(tempo_engine* engine) const { tempo_destroy(engine); }
};
using EnginePtr = std::unique_ptr<tempo_engine, EngineDeleter>;

// A batch engine: no book, a `hash_mb` table, one search thread.
EnginePtr make_engine(int hash_mb) {
    tempo_options options;
    tempo_options_default(&options);
    options.use_book = 0;
    options.hash_mb = hash_mb;
    tempo_engine* engine = nullptr;
    check(tempo_create(&options, &engine), nullptr);
    return EnginePtr(engine);
}

// The threads a batch of n positions handed out `block` at a time runs on: `threads`, 0 for every
// core, no more than there are blocks.
int thread_count(int threads, py::ssize_t n, py::ssize_t block) {
    if (threads < 0 || threads > 256)
        throw py::value_error("threads " + std::to_string(threads) + ": expected 0..256 (0: every core)");
    if (threads == 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return static_cast<int>(std::min<py::ssize_t>(threads, std::max<py::ssize_t>(1, (n + block - 1) / block)));
}

// evaluate_many's engines (1 MB tables), kept between calls: making one decodes the weights, about
// 0.2 s, which would dwarf a small batch. Calls from several Python threads each take their own.
class EvaluationEngines {
public:
    // Holds `count` engines for one call and gives them back after it.
    class Lease {
    public:
        Lease(EvaluationEngines& pool, int count) : pool_(pool) {
            {
                std::lock_guard lock(pool_.mutex_);
                while (static_cast<int>(engines.size()) < count && !pool_.idle_.empty()) {
                    engines.push_back(std::move(pool_.idle_.back()));
                    pool_.idle_.pop_back();
                }
            }
            while (static_cast<int>(engines.size()) < count) engines.push_back(make_engine(1));
        }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        ~Lease() {
            std::lock_guard lock(pool_.mutex_);
            for (EnginePtr& engine : engines) pool_.idle_.push_back(std::move(engine));
        }

        std::vector<EnginePtr> engines;

    private:
        EvaluationEngines& pool_;
    };

    static EvaluationEngines& instance() {
        static EvaluationEngines pool;
        return pool;
    }

private:
    std::mutex mutex_;
    std::vector<EnginePtr> idle_;
};

// Runs `each(engine, i)` for every position i < n, one thread per engine, GIL released, Ctrl-C
// stopping it; positions are handed out in blocks of `block`. The first failure stops the rest and
// is raised as a ValueError naming its position.
template <class Each>
void for_each_position(py::ssize_t n, const std::vector<EnginePtr>& engines, py::ssize_t block, Each&& each) {
    const int threads = static_cast<int>(engines.size());
    std::atomic<py::ssize_t> next{0};
    std::atomic<bool> stopping{false};
    std::mutex failure_mutex;
    std::string failure;
    const auto work = [&](tempo_engine* engine) {
        while (!stopping) {
            const py::ssize_t first = next.fetch_add(block);
            if (first >= n) return;
            for (py::ssize_t i = first; i < std::min(n, first + block) && !stopping; ++i) {
                if (each(engine, i) == TEMPO_OK) continue;
                std::lock_guard lock(failure_mutex);
                if (failure.empty()) failure = "position " + std::to_string(i) + ": " + tempo_last_error(engine);
                stopping = true;
            }
        }
    };
    run_interruptible(
        [&] {
            std::vector<std::thread> workers;
            for (int t = 1; t < threads; ++t) workers.emplace_back(work, engines[static_cast<std::size_t>(t)].get());
            work(engines[0].get());
            for (std::thread& worker : workers) worker.join();
        },
        [&] {
            stopping = true;
            for (const EnginePtr& engine : engines) tempo_stop(engine.get());
        });
    if (!failure.empty()) throw py::value_error(failure);
}

py::array_t<double> evaluate_many(const py::array& input, int threads) {
    const Boards boards = checked_boards(input);
    const py::ssize_t n = boards.shape(0);
    py::array_t<double> scores(n);
    const int8_t* squares = boards.data();
    double* out = scores.mutable_data();
    constexpr py::ssize_t kBlock = 4096;
    EvaluationEngines::Lease lease(EvaluationEngines::instance(), thread_count(threads, n, kBlock));
    for_each_position(n, lease.engines, kBlock, [&](tempo_engine* engine, py::ssize_t i) {
        char text[67];
        board_string(squares + i * 64, text);
        const tempo_status status = tempo_set_position(engine, text);
        return status == TEMPO_OK ? tempo_evaluate(engine, &out[i]) : status;
    });
    return scores;
}

py::tuple solve_many(const py::array& input, int threads, int hash_mb, bool wld) {
    const Boards boards = checked_boards(input);
    const py::ssize_t n = boards.shape(0);
    py::array_t<int32_t> scores(n), moves(n);
    const int8_t* squares = boards.data();
    int32_t* score_out = scores.mutable_data();
    int32_t* move_out = moves.mutable_data();
    std::vector<EnginePtr> engines;
    for (int t = thread_count(threads, n, 1); t > 0; --t) engines.push_back(make_engine(hash_mb));
    for_each_position(n, engines, 1, [&](tempo_engine* engine, py::ssize_t i) {
        char text[67];
        board_string(squares + i * 64, text);
        tempo_status status = tempo_set_position(engine, text);
        tempo_result result{};
        if (status == TEMPO_OK) status = tempo_solve(engine, wld ? 1 : 0, &result);
        score_out[i] = result.score;
        move_out[i] = result.move;
        return status;
    });
    return py::make_tuple(scores, moves);
}

}  // namespace

void bind_batch(py::module_& module) {
    module.def("evaluate_many", &evaluate_many, py::arg("boards"), py::arg("threads") = 0,
               R"(The static evaluations of many 8x8 positions, a float64 array.

boards: an array of shape (N, 64) or (N, 8, 8), each square 1 (a disc of the side to move), -1
(the opponent's) or 0 (empty), as Engine.board_array() gives; scores are discs from the side to
move's view. threads: 0 uses every core. ValueError for a malformed array.)");
    module.def("solve_many", &solve_many, py::arg("boards"), py::arg("threads") = 0, py::arg("hash_mb") = 64,
               py::arg("wld") = false,
               R"(Exact (wld=True: win/loss/draw) solutions of many 8x8 positions: (scores, moves), two int32 arrays.

boards as for evaluate_many; a score is the final-disc margin from the side to move's view, a
move a square 0..63, PASS, or -1 when the game is over. threads: 0 uses every core, each with its
own hash table of hash_mb MB. Ctrl-C stops it (KeyboardInterrupt).)");
}

}  // namespace tempo::python
