#include "tools/train/fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "engine/hash_key.hpp"
#include "eval/features.hpp"
#include "eval/pattern_eval.hpp"
#include "tools/train/checkpoint.hpp"

namespace tempo::train {

const std::vector<std::uint32_t>& tied_offsets() {
    static const std::vector<std::uint32_t> tied = [] {
        std::vector<std::uint32_t> t(kWeightsPerPhase);
        for (int o = 0; o < kWeightsPerPhase; ++o) t[o] = o;
        for (int s = 0; s < kPatternShapes; ++s)
            for (int index = 0; index < kShapes[s].table_size; ++index)
                t[kShapeTableStart[s] + index] = kShapeTableStart[s] + mirror_canonical_index(s, index);
        return t;
    }();
    return tied;
}

namespace {

double dot(const std::vector<double>& a, const std::vector<double>& b) {
    double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
    return sum;
}

// The training rows of one phase: tied feature offsets, kFeatures per row, and labels.
struct Rows {
    std::vector<std::uint32_t> features;
    std::vector<double> labels;
    std::size_t size() const { return labels.size(); }
};

// `percent`: the share of the positions kept, chosen by a hash of the position (learning curves).
Rows phase_rows(const std::vector<Sample>& samples, int lo, int hi, int exact_below, Bitboard playable, bool held_out,
                int percent, int searched_above = 60) {
    const auto& tied = tied_offsets();
    Rows rows;
    FeatureOffsets offsets;
    for (const Sample& s : samples) {
        if (s.held_out != held_out || s.empties < lo || s.empties > hi || (s.empties <= exact_below && !s.exact))
            continue;
        if (s.empties > searched_above && !s.searched && !s.exact) continue;
        if (percent < 100 && static_cast<int>(hash_key(s.board) % 100) >= percent) continue;
        feature_offsets(s.board, offsets, playable);
        for (std::uint32_t o : offsets) rows.features.push_back(tied[o]);
        rows.labels.push_back(s.label);
    }
    return rows;
}

// out = (X^T X + lambda I) v.
void normal_product(const Rows& rows, double lambda, const std::vector<double>& v, std::vector<double>& out) {
    for (std::size_t j = 0; j < v.size(); ++j) out[j] = lambda * v[j];
    const std::uint32_t* f = rows.features.data();
    for (std::size_t i = 0; i < rows.size(); ++i, f += kFeatures) {
        double xv = 0;
        for (int k = 0; k < kFeatures; ++k) xv += v[f[k]];
        for (int k = 0; k < kFeatures; ++k) out[f[k]] += xv;
    }
}

// Mean absolute error of weights `w` (representatives) on `rows`.
double mean_abs_error(const Rows& rows, const std::vector<double>& w) {
    double sum = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        double e = -rows.labels[i];
        for (int k = 0; k < kFeatures; ++k) e += w[rows.features[i * kFeatures + k]];
        sum += std::fabs(e);
    }
    return rows.size() ? sum / rows.size() : 0.0;
}

}  // namespace

