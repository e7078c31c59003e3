#include "eval/patterns.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "engine/symmetry.hpp"
#include "eval/bit_extract.hpp"

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
                placements.at(count++) = {s, placed, table->data()};
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
                    for (int j = 0, rest = index; j < shape.squares; ++j, rest /= 3) image += (rest % 3) * pow3(perm[j]);
                    best = std::min(best, image);
                }
                table[index] = best;
            }
        }
    }
};

}  // namespace

const std::array<Placement, kPlacements>& placements() { return placement_tables().placements; }

void pattern_indices(const Board& board, std::array<std::uint16_t, kPlacements>& out) {
    static const std::array<Placement, kPlacements>& all = placements();
    // Two bit extractions and two table reads per placement, no branch: the placements are fixed.
    for (int i = 0; i < kPlacements; ++i) {
        const Placement& p = all[i];
        out[i] = static_cast<std::uint16_t>(p.ternary[extract_bits(board.player, p.mask)] +
                                            2 * p.ternary[extract_bits(board.opponent, p.mask)]);
    }
}

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
