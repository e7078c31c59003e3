/* Solves a position given on the command line (a board string or a transcript), or FForum #40 by
 * default, with libtempo; built against the installed library:
 *
 *   cc solve_position.c $(pkg-config --cflags --libs tempo) -o solve_position
 *   ./solve_position "f5d6c3d3c4f4f6f3e6e7d7"
 */
#include <stdio.h>
#include <tempo/tempo.h>

static const char* square_name(int square, char name[3]) {
    if (square == TEMPO_PASS) return "pass";
    name[0] = (char)('a' + square % 8);
    name[1] = (char)('1' + square / 8);
    name[2] = '\0';
    return name;
}

int main(int argc, char** argv) {
    const char* position =
        argc > 1 ? argv[1] : "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    tempo_engine* engine = NULL;
    tempo_status status = tempo_create(NULL, &engine);
    if (status != TEMPO_OK) {
        fprintf(stderr, "tempo_create: %s\n", tempo_last_error(NULL));
        return 1;
    }
    status = tempo_set_position(engine, position);
    tempo_result result;
    if (status == TEMPO_OK) status = tempo_solve(engine, 0, &result);
    if (status != TEMPO_OK) {
        fprintf(stderr, "%s: %s\n", tempo_status_name(status), tempo_last_error(engine));
        tempo_destroy(engine);
        return 1;
    }
    char name[3];
    printf("best %s, score %+d, %llu nodes\n", square_name(result.move, name), result.score,
           (unsigned long long)result.nodes);
    tempo_destroy(engine);
    return 0;
}
