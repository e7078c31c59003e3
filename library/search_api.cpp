// The C API's thinking: evaluation, search, solve, a level's move, the stop from another thread, the
// book's moves and perft. Each search runs on the caller's thread through the engine's Player.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/perft.hpp"
#include "engine/rules.hpp"
#include "eval/evaluator.hpp"
#include "library/engine_handle.hpp"
#include "play/levels.hpp"

using tempo::library::ApiError;
using tempo::library::guarded;
using tempo::library::require;

namespace {

int square_of(tempo::Move move) {
    if (move == tempo::kPass) return TEMPO_PASS;
    return move == tempo::kNoMove ? TEMPO_NO_MOVE : static_cast<int>(move);
}

void copy_pv(const std::vector<tempo::Move>& pv, int* out, int& length) {
    length = static_cast<int>(std::min<std::size_t>(pv.size(), TEMPO_MAX_PV));
    for (int i = 0; i < length; ++i) out[i] = square_of(pv[static_cast<std::size_t>(i)]);
}

tempo_result to_c(const tempo::SearchResult& r) {
    tempo_result c{};
    c.move = square_of(r.best);
    c.score = r.score;
    c.depth = r.depth;
    c.selectivity = r.selectivity;
    c.solved = r.solved;
    c.wld = r.wld;
    c.book = r.book;
    c.stopped = r.stopped;
    c.nodes = r.nodes;
    c.seconds = std::chrono::duration<double>(r.elapsed).count();
    copy_pv(r.pv, c.pv, c.pv_length);
    return c;
}

// A fresh stop for the search about to run, which tempo_stop (any thread) requests.
std::stop_token begin_search(tempo_engine& engine) {
    std::lock_guard lock(engine.stop_mutex);
    engine.stop = std::stop_source();
    return engine.stop.get_token();
}

std::function<void(const tempo::SearchResult&)> reporter(tempo_progress progress, void* user) {
    if (!progress) return {};
    return [progress, user](const tempo::SearchResult& r) {
        const tempo_result c = to_c(r);
        progress(&c, user);
    };
}

tempo::Limits limits_of(const tempo_limits& l) {
    tempo::Limits limits;
    if (l.depth < 0 || l.depth > 60) throw ApiError{TEMPO_ERROR_BAD_OPTION, "depth " + std::to_string(l.depth) + ": expected 0..60"};
    if (l.multi_pv < 1 || l.multi_pv > tempo::Limits::kAllMoves)
        throw ApiError{TEMPO_ERROR_BAD_OPTION, "multi_pv " + std::to_string(l.multi_pv) + ": expected 1..64"};
    if (!(l.seconds >= 0) || l.seconds > 1e6)
        throw ApiError{TEMPO_ERROR_BAD_OPTION, "seconds " + std::to_string(l.seconds) + ": expected 0..1e6"};
    if (l.endgame < 0 || l.endgame > 3)
        throw ApiError{TEMPO_ERROR_BAD_OPTION, "endgame " + std::to_string(l.endgame) + ": expected 0..3"};
    limits.depth = l.depth == 0 ? 60 : l.depth;
    if (l.seconds > 0) limits.move_time = std::chrono::milliseconds(std::max<long long>(1, std::llround(l.seconds * 1000)));
    limits.nodes = l.nodes;
    limits.multi_pv = l.multi_pv;
    static constexpr tempo::Limits::Endgame kEndgames[] = {tempo::Limits::Endgame::kAuto, tempo::Limits::Endgame::kExact,
                                                          tempo::Limits::Endgame::kWld, tempo::Limits::Endgame::kOff};
    limits.endgame = kEndgames[l.endgame];
    return limits;
}

}  // namespace

