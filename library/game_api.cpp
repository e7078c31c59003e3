// The C API's engines and games: creating an engine (its weights and book checked now, so that a bad
// file is an error here, not a weaker search later), positions, moves, undo.
#include <cstring>

#include "engine/notation.hpp"
#include "eval/evaluator.hpp"
#include "library/engine_handle.hpp"
#include "play/book/location.hpp"

using tempo::library::ApiError;
using tempo::library::guarded;
using tempo::library::require;

namespace tempo::library {

std::string& thread_error() {
    thread_local std::string error;
    return error;
}

}  // namespace tempo::library

namespace {

// The engine's move for a C square: 0..63 on the board, or TEMPO_PASS.
tempo::Move move_of(int square) {
    if (square == TEMPO_PASS) return tempo::kPass;
    if (square < 0 || square > 63)
        throw ApiError{TEMPO_ERROR_ILLEGAL_MOVE, "no square " + std::to_string(square) + ": expected 0..63 or TEMPO_PASS"};
    return static_cast<tempo::Move>(square);
}

void play_checked(tempo_engine& engine, tempo::Move move) {
    tempo::Game& game = engine.game;
    if (game.is_over()) throw ApiError{TEMPO_ERROR_ILLEGAL_MOVE, "the game is over"};
    if (!game.is_legal(move) || !game.play(move)) {
        const std::string name = move == tempo::kPass ? "pass" : tempo::square_name(move, game.variant().geometry);
        throw ApiError{TEMPO_ERROR_ILLEGAL_MOVE, name + " is not legal here" +
                                                     (game.must_pass() ? std::string(" (the side to move must pass)") : "")};
    }
}

}  // namespace

