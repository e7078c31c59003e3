// A small network on the squares that corrects the pattern sum (eval/README.md, "The residual
// network"). The pattern sum adds up what each shape sees on its own; how the squares of different
// shapes combine is what it misses, and a hidden layer over the whole board can learn it.
//
// Input: the board in canonical form (engine/symmetry.hpp; the 8 images of a position get the same
// value), one input per disc (64 for the side to move's squares, 64 for the opponent's), and the
// pattern sum in discs scaled by kPatternInputScale. One hidden layer of ReLU units; the output, in
// discs, is added to the pattern sum. One network per phase, in the weights file.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/board.hpp"

namespace tempo {

struct ResidualNet {
    static constexpr int kSquareInputs = 128;  // side to move's squares 0-63, then the opponent's
    static constexpr float kPatternInputScale = 1.0f / 32;
    // Hidden units are summed in this many interleaved partial sums, added in a fixed order: the same
    // result whatever the vector width the compiler picks, and no serial chain of float adds.
    static constexpr int kLanes = 16;
    static constexpr int kMaxHidden = 256;  // the evaluation keeps a hidden layer on the stack

    int hidden = 0;                      // a multiple of kLanes
    std::vector<float> square_weights;   // kSquareInputs x hidden, input-major (a disc adds its row)
    std::vector<float> pattern_weights;  // hidden
    std::vector<float> bias;             // hidden
    std::vector<float> out_weights;      // hidden
    float out_bias = 0;

    // Zero weights of `hidden` units (a multiple of kLanes).
    explicit ResidualNet(int hidden_units = 0);
    // Floats of a network of `hidden_units` units (as stored in the weights file).
    static constexpr std::size_t parameter_count(int hidden_units) {
        return std::size_t(kSquareInputs + 3) * hidden_units + 1;
    }
    // The weight vectors in their file order (the output bias follows them): the one place that
    // order is written down, for the file, the trainer's checkpoints and whoever fills a network.
    std::array<std::vector<float>*, 4> vectors() { return {&square_weights, &pattern_weights, &bias, &out_weights}; }
    std::array<const std::vector<float>*, 4> vectors() const {
        return {&square_weights, &pattern_weights, &bias, &out_weights};
    }
    // Whether the correction is 0 for every board (all output weights and the output bias zero).
    bool adds_nothing() const;

    // The correction in discs for a board already in canonical form and its pattern sum in discs.
    float correction(const Board& canonical_board, float pattern_discs) const;
};

}  // namespace tempo
