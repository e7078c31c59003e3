#include "eval/residual_net.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace tempo {

ResidualNet::ResidualNet(int hidden_units)
    : hidden(hidden_units),
      square_weights(std::size_t(kSquareInputs) * hidden_units, 0.0f),
      pattern_weights(hidden_units, 0.0f),
      bias(hidden_units, 0.0f),
      out_weights(hidden_units, 0.0f) {}

bool ResidualNet::adds_nothing() const {
    return out_bias == 0.0f && std::all_of(out_weights.begin(), out_weights.end(), [](float w) { return w == 0.0f; });
}

namespace {

// The forward pass for H hidden units. H is a compile-time constant so that the hidden layer stays
// in vector registers while the discs' rows are added (a run-time width kept it in memory: a store
// and a reload per disc, 3x slower). Element-wise loops over the units vectorise without
// reordering any float sum: each unit adds its inputs in an order fixed here, so every build
// (AVX-512, AVX2, scalar) gets the same value.
template <int H>
float forward(const ResidualNet& net, const Board& board, float pattern_discs) {
    // Two partial sums, the side to move's discs and the opponent's: two independent chains of
    // float adds (one would wait the add's latency at every disc), joined in a fixed order.
    std::array<float, H> mine{}, theirs{};
    const float* rows = net.square_weights.data();
    for (Bitboard discs = board.player; discs; discs &= discs - 1) {
        const float* row = rows + std::size_t(first_square(discs)) * H;
        for (int j = 0; j < H; ++j) mine[j] += row[j];
    }
    for (Bitboard discs = board.opponent; discs; discs &= discs - 1) {
        const float* row = rows + std::size_t(64 + first_square(discs)) * H;
        for (int j = 0; j < H; ++j) theirs[j] += row[j];
    }
    const float x = pattern_discs * ResidualNet::kPatternInputScale;
    std::array<float, ResidualNet::kLanes> lanes{};
    for (int j = 0; j < H; j += ResidualNet::kLanes)
        for (int k = 0; k < ResidualNet::kLanes; ++k) {
            const float h = (net.bias[j + k] + x * net.pattern_weights[j + k]) + (mine[j + k] + theirs[j + k]);
            lanes[k] += std::max(h, 0.0f) * net.out_weights[j + k];
        }
    float sum = net.out_bias;
    for (float lane : lanes) sum += lane;
    return sum;
}

using Forward = float (*)(const ResidualNet&, const Board&, float);

// forward<16>, forward<32>, ... forward<kMaxHidden>, by hidden / kLanes - 1.
template <std::size_t... I>
constexpr std::array<Forward, sizeof...(I)> forward_table(std::index_sequence<I...>) {
    return {&forward<int(I + 1) * ResidualNet::kLanes>...};
}
constexpr auto kForward = forward_table(std::make_index_sequence<ResidualNet::kMaxHidden / ResidualNet::kLanes>());

}  // namespace

float ResidualNet::correction(const Board& canonical_board, float pattern_discs) const {
    return kForward[hidden / kLanes - 1](*this, canonical_board, pattern_discs);
}

}  // namespace tempo