extern "C" {

void tempo_options_default(tempo_options* options) {
    if (!options) return;
    *options = tempo_options{nullptr, nullptr, nullptr, 1, 1, 64};
}

tempo_status tempo_create(const tempo_options* options, tempo_engine** engine) {
    return tempo::library::run_guarded(tempo::library::thread_error(), TEMPO_ERROR_BAD_OPTION, [&] {
        require(engine, "the engine pointer to fill");
        *engine = nullptr;
        tempo_options o;
        tempo_options_default(&o);
        if (options) o = *options;
        const tempo::Variant variant = tempo::Variant::parse(o.variant ? o.variant : "8x8");
        if (o.threads < 1 || o.threads > 256)
            throw ApiError{TEMPO_ERROR_BAD_OPTION, "threads " + std::to_string(o.threads) + ": expected 1..256"};
        if (o.hash_mb < 1 || o.hash_mb > 65536)
            throw ApiError{TEMPO_ERROR_BAD_OPTION, "hash " + std::to_string(o.hash_mb) + " MB: expected 1..65536"};
        tempo::PlayerOptions player;
        player.searcher.threads = o.threads;
        player.searcher.hash_mb = o.hash_mb;
        player.searcher.eval_file = o.weights_file ? o.weights_file : "";
        player.book.enabled = o.use_book != 0;
        player.book.file = o.book_file ? o.book_file : "";
        std::shared_ptr<const tempo::Evaluator> evaluation;
        std::shared_ptr<const tempo::book::Book> book;
        try {
            evaluation = tempo::Evaluator::create(variant, player.searcher.eval_file);
            book = tempo::book::open_book(variant, player.book);
        } catch (const std::exception& e) {
            throw ApiError{TEMPO_ERROR_FILE, e.what()};
        }
        auto made = std::make_unique<tempo_engine>(player, variant);
        made->player.searcher().set_evaluator(variant, evaluation);
        if (book) made->player.set_book(book);
        made->player.prepare(variant);
        *engine = made.release();
        return TEMPO_OK;
    });
}

void tempo_destroy(tempo_engine* engine) { delete engine; }

const char* tempo_last_error(const tempo_engine* engine) {
    return engine ? engine->error.c_str() : tempo::library::thread_error().c_str();
}

const char* tempo_status_name(tempo_status status) {
    switch (status) {
        case TEMPO_OK: return "TEMPO_OK";
        case TEMPO_ERROR_NULL: return "TEMPO_ERROR_NULL";
        case TEMPO_ERROR_BAD_OPTION: return "TEMPO_ERROR_BAD_OPTION";
        case TEMPO_ERROR_BAD_POSITION: return "TEMPO_ERROR_BAD_POSITION";
        case TEMPO_ERROR_ILLEGAL_MOVE: return "TEMPO_ERROR_ILLEGAL_MOVE";
        case TEMPO_ERROR_FILE: return "TEMPO_ERROR_FILE";
        case TEMPO_ERROR_NOTHING_TO_UNDO: return "TEMPO_ERROR_NOTHING_TO_UNDO";
        case TEMPO_ERROR_BUFFER: return "TEMPO_ERROR_BUFFER";
        case TEMPO_ERROR_INTERNAL: return "TEMPO_ERROR_INTERNAL";
    }
    return "unknown status";
}

tempo_status tempo_set_position(tempo_engine* engine, const char* text) {
    return guarded(engine, TEMPO_ERROR_BAD_POSITION, [&] {
        require(text, "the position text");
        engine->game = tempo::parse_position_text(text, engine->game.variant());
        engine->player.prepare(engine->game.variant());
        return TEMPO_OK;
    });
}

tempo_status tempo_get_board(tempo_engine* engine, char* out, size_t size) {
    return guarded(engine, TEMPO_ERROR_INTERNAL, [&] {
        require(out, "the output buffer");
        const std::string board = tempo::board_string(engine->game.position(), engine->game.variant().geometry);
        if (size < board.size() + 1)
            throw ApiError{TEMPO_ERROR_BUFFER, "the buffer holds " + std::to_string(size) + " bytes; the board needs " +
                                                   std::to_string(board.size() + 1)};
        std::memcpy(out, board.c_str(), board.size() + 1);
        return TEMPO_OK;
    });
}

tempo_status tempo_legal_moves(tempo_engine* engine, int* moves, int capacity, int* count) {
    return guarded(engine, TEMPO_ERROR_INTERNAL, [&] {
        require(count, "the count");
        const tempo::Game& game = engine->game;
        int n = 0;
        const auto put = [&](int move) {
            if (moves && n < capacity) moves[n] = move;
            ++n;
        };
        if (game.must_pass()) put(TEMPO_PASS);
        for (tempo::Bitboard legal = game.is_over() ? 0 : game.legal_moves(); legal; legal &= legal - 1)
            put(tempo::first_square(legal));
        *count = n;
        if (n > capacity || (n > 0 && !moves))
            throw ApiError{TEMPO_ERROR_BUFFER, std::to_string(n) + " moves do not fit in " + std::to_string(capacity)};
        return TEMPO_OK;
    });
}

tempo_status tempo_play(tempo_engine* engine, int move) {
    return guarded(engine, TEMPO_ERROR_ILLEGAL_MOVE, [&] {
        play_checked(*engine, move_of(move));
        return TEMPO_OK;
    });
}

tempo_status tempo_play_text(tempo_engine* engine, const char* move) {
    return guarded(engine, TEMPO_ERROR_ILLEGAL_MOVE, [&] {
        require(move, "the move text");
        play_checked(*engine, tempo::parse_move(move, engine->game.variant().geometry));
        return TEMPO_OK;
    });
}

tempo_status tempo_undo(tempo_engine* engine) {
    return guarded(engine, TEMPO_ERROR_INTERNAL, [&] {
        if (!engine->game.undo()) throw ApiError{TEMPO_ERROR_NOTHING_TO_UNDO, "no move to undo"};
        return TEMPO_OK;
    });
}

tempo_status tempo_clear(tempo_engine* engine) {
    return guarded(engine, TEMPO_ERROR_INTERNAL, [&] {
        engine->player.clear();
        return TEMPO_OK;
    });
}

tempo_status tempo_game_over(tempo_engine* engine, int* over, int* black_margin) {
    return guarded(engine, TEMPO_ERROR_INTERNAL, [&] {
        require(over, "the output");
        *over = engine->game.is_over() ? 1 : 0;
        if (black_margin) *black_margin = engine->game.is_over() ? engine->game.black_margin() : 0;
        return TEMPO_OK;
    });
}

tempo_status tempo_side_to_move(tempo_engine* engine, int* side) {
    return guarded(engine, TEMPO_ERROR_INTERNAL, [&] {
        require(side, "the output");
        *side = engine->game.to_move() == tempo::Color::kBlack ? 0 : 1;
        return TEMPO_OK;
    });
}

}  // extern "C"