std::vector<double> fit_phase(const std::vector<Sample>& samples, int lo, int hi, const FitOptions& options,
                              const std::vector<double>& start) {
    const auto t0 = std::chrono::steady_clock::now();
    const Rows rows = phase_rows(samples, lo - options.overlap, hi + options.overlap, options.exact_below,
                                 options.playable, false, options.train_percent, options.searched_above);
    const std::size_t n = kWeightsPerPhase;

    // Right-hand side X^T y, and the Jacobi preconditioner diag(X^T X) + lambda.
    std::vector<double> rhs(n, 0.0), diag(n, options.lambda);
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (int k = 0; k < kFeatures; ++k) {
            rhs[rows.features[i * kFeatures + k]] += rows.labels[i];
            diag[rows.features[i * kFeatures + k]] += 1.0;
        }

    std::vector<double> w = start.empty() ? std::vector<double>(n, 0.0) : start;
    const auto& tied = tied_offsets();
    for (std::size_t j = 0; j < n; ++j)
        if (tied[j] != j) w[j] = 0;  // only representatives are free variables
    std::vector<double> r(n), z(n), p(n), ap(n);
    normal_product(rows, options.lambda, w, ap);
    for (std::size_t j = 0; j < n; ++j) r[j] = rhs[j] - ap[j];
    for (std::size_t j = 0; j < n; ++j) z[j] = r[j] / diag[j];
    p = z;
    double rz = dot(r, z);
    for (int it = 0; it < options.iterations && rz > 1e-12; ++it) {
        normal_product(rows, options.lambda, p, ap);
        const double alpha = rz / dot(p, ap);
        for (std::size_t j = 0; j < n; ++j) {
            w[j] += alpha * p[j];
            r[j] -= alpha * ap[j];
            z[j] = r[j] / diag[j];
        }
        const double rz_next = dot(r, z);
        const double beta = rz_next / rz;
        rz = rz_next;
        for (std::size_t j = 0; j < n; ++j) p[j] = z[j] + beta * p[j];
    }

    const Rows held_out = phase_rows(samples, lo, hi, options.exact_below, options.playable, true, 100);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const Rows held_out_exact = phase_rows(samples, lo, hi, hi, options.playable, true, 100);  // exactly labelled only
    std::fprintf(stderr,
                 "  empties %2d-%2d: %8zu positions, train MAE %.2f, held-out MAE %.2f (%zu), against exact %.2f "
                 "(%zu), %.1f s\n",
                 lo, hi, rows.size(), mean_abs_error(rows, w), mean_abs_error(held_out, w), held_out.size(),
                 mean_abs_error(held_out_exact, w), held_out_exact.size(), seconds);
    for (std::size_t j = 0; j < n; ++j) w[j] = w[tied[j]];  // expand to every tied offset
    return w;
}

std::pair<int, int> phase_empties(int p, int phases, int max_empties) {
    int lo = max_empties, hi = 0;
    for (int e = 1; e <= max_empties; ++e)
        if (phase_of(e, phases, max_empties) == p) lo = std::min(lo, e), hi = std::max(hi, e);
    return {lo, hi};
}

namespace {

std::int16_t quantise(double discs) {
    return static_cast<std::int16_t>(std::clamp(std::lround(discs * kWeightUnitsPerDisc), -32767L, 32767L));
}

}  // namespace

EvalWeights fit_weights(const std::vector<Sample>& samples, Variant variant, int phases, const FitOptions& options,
                        const std::string& checkpoint_dir, int only_phase) {
    FitOptions phase_options = options;
    phase_options.playable = variant.playable();
    if (!checkpoint_dir.empty()) std::filesystem::create_directories(checkpoint_dir);
    EvalWeights out = zero_weights(variant, phases);
    std::vector<double> previous;
    for (int p = 0; p < phases; ++p) {
        if (only_phase >= 0 && p != only_phase) continue;
        const auto [lo, hi] = phase_empties(p, phases, variant.squares() - 4);
        const std::string checkpoint =
            checkpoint_dir.empty() ? "" : checkpoint_dir + "/phase" + std::to_string(p) + ".bin";
        std::vector<double> w = checkpoint.empty() ? std::vector<double>{} : read_checkpoint(checkpoint);
        if (w.empty()) {
            std::fprintf(stderr, "phase %d/%d\n", p + 1, phases);
            w = fit_phase(samples, lo, hi, phase_options, previous);
            if (!checkpoint.empty()) write_checkpoint(checkpoint, w);
        } else {
            std::fprintf(stderr, "phase %d/%d: from %s\n", p + 1, phases, checkpoint.c_str());
        }
        for (int j = 0; j < kWeightsPerPhase; ++j) out.weights[std::size_t(p) * kWeightsPerPhase + j] = quantise(w[j]);
        previous = std::move(w);
    }
    return out;
}

}  // namespace tempo::train
