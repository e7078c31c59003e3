/* libtempo: the Tempo Othello engine as a library, behind a small C API.
 *
 * An engine (tempo_engine) holds one game and everything that plays it: the evaluation, the opening
 * book, the search with its threads and table. Squares are 0..63 with a1 = 0 (top-left), h1 = 7,
 * h8 = 63 (on 6x6, the same numbering inside the 8x8 grid: a1 = 0, f6 = 45); TEMPO_PASS is a pass.
 * Scores are final-disc margins from the side to move's view (official scoring: empties to the
 * winner; Anti-Reversi: the side with fewer discs wins).
 *
 * Errors: every call returns a tempo_status; on an error tempo_last_error(engine) says what was
 * wrong in a sentence, and the engine stays usable (its game unchanged). No C++ exception crosses
 * the API.
 *
 * Threads: an engine is used by one thread at a time, except tempo_stop, which any thread may call
 * while another searches on the engine; it ends that search within milliseconds, the search then
 * returning its best move so far. Different engines are independent and may search at once.
 */
#ifndef TEMPO_TEMPO_H
#define TEMPO_TEMPO_H

#include <stddef.h>
#include <stdint.h>

/* The library's exported functions; everything else in it stays hidden. */
#if defined(_WIN32)
#define TEMPO_API __declspec(dllexport)
#else
#define TEMPO_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define TEMPO_PASS 64
#define TEMPO_NO_MOVE (-1)
#define TEMPO_MAX_PV 64

typedef enum tempo_status {
    TEMPO_OK = 0,
    TEMPO_ERROR_NULL,          /* a required pointer (the engine, an output) is null */
    TEMPO_ERROR_BAD_OPTION,    /* an option or argument out of range: variant, threads, depth... */
    TEMPO_ERROR_BAD_POSITION,  /* a board string or transcript that does not parse */
    TEMPO_ERROR_ILLEGAL_MOVE,  /* a move that is not legal in the current position */
    TEMPO_ERROR_FILE,          /* a weights or book file missing, unreadable or corrupt */
    TEMPO_ERROR_NOTHING_TO_UNDO,
    TEMPO_ERROR_BUFFER,        /* an output buffer too small (the count needed is still written) */
    TEMPO_ERROR_INTERNAL       /* anything else; tempo_last_error says what */
} tempo_status;

typedef struct tempo_engine tempo_engine;

typedef struct tempo_options {
    const char* variant;       /* "8x8" (NULL: 8x8), "6x6", "anti", "anti6x6" */
    const char* weights_file;  /* NULL: the shipped weights of the variant */
    const char* book_file;     /* NULL: the shipped book of the variant, if any */
    int use_book;              /* 0: no opening book (tempo_play_level then always searches) */
    int threads;               /* search threads, 1..256 */
    int hash_mb;               /* transposition table, 1..65536 MB */
} tempo_options;

/* The defaults: 8x8, shipped weights and book, 1 thread, 64 MB. */
TEMPO_API void tempo_options_default(tempo_options* options);

/* A new engine at the variant's start position (options NULL: the defaults); *engine is NULL on an
 * error, whose message tempo_last_error(NULL) gives. */
TEMPO_API tempo_status tempo_create(const tempo_options* options, tempo_engine** engine);
TEMPO_API void tempo_destroy(tempo_engine* engine);

/* The message of the last call on `engine` that failed ("" after a success), valid until the next
 * call on it. With NULL: the last failed call of this thread that had no engine to hold it
 * (tempo_create, tempo_perft, a call given a null engine). */
TEMPO_API const char* tempo_last_error(const tempo_engine* engine);
/* The status's name, e.g. "TEMPO_ERROR_ILLEGAL_MOVE". */
TEMPO_API const char* tempo_status_name(tempo_status status);

/* --- The game --- */

/* A board string (64 squares a1..h8: X black, O white, - empty; then the side to move, X or O) or
 * a transcript from the start ("f5d6c3"); "" is the start. */
TEMPO_API tempo_status tempo_set_position(tempo_engine* engine, const char* text);
/* The current board as such a string (65 chars and a NUL: `size` at least 67). */
TEMPO_API tempo_status tempo_get_board(tempo_engine* engine, char* out, size_t size);
/* The legal moves of the side to move: squares ascending, or one TEMPO_PASS when it must pass, or
 * none when the game is over. */
