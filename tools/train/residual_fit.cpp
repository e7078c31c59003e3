#include "tools/train/residual_fit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>

#include "engine/symmetry.hpp"
#include "tools/train/checkpoint.hpp"
#include "tools/train/fit.hpp"

namespace tempo::train {

namespace {

// One training position as the network sees it.
struct NetRow {
    Board canonical;
    float pattern;  // the pattern sum, discs
    float target;   // label - pattern sum, discs
    bool exact;
};

std::vector<NetRow> net_rows(const std::vector<Sample>& samples, const PatternEvaluator& patterns, int lo, int hi,
                             int exact_below, bool held_out) {
    std::vector<NetRow> rows;
    const float units = float(patterns.weights().units_per_disc);
    for (const Sample& s : samples) {
        if (s.held_out != held_out || s.empties < lo || s.empties > hi || (s.empties <= exact_below && !s.exact))
            continue;
        const float pattern = float(patterns.evaluate_fine(s.board)) / units;
        rows.push_back({canonical(s.board), pattern, float(s.label) - pattern, s.exact});
    }
    return rows;
}

// Where each group of parameters sits in one flat vector (ResidualNet::vectors()' order, then the output bias).
struct Layout {
    int hidden;
    std::size_t pattern() const { return std::size_t(ResidualNet::kSquareInputs) * hidden; }
    std::size_t bias() const { return pattern() + hidden; }
    std::size_t out() const { return bias() + hidden; }
    std::size_t out_bias() const { return out() + hidden; }
    std::size_t size() const { return out_bias() + 1; }
};

// The network's output for a row, keeping the hidden layer (pre-activation) in `h`.
float forward(const std::vector<float>& theta, const Layout& at, const NetRow& row, std::vector<float>& h) {
    const int n = at.hidden;
    const float x = row.pattern * ResidualNet::kPatternInputScale;
    for (int j = 0; j < n; ++j) h[j] = theta[at.bias() + j] + x * theta[at.pattern() + j];
    for (int side = 0; side < 2; ++side)
        for (Bitboard b = side ? row.canonical.opponent : row.canonical.player; b; b &= b - 1) {
            const float* w = theta.data() + std::size_t(side * 64 + first_square(b)) * n;
            for (int j = 0; j < n; ++j) h[j] += w[j];
        }
    float y = theta[at.out_bias()];
    for (int j = 0; j < n; ++j) y += std::max(h[j], 0.0f) * theta[at.out() + j];
    return y;
}

// Rounded to discs, halves away from zero, as the evaluation does.
int rounded(float discs) { return static_cast<int>(std::lround(std::clamp(discs, -64.0f, 64.0f))); }

struct HeldOutError {
    double all = 0, exact = 0;
    std::size_t exact_count = 0;
};

HeldOutError held_out_error(const std::vector<float>& theta, const Layout& at, const std::vector<NetRow>& rows,
                            bool network) {
    std::vector<float> h(at.hidden);
    HeldOutError e;
    for (const NetRow& row : rows) {
        const float value = row.pattern + (network ? forward(theta, at, row, h) : 0.0f);
        const double error = std::abs(rounded(value) - rounded(row.pattern + row.target));
        e.all += error;
        if (row.exact) e.exact += error, ++e.exact_count;
    }
    if (!rows.empty()) e.all /= double(rows.size());
    if (e.exact_count) e.exact /= double(e.exact_count);
    return e;
}

// The flat vector holds the network's vectors in their file order (Layout), then the output bias.
ResidualNet to_net(const std::vector<float>& theta, const Layout& at) {
    ResidualNet net(at.hidden);
    auto from = theta.begin();
    for (std::vector<float>* values : net.vectors()) {
        std::copy(from, from + std::ptrdiff_t(values->size()), values->begin());
        from += std::ptrdiff_t(values->size());
    }
    net.out_bias = *from;
    return net;
}

}  // namespace

ResidualNet fit_residual_phase(const std::vector<Sample>& samples, const PatternEvaluator& patterns, int lo, int hi,
                               const NetFitOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<NetRow> train =
        net_rows(samples, patterns, lo - options.overlap, hi + options.overlap, options.exact_below, false);
    const std::vector<NetRow> held_out = net_rows(samples, patterns, lo, hi, options.exact_below, true);
    const Layout at{options.hidden};
    const int n = at.hidden;

    // Small random first layers, so that the units start different; the rest zero.
    std::mt19937_64 rng(options.seed * 0x9e3779b97f4a7c15ULL + std::uint64_t(lo));
    std::uniform_real_distribution<float> small(-0.05f, 0.05f);
    std::vector<float> theta(at.size(), 0.0f);
    for (std::size_t i = 0; i < at.bias(); ++i) theta[i] = small(rng);
    for (int j = 0; j < n; ++j) theta[at.out() + j] = small(rng);

    const HeldOutError base = held_out_error(theta, at, held_out, false);
    std::fprintf(stderr,
                 "  empties %2d-%2d: %zu training positions; held-out %zu, pattern sum alone MAE %.3f, "
                 "against exact %.3f (%zu)\n",
                 lo, hi, train.size(), held_out.size(), base.all, base.exact, base.exact_count);

    // Adam's moments; the gradient of one batch.
    std::vector<float> m(at.size(), 0.0f), v(at.size(), 0.0f), g(at.size(), 0.0f), h(n), dh(n);
    const float beta1 = 0.9f, beta2 = 0.999f, epsilon = 1e-8f;
    double beta1_t = 1, beta2_t = 1;
    std::vector<std::uint32_t> order(train.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = std::uint32_t(i);

    std::vector<float> best = theta;
    double best_error = base.all;
    int best_epoch = 0;
    double rate = options.rate;
    for (int epoch = 1; epoch <= options.epochs; ++epoch, rate *= options.rate_decay) {
        std::shuffle(order.begin(), order.end(), rng);
        double squared = 0;
        for (std::size_t first = 0; first < order.size(); first += options.batch) {
            const std::size_t last = std::min(order.size(), first + std::size_t(options.batch));
            const float scale = 1.0f / float(last - first);
            std::fill(g.begin(), g.end(), 0.0f);
            for (std::size_t k = first; k < last; ++k) {
                const NetRow& row = train[order[k]];
                const float error = forward(theta, at, row, h) - row.target;
                squared += double(error) * error;
                const float dy = error * scale;  // d(mean squared error / 2) / d(output)
                g[at.out_bias()] += dy;
                const float x = row.pattern * ResidualNet::kPatternInputScale;
                for (int j = 0; j < n; ++j) {
                    const bool active = h[j] > 0;
                    g[at.out() + j] += active ? dy * h[j] : 0.0f;
                    dh[j] = active ? dy * theta[at.out() + j] : 0.0f;
                    g[at.bias() + j] += dh[j];
                    g[at.pattern() + j] += dh[j] * x;
                }
                for (int side = 0; side < 2; ++side)
                    for (Bitboard b = side ? row.canonical.opponent : row.canonical.player; b; b &= b - 1) {
                        float* gw = g.data() + std::size_t(side * 64 + first_square(b)) * n;
                        for (int j = 0; j < n; ++j) gw[j] += dh[j];
                    }
            }
            beta1_t *= beta1, beta2_t *= beta2;
            const float step = float(rate * std::sqrt(1 - beta2_t) / (1 - beta1_t));
            for (std::size_t i = 0; i < theta.size(); ++i) {
                m[i] = beta1 * m[i] + (1 - beta1) * g[i];
                v[i] = beta2 * v[i] + (1 - beta2) * g[i] * g[i];
                theta[i] -= step * m[i] / (std::sqrt(v[i]) + epsilon);
            }
        }
        const HeldOutError e = held_out_error(theta, at, held_out, true);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::fprintf(stderr, "    epoch %2d: train RMSE %.3f, held-out MAE %.3f, against exact %.3f, %.0f s\n", epoch,
                     std::sqrt(squared / std::max<std::size_t>(1, train.size())), e.all, e.exact, seconds);
        if (e.all < best_error) best_error = e.all, best = theta, best_epoch = epoch;
    }
    std::fprintf(stderr, "    kept epoch %d (held-out MAE %.3f)\n", best_epoch, best_error);
    return best_epoch ? to_net(best, at) : ResidualNet(n);  // no epoch helped: a network that adds 0
}

void fit_residual_nets(const std::vector<Sample>& samples, EvalWeights& weights, Variant variant,
                       const NetFitOptions& options, const std::vector<int>& only_phases,
                       const std::string& checkpoint_dir) {
    weights.nets.clear();
    const PatternEvaluator patterns(weights);
    if (!checkpoint_dir.empty()) std::filesystem::create_directories(checkpoint_dir);
    for (int p = 0; p < weights.phases; ++p) {
        ResidualNet net(options.hidden);
        if (only_phases.empty() || std::count(only_phases.begin(), only_phases.end(), p)) {
            const auto [lo, hi] = phase_empties(p, weights.phases, variant.squares() - 4);
            const std::string checkpoint =
                checkpoint_dir.empty() ? "" : checkpoint_dir + "/net" + std::to_string(p) + ".bin";
            if (!checkpoint.empty() && read_net_checkpoint(checkpoint, net)) {
                std::fprintf(stderr, "phase %d/%d: from %s\n", p + 1, weights.phases, checkpoint.c_str());
            } else {
                std::fprintf(stderr, "phase %d/%d\n", p + 1, weights.phases);
                net = fit_residual_phase(samples, patterns, lo, hi, options);
                if (!checkpoint.empty()) write_net_checkpoint(checkpoint, net);
            }
        }
        weights.nets.push_back(std::move(net));
    }
}

}  // namespace tempo::train
