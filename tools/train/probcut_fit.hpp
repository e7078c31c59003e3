// The Multi-ProbCut model's fit (search/probcut.hpp): shallow against deep search values on sampled
// positions, written out as the C++ source of search/probcut_params.cpp.
#pragma once

#include <cstdint>
#include <string>

namespace tempo::train {

struct ProbcutFitOptions {
    std::string openings;  // XOT openings file, one transcript a line: positions by random play
    std::string games;     // or an engine-games file: positions of the engine's own games
    int positions = 200;
    int max_depth = 12;  // deepest depth fitted
    std::uint64_t seed = 1;
    std::string eval_file;  // weights file; empty: the shipped one
    int threads = 1;        // positions searched side by side, each thread on its own table
};

// Samples the positions, searches them, fits each depth and returns the source file's text
// (progress goes to stderr). Slow: minutes at the defaults.
std::string fit_probcut(const ProbcutFitOptions& options);

}  // namespace tempo::train
