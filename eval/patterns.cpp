#include "eval/patterns.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "engine/symmetry.hpp"
#include "eval/bit_extract.hpp"

#if defined(__AVX512BITALG__) && defined(__AVX512BW__) && defined(__AVX512VL__)
#include <immintrin.h>
#define TEMPO_PATTERN_INDICES_AVX512 1
#endif

namespace tempo {

namespace {

// The squares of a mask in ascending order.
std::vector<int> squares_of(Bitboard mask) {
    std::vector<int> squares;
    for_each_square(mask, [&](int sq) { squares.push_back(sq); });
    return squares;
}

// digit_of[b] = the shape digit of the b-th lowest square of the placed mask, for symmetry k.
std::vector<int> digit_order(Bitboard base, int k) {
    const std::vector<int> base_squares = squares_of(base);
    const std::vector<int> placed = squares_of(transform(base, k));
    std::vector<int> digit_of(placed.size());
    for (std::size_t j = 0; j < base_squares.size(); ++j) {
        const int sq = transform_square(base_squares[j], k);
        digit_of[std::find(placed.begin(), placed.end(), sq) - placed.begin()] = static_cast<int>(j);
    }
    return digit_of;
}

struct PlacementTables {
    std::array<Placement, kPlacements> placements;
    // Distinct bits->ternary tables (many placements read their squares in the same order).
    std::map<std::vector<int>, std::unique_ptr<std::vector<std::uint16_t>>> ternary;

    PlacementTables() {
        int count = 0;
        for (int s = 0; s < kPatternShapes; ++s) {
            std::vector<Bitboard> seen;
            for (int k = 0; k < kSymmetries; ++k) {
                const Bitboard placed = transform(kShapes[s].mask, k);
                if (std::find(seen.begin(), seen.end(), placed) != seen.end()) continue;
                seen.push_back(placed);
                const std::vector<int> order = digit_order(kShapes[s].mask, k);
                auto& table = ternary[order];
                if (!table) {
                    table = std::make_unique<std::vector<std::uint16_t>>(std::size_t{1} << order.size());
                    for (std::size_t bits = 0; bits < table->size(); ++bits) {
                        int value = 0;
                        for (std::size_t b = 0; b < order.size(); ++b)
                            if (bits >> b & 1) value += pow3(order[b]);
                        (*table)[bits] = static_cast<std::uint16_t>(value);
                    }
                }
                placements.at(count++) = {s, placed, table->data(), k};
            }
        }
        if (count != kPlacements) throw std::logic_error("pattern placements: count mismatch");
    }
};

const PlacementTables& placement_tables() {
    static const PlacementTables tables;
    return tables;
}

// Per shape, for every index the smallest index of its images under the shape's own symmetries.
struct MirrorTables {
    std::array<std::vector<std::int32_t>, kPatternShapes> canonical;