extern "C" {

void tempo_limits_default(tempo_limits* limits) {
    if (limits) *limits = tempo_limits{60, 0.0, 0, 1, 0};
}

tempo_status tempo_evaluate(tempo_engine* engine, double* score) {
    return guarded(engine, TEMPO_ERROR_INTERNAL, [&] {
        require(score, "the output");
        const tempo::Game& game = engine->game;
        if (game.is_over()) {
            *score = tempo::final_margin(game.board(), game.variant());
        } else {
            const auto evaluator = engine->player.searcher().evaluator(game.variant());
            *score = game.must_pass() ? -evaluator->evaluate_unrounded(game.board().passed())
                                      : evaluator->evaluate_unrounded(game.board());
        }
        return TEMPO_OK;
    });
}

tempo_status tempo_search(tempo_engine* engine, const tempo_limits* limits, tempo_progress progress, void* user,
                          tempo_result* result, tempo_line* lines, int line_capacity, int* line_count) {
    return guarded(engine, TEMPO_ERROR_INTERNAL, [&] {
        require(result, "the result");
        tempo_limits l;
        tempo_limits_default(&l);
        if (limits) l = *limits;
        const tempo::Limits search_limits = limits_of(l);
        const tempo::SearchResult r =
            engine->player.searcher().run(engine->game, search_limits, reporter(progress, user), begin_search(*engine));
        *result = to_c(r);
        int n = 0;
        for (const tempo::MultiPvLine& line : r.multi_pv) {
            if (lines && n < line_capacity) {
                tempo_line& c = lines[n];
                c.move = square_of(line.move);
                c.score = line.score;
                copy_pv(line.pv, c.pv, c.pv_length);
            }
            ++n;
        }
        if (line_count) *line_count = n;
        return TEMPO_OK;
    });
}

tempo_status tempo_solve(tempo_engine* engine, int wld, tempo_result* result) {
    tempo_limits l;
    tempo_limits_default(&l);
    l.endgame = wld ? 2 : 1;
    return tempo_search(engine, &l, nullptr, nullptr, result, nullptr, 0, nullptr);
}

tempo_status tempo_play_level(tempo_engine* engine, const char* level, double seconds, tempo_result* result) {
    return guarded(engine, TEMPO_ERROR_BAD_OPTION, [&] {
        require(level, "the level");
        require(result, "the result");
        tempo::Level chosen = tempo::parse_level(level);
        if (!(seconds >= 0) || seconds > 1e6)
            throw ApiError{TEMPO_ERROR_BAD_OPTION, "seconds " + std::to_string(seconds) + ": expected 0..1e6"};
        if (seconds > 0) chosen.limits.move_time = std::chrono::milliseconds(std::max<long long>(1, std::llround(seconds * 1000)));
        *result = to_c(engine->player.play(engine->game, chosen, {}, begin_search(*engine)));
        return TEMPO_OK;
    });
}

void tempo_stop(tempo_engine* engine) {
    if (!engine) return;
    std::lock_guard lock(engine->stop_mutex);
    engine->stop.request_stop();
}

tempo_status tempo_book_moves(tempo_engine* engine, tempo_book_move* moves, int capacity, int* count) {
    return guarded(engine, TEMPO_ERROR_INTERNAL, [&] {
        require(count, "the count");
        const auto book = engine->player.book(engine->game.variant());
        const std::vector<tempo::book::BookMove> known =
            book && !engine->game.is_over() ? book->moves(engine->game.board()) : std::vector<tempo::book::BookMove>{};
        const int n = static_cast<int>(known.size());
        for (int i = 0; moves && i < n && i < capacity; ++i) {
            const tempo::book::BookMove& k = known[static_cast<std::size_t>(i)];
            moves[i] = tempo_book_move{square_of(k.move), k.value, k.depth, k.exact ? 1 : 0, k.games};
        }
        *count = n;
        if (n > capacity || (n > 0 && !moves))
            throw ApiError{TEMPO_ERROR_BUFFER, std::to_string(n) + " book moves do not fit in " + std::to_string(capacity)};
        return TEMPO_OK;
    });
}

tempo_status tempo_perft(const char* variant, int depth, uint64_t* leaves) {
    return tempo::library::run_guarded(tempo::library::thread_error(), TEMPO_ERROR_BAD_OPTION, [&] {
        require(leaves, "the output");
        const tempo::Variant v = tempo::Variant::parse(variant ? variant : "8x8");
        if (depth < 0 || depth > 20)
            throw ApiError{TEMPO_ERROR_BAD_OPTION, "depth " + std::to_string(depth) + ": expected 0..20"};
        *leaves = tempo::perft(tempo::Game(v).board(), depth, v.geometry);
        return TEMPO_OK;
    });
}

}  // extern "C"