TEMPO_API tempo_status tempo_legal_moves(tempo_engine* engine, int* moves, int capacity, int* count);
/* Plays a move given as a square (0..63 or TEMPO_PASS) or as text ("f5", "pass"). */
TEMPO_API tempo_status tempo_play(tempo_engine* engine, int move);
TEMPO_API tempo_status tempo_play_text(tempo_engine* engine, const char* move);
TEMPO_API tempo_status tempo_undo(tempo_engine* engine);
/* Forgets what the searches learnt (the transposition table), as for a new game: the next search
 * of a position then counts the nodes `tempo bench` counts. */
TEMPO_API tempo_status tempo_clear(tempo_engine* engine);
/* 1 when the game is over, with the final margin (black's view) in *black_margin. */
TEMPO_API tempo_status tempo_game_over(tempo_engine* engine, int* over, int* black_margin);
/* The side to move: 0 black, 1 white. */
TEMPO_API tempo_status tempo_side_to_move(tempo_engine* engine, int* side);

/* --- Evaluation and search --- */

/* The static evaluation of the current position, discs from the side to move's view. */
TEMPO_API tempo_status tempo_evaluate(tempo_engine* engine, double* score);

typedef struct tempo_limits {
    int depth;        /* plies, 1..60 (0: no depth limit) */
    double seconds;   /* time for this search (0: none) */
    uint64_t nodes;   /* 0: unlimited */
    int multi_pv;     /* best moves scored with full windows, 1..64 */
    int endgame;      /* 0 auto (solve when the time or depth allows), 1 exact solve now, 2 win/loss/draw now, 3 never */
} tempo_limits;
TEMPO_API void tempo_limits_default(tempo_limits* limits); /* depth 60, no time, 1 line, auto */

typedef struct tempo_line {
    int move;                /* TEMPO_NO_MOVE when the game is over */
    int score;
    int pv[TEMPO_MAX_PV];
    int pv_length;
} tempo_line;

typedef struct tempo_result {
    int move;                /* the best move; TEMPO_PASS when it must pass; TEMPO_NO_MOVE when over */
    int score;
    int depth;               /* plies (empties when solved) */
    int selectivity;         /* percent: 100 = exact alpha-beta */
    int solved;              /* 1: the score is an exact (or, with wld, win/loss/draw) result */
    int wld;                 /* 1: the score is only -1/0/+1 */
    int book;                /* 1: the move comes from the opening book */
    int stopped;             /* 1: tempo_stop ended the search early */
    uint64_t nodes;
    double seconds;
    int pv[TEMPO_MAX_PV];
    int pv_length;
} tempo_result;

/* Called on the searching thread after each iteration. */
typedef void (*tempo_progress)(const tempo_result* progress, void* user);

/* Searches the current position (no book, no noise). With multi_pv > 1, `lines` (may be NULL)
 * receives up to `line_capacity` best moves, best first, and *line_count their number. */
TEMPO_API tempo_status tempo_search(tempo_engine* engine, const tempo_limits* limits, tempo_progress progress, void* user,
                          tempo_result* result, tempo_line* lines, int line_capacity, int* line_count);
/* Solves the current position exactly (wld = 0) or for win/loss/draw (wld = 1). */
TEMPO_API tempo_status tempo_solve(tempo_engine* engine, int wld, tempo_result* result);
/* Chooses a move as a player at `level` ("easy", "normal", "hard" or "1".."60"): the book first,
 * then the level's search, a weak level's noise; `seconds` > 0 caps the time. Does not play it. */
TEMPO_API tempo_status tempo_play_level(tempo_engine* engine, const char* level, double seconds, tempo_result* result);
/* Ends the search running on `engine` (from any thread); no effect when none runs. */
TEMPO_API void tempo_stop(tempo_engine* engine);

/* --- Book and perft --- */

typedef struct tempo_book_move {
    int move;
    int score;
    int depth;     /* plies of search behind the value */
    int exact;
    uint32_t games;
} tempo_book_move;

/* The opening book's moves for the current position, best first (none outside the book). */
TEMPO_API tempo_status tempo_book_moves(tempo_engine* engine, tempo_book_move* moves, int capacity, int* count);

/* Leaf count of the move tree from the variant's start (a forced pass uses a ply; a game that ends
 * early is one leaf). `variant` as in tempo_options; depth 0..20. */
TEMPO_API tempo_status tempo_perft(const char* variant, int depth, uint64_t* leaves);

#ifdef __cplusplus
}
#endif

#endif /* TEMPO_TEMPO_H */