    MirrorTables() {
        for (int s = 0; s < kPatternShapes; ++s) {
            const PatternShape& shape = kShapes[s];
            std::vector<std::vector<int>> perms;  // digit j goes to perm[j]
            const std::vector<int> base = squares_of(shape.mask);
            for (int k = 1; k < kSymmetries; ++k) {
                if (transform(shape.mask, k) != shape.mask) continue;
                std::vector<int> perm(base.size());
                for (std::size_t j = 0; j < base.size(); ++j)
                    perm[j] = static_cast<int>(std::find(base.begin(), base.end(), transform_square(base[j], k)) -
                                               base.begin());
                perms.push_back(perm);
            }
            auto& table = canonical[s];
            table.resize(shape.table_size);
            for (int index = 0; index < shape.table_size; ++index) {
                int best = index;
                for (const auto& perm : perms) {
                    int image = 0;
                    for (int j = 0, rest = index; j < shape.squares; ++j, rest /= 3)
                        image += (rest % 3) * pow3(perm[j]);
                    best = std::min(best, image);
                }
                table[index] = best;
            }
        }
    }
};

}  // namespace

const std::array<Placement, kPlacements>& placements() { return placement_tables().placements; }

void pattern_indices_portable(const Board& board, std::array<std::uint16_t, kPlacements>& out) {
    static const std::array<Placement, kPlacements>& all = placements();
    // Two bit extractions and two table reads per placement, no branch: the placements are fixed.
    for (int i = 0; i < kPlacements; ++i) {
        const Placement& p = all[i];
        out[i] = static_cast<std::uint16_t>(p.ternary[extract_bits(board.player, p.mask)] +
                                            2 * p.ternary[extract_bits(board.opponent, p.mask)]);
    }
}

#if defined(TEMPO_PATTERN_INDICES_AVX512)

namespace {

// The placements in groups of eight, one 64-bit lane each (the last group's two spare lanes hold 0).
constexpr int kPlacementGroups = (kPlacements + 7) / 8;

// The placements in groups of eight, one 64-bit lane each. A placement's index is split in two
// halves of five digits, low = digits 0-4 and high = digits 5-9 (index = low + 243 * high), so
// that every digit's term (at most 2 * 3^4 = 162) and every half (at most 242) fits in a byte. A
// byte lane holds one digit: the square it reads and its term for a disc of each side.

struct alignas(64) SimdPlacements {
    // [group][half]: per byte lane (placement 8 * group + lane / 8, digit 5 * half + lane % 8 when
    // lane % 8 < 5) the square read; unused lanes read a1 with zero terms.
    std::uint8_t square[kPlacementGroups][2][64] = {};
    std::uint8_t player_term[kPlacementGroups][2][64] = {};    // 3^(digit - 5 * half)
    std::uint8_t opponent_term[kPlacementGroups][2][64] = {};  // 2 * 3^(digit - 5 * half)

    SimdPlacements() {
        const std::array<Placement, kPlacements>& all = placements();
        for (int i = 0; i < kPlacements; ++i) {
            const Placement& p = all[i];
            const std::vector<int> base_squares = squares_of(kShapes[p.shape].mask);
            for (int digit = 0; digit < static_cast<int>(base_squares.size()); ++digit) {
                const int half = digit / 5, lane = (i % 8) * 8 + digit % 5;
                square[i / 8][half][lane] =
                    static_cast<std::uint8_t>(transform_square(base_squares[digit], p.symmetry));
                player_term[i / 8][half][lane] = static_cast<std::uint8_t>(pow3(digit % 5));
                opponent_term[i / 8][half][lane] = static_cast<std::uint8_t>(2 * pow3(digit % 5));
            }
        }
    }
};

// The sum of one half's terms for the eight placements of a group, one per 64-bit lane.
inline __m512i half_sums(const SimdPlacements& t, int group, int half, __m512i player, __m512i opponent) {
    const __m512i squares = _mm512_load_si512(t.square[group][half]);
    // Bit `squares[lane]` of the board, for every byte lane at once.
    const __mmask64 mine = _mm512_bitshuffle_epi64_mask(player, squares);
    const __mmask64 theirs = _mm512_bitshuffle_epi64_mask(opponent, squares);
    const __m512i terms =
        _mm512_mask_mov_epi8(_mm512_maskz_mov_epi8(mine, _mm512_load_si512(t.player_term[group][half])), theirs,
                             _mm512_load_si512(t.opponent_term[group][half]));
    return _mm512_sad_epu8(terms, _mm512_setzero_si512());  // sums the 8 bytes of each lane
}

// The 46 indices, placement 8 * group + lane in lane `lane` of out[group].
inline void pattern_index_lanes(const Board& board, __m512i (&out)[kPlacementGroups]) {
    static const SimdPlacements tables;
    const __m512i player = _mm512_set1_epi64(static_cast<long long>(board.player));
    const __m512i opponent = _mm512_set1_epi64(static_cast<long long>(board.opponent));
    const __m512i high_weight = _mm512_set1_epi64(243);
    for (int group = 0; group < kPlacementGroups; ++group) {
        const __m512i low = half_sums(tables, group, 0, player, opponent);
        const __m512i high = half_sums(tables, group, 1, player, opponent);
        // (The maskz forms with all lanes on: GCC 12 warns inside the plain forms' headers.)
        out[group] = _mm512_add_epi64(low, _mm512_maskz_mul_epu32(0xff, high, high_weight));
    }
}

// Per group, the start of each placement's shape table (64-bit lanes), and which lanes are real
// placements (the last group's two spare lanes are not).
struct GatherOffsets {
    __m512i shape_start[kPlacementGroups];
    __mmask8 real[kPlacementGroups];
    GatherOffsets() {
        for (int group = 0; group < kPlacementGroups; ++group) {
            alignas(64) long long lanes[8] = {};
            unsigned mask = 0;
            for (int lane = 0; lane < 8 && 8 * group + lane < kPlacements; ++lane) {
                lanes[lane] = kShapeTableStart[kPlacementShape[8 * group + lane]];
                mask |= 1u << lane;
            }
            shape_start[group] = _mm512_load_si512(lanes);
            real[group] = static_cast<__mmask8>(mask);
        }
    }
};

}  // namespace

// Six 8-lane gathers straight from the index vectors instead of storing 46 indices and reading
// them back one weight at a time. A gather reads 32 bits at the int16 weight's address (hence
// the one readable int16 after the last table), and the low half is the weight.
int pattern_weight_sum(const Board& board, const std::int16_t* shape_tables) {
    static const GatherOffsets gather;
    __m512i lanes[kPlacementGroups];
    pattern_index_lanes(board, lanes);
    __m256i sum = _mm256_setzero_si256();
    for (int group = 0; group < kPlacementGroups; ++group) {
        const __m512i at = _mm512_add_epi64(lanes[group], gather.shape_start[group]);
        const __m256i pairs = _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), gather.real[group], at, shape_tables,
                                                          sizeof(std::int16_t));
        sum = _mm256_add_epi32(sum, _mm256_srai_epi32(_mm256_slli_epi32(pairs, 16), 16));
    }
    const __m128i halves = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    const __m128i pairs = _mm_add_epi32(halves, _mm_unpackhi_epi64(halves, halves));
    return _mm_cvtsi128_si32(_mm_add_epi32(pairs, _mm_shuffle_epi32(pairs, 1)));
}

