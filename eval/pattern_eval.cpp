#include "eval/pattern_eval.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>

#include "engine/symmetry.hpp"

namespace tempo {

PatternEvaluator::PatternEvaluator(EvalWeights weights)
    : weights_(std::move(weights)),
      playable_(weights_.variant.playable()),
      unit_shift_(std::has_single_bit(unsigned(weights_.units_per_disc))
                      ? std::countr_zero(unsigned(weights_.units_per_disc))
                      : -1) {
    if (weights_.weights_per_phase != kWeightsPerPhase ||
        weights_.weights.size() != std::size_t(weights_.phases) * kWeightsPerPhase)
        throw std::runtime_error("pattern evaluator: weights do not match this pattern set");
    if (!weights_.nets.empty() && weights_.nets.size() != std::size_t(weights_.phases))
        throw std::runtime_error("pattern evaluator: one residual network per phase expected");
    for (const ResidualNet& net : weights_.nets)
        if (net.hidden <= 0 || net.hidden > ResidualNet::kMaxHidden || net.hidden % ResidualNet::kLanes != 0 ||
            net.square_weights.size() != std::size_t(ResidualNet::kSquareInputs) * net.hidden)
            throw std::runtime_error("pattern evaluator: malformed residual network");
    const int max_empties = weights_.variant.squares() - 4;
    for (int empties = 0; empties <= 64; ++empties) {
        const int phase = phase_of(std::min(empties, max_empties), weights_.phases, max_empties);
        table_by_empties_[empties] = weights_.weights.data() + std::size_t(phase) * kWeightsPerPhase;
        // A phase whose network adds 0 (all output weights and the bias zero) is skipped: same value, no cost.
        if (!weights_.nets.empty() && !weights_.nets[phase].adds_nothing())
            net_by_empties_[empties] = &weights_.nets[phase];
    }
}

int PatternEvaluator::evaluate_fine(const Board& board) const {
    return pattern_sum(board, board.empty_count(playable_));
}

#if defined(TEMPO_PATTERN_INDICES_AVX512)

namespace {

// Per group of eight placements, the start of each one's shape table (64-bit lanes), and which
// lanes are real placements (the last group's two spare lanes are not).
struct GatherOffsets {
    __m512i shape_offset[kPlacementGroups];
    __mmask8 real[kPlacementGroups];
    GatherOffsets() {
        for (int group = 0; group < kPlacementGroups; ++group) {
            alignas(64) long long lanes[8] = {};
            unsigned mask = 0;
            for (int lane = 0; lane < 8 && 8 * group + lane < kPlacements; ++lane) {
                lanes[lane] = kShapeOffset[kPlacementShape[8 * group + lane]];
                mask |= 1u << lane;
            }
            shape_offset[group] = _mm512_load_si512(lanes);
            real[group] = static_cast<__mmask8>(mask);
        }
    }
};

}  // namespace

// The 46 pattern weights by six 8-lane gathers straight from the index vectors, instead of
// storing 46 indices and reading them back one weight at a time. A gather reads 32 bits at the
// int16 weight's address (the next weight is still in the phase's table: pattern tables are
// followed by the mobility ones), and the low half is the weight.
int PatternEvaluator::pattern_sum(const Board& board, int empties) const {
    static const GatherOffsets gather;
    const std::int16_t* w = table_by_empties_[empties];
    PatternIndexLanes lanes;
    pattern_index_lanes(board, lanes);
    __m256i sum = _mm256_setzero_si256();
    for (int group = 0; group < kPlacementGroups; ++group) {
        const __m512i at = _mm512_add_epi64(lanes[group], gather.shape_offset[group]);
        const __m256i pairs =
            _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), gather.real[group], at, w, sizeof(std::int16_t));
        sum = _mm256_add_epi32(sum, _mm256_srai_epi32(_mm256_slli_epi32(pairs, 16), 16));
    }
    const __m128i halves = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    const __m128i pairs = _mm_add_epi32(halves, _mm_unpackhi_epi64(halves, halves));
    int total = _mm_cvtsi128_si32(_mm_add_epi32(pairs, _mm_shuffle_epi32(pairs, 1)));
    const int mine = popcount(board.moves(playable_));
    const int theirs = popcount(board.passed().moves(playable_));
    total += w[kPlayerMobilityOffset + std::min(mine, kMobilityEntries - 1)];
    total += w[kOpponentMobilityOffset + std::min(theirs, kMobilityEntries - 1)];
    return total + w[kParityOffset + (empties & 1)];
}

#else

int PatternEvaluator::pattern_sum(const Board& board, int empties) const {
    FeatureOffsets offsets;
    feature_offsets(board, offsets, playable_);
    const std::int16_t* w = table_by_empties_[empties];
    int sum = 0;
    for (std::uint32_t offset : offsets) sum += w[offset];
    return sum;
}

#endif

float PatternEvaluator::correction(const Board& board, int fine) const {
    return correction(net_by_empties_[board.empty_count(playable_)], board, fine);
}

float PatternEvaluator::correction(const ResidualNet* net, const Board& board, int fine) const {
    return net ? net->correction(canonical(board), float(fine) / float(weights_.units_per_disc)) : 0.0f;
}

int PatternEvaluator::total_fine(const Board& board) const {
    const int empties = board.empty_count(playable_);
    const int fine = pattern_sum(board, empties);
    // The network's correction joins the sum in whole units, so rounding stays in integers.
    if (const ResidualNet* net = net_by_empties_[empties])
        return fine + static_cast<int>(std::lround(correction(net, board, fine) * float(weights_.units_per_disc)));
    return fine;
}

double PatternEvaluator::evaluate_unrounded(const Board& board) const {
    return std::clamp(double(total_fine(board)) / weights_.units_per_disc, -64.0, 64.0);
}

int PatternEvaluator::evaluate(const Board& board) const {
    const int units = weights_.units_per_disc;
    const int fine = total_fine(board);
    // Round to the nearest disc, halves away from zero (symmetric for both sides). A shift where
    // the unit is a power of two (the shipped 1/128): a division was 7% of the midgame's time.
    const int magnitude = (fine >= 0 ? fine : -fine) + units / 2;
    const int whole = unit_shift_ >= 0 ? magnitude >> unit_shift_ : magnitude / units;
    return std::clamp(fine >= 0 ? whole : -whole, -kMaxScore, kMaxScore);
}

}  // namespace tempo
