// The loop of tempo.evaluate_many (python/batch.cpp) in C, through the C API, timed: bench/python_bench.py
// compares the Python call with it. Reads N positions of 64 int8 squares (1 the side to move's disc,
// -1 the opponent's, 0 empty), evaluates each (board string, tempo_set_position, tempo_evaluate) on
// THREADS threads, each with its own engine, and prints the seconds and the sum of the scores.
//
//   tempo_library_batch_bench POSITIONS.bin THREADS
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include <tempo/tempo.h>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s POSITIONS.bin THREADS\n", argv[0]);
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    const std::vector<char> squares((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const long n = static_cast<long>(squares.size() / 64);
    const int threads = std::stoi(argv[2]);
    if (!file.good() && !file.eof()) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    std::vector<tempo_engine*> engines(static_cast<std::size_t>(threads));
    for (tempo_engine*& engine : engines) {
        tempo_options options;
        tempo_options_default(&options);
        options.use_book = 0;
        options.hash_mb = 1;
        if (tempo_create(&options, &engine) != TEMPO_OK) {
            std::fprintf(stderr, "tempo_create: %s\n", tempo_last_error(nullptr));
            return 1;
        }
    }
    std::vector<double> scores(static_cast<std::size_t>(n));
    std::atomic<long> next{0};
    constexpr long kBlock = 4096;  // as python/batch.cpp hands them out
    const auto work = [&](tempo_engine* engine) {
        for (long first = next.fetch_add(kBlock); first < n; first = next.fetch_add(kBlock)) {
            for (long i = first; i < std::min(n, first + kBlock); ++i) {
                char text[67];
                for (int s = 0; s < 64; ++s) {
                    const signed char v = static_cast<signed char>(squares[static_cast<std::size_t>(i * 64 + s)]);
                    text[s] = v == 1 ? 'X' : v == -1 ? 'O' : '-';
                }
                text[64] = ' ';
                text[65] = 'X';
                text[66] = '\0';
                if (tempo_set_position(engine, text) != TEMPO_OK ||
                    tempo_evaluate(engine, &scores[static_cast<std::size_t>(i)]) != TEMPO_OK) {
                    std::fprintf(stderr, "position %ld: %s\n", i, tempo_last_error(engine));
                    std::exit(1);
                }
            }
        }
    };
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; ++t) workers.emplace_back(work, engines[static_cast<std::size_t>(t)]);
    work(engines[0]);
    for (std::thread& worker : workers) worker.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double sum = 0;
    for (double score : scores) sum += score;
    std::printf("%ld positions in %.3f s, score sum %.3f\n", n, seconds, sum);
    for (tempo_engine* engine : engines) tempo_destroy(engine);
    return 0;
}