// 12 bit gathers, byte selects and byte sums instead of 92 extractions and table reads:
// `tempo_eval_bench` BM_PatternIndices 27.4 ns against 54.6 for the portable form (eval/README.md).
void pattern_indices(const Board& board, std::array<std::uint16_t, kPlacements>& out) {
    __m512i lanes[kPlacementGroups];
    pattern_index_lanes(board, lanes);
    for (int group = 0; group < kPlacementGroups; ++group) {
        const __m128i index = _mm512_maskz_cvtepi64_epi16(0xff, lanes[group]);
        // The last group is partly padding: only its real placements are written.
        const int count = std::min(8, kPlacements - 8 * group);
        _mm_mask_storeu_epi16(out.data() + 8 * group, static_cast<__mmask8>((1u << count) - 1), index);
    }
}

#else

void pattern_indices(const Board& board, std::array<std::uint16_t, kPlacements>& out) {
    pattern_indices_portable(board, out);
}

int pattern_weight_sum(const Board& board, const std::int16_t* shape_tables) {
    std::array<std::uint16_t, kPlacements> index;
    pattern_indices(board, index);
    int sum = 0;
    for (int i = 0; i < kPlacements; ++i) sum += shape_tables[kShapeTableStart[kPlacementShape[i]] + index[i]];
    return sum;
}

#endif

int pattern_index_reference(const Board& board, int placement) {
    const Placement& p = placements().at(placement);
    const Bitboard base = kShapes[p.shape].mask;
    // The placement came from the first symmetry that maps the base position onto its squares.
    int k = 0;
    while (transform(base, k) != p.mask) ++k;
    int index = 0, digit = 0;
    for (int sq : squares_of(base)) {
        const Bitboard bit = square_bit(transform_square(sq, k));
        index += ((board.player & bit) ? 1 : (board.opponent & bit) ? 2 : 0) * pow3(digit++);
    }
    return index;
}

int mirror_canonical_index(int shape, int index) {
    static const MirrorTables tables;
    return tables.canonical.at(shape).at(index);
}

}  // namespace tempo
