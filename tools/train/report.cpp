#include "tools/train/report.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <sstream>

#include "engine/notation.hpp"
#include "formats/obf.hpp"

namespace tempo::train {

std::vector<Sample> exact_position_samples(const std::vector<std::string>& paths) {
    std::vector<Sample> out;
    for (const std::string& path : paths) {
        if (path.size() > 4 && path.substr(path.size() - 4) == ".obf") {
            for (const ObfPosition& p : read_obf_file(path)) {
                if (p.scores.empty()) continue;
                out.push_back({p.position.board, static_cast<std::int8_t>(p.scores.front().score),
                               static_cast<std::uint8_t>(p.position.board.empty_count()), true, true});
            }
            continue;
        }
        std::ifstream in(path);
        if (!in) throw std::runtime_error(path + ": cannot open");
        std::string line;
        while (std::getline(in, line)) {
            std::istringstream fields(line);
            std::string squares, side;
            int move = 0, black_score = 0;
            if (!(fields >> squares >> side >> move >> black_score) || squares.size() != 64) continue;
            const Position pos = parse_board(squares + " " + (side == "Black" ? "X" : "O"));
            const int label = pos.to_move == Color::kBlack ? black_score : -black_score;
            out.push_back({pos.board, static_cast<std::int8_t>(label),
                           static_cast<std::uint8_t>(pos.board.empty_count()), true, true});
        }
    }
    return out;
}

namespace {

// Prints MAE per bucket of `bucket` empties for the samples selected by `use`, and the total: of
// evaluate() (whole discs, what the search sees) and of the unrounded value (what a search in
// finer units would see).
template <typename Filter>
void print_mae(const Evaluator& eval, const std::vector<Sample>& samples, int bucket, const std::string& title,
               Filter use) {
    std::vector<double> error(61 / bucket + 1, 0.0), fine_error(error.size(), 0.0);
    std::vector<std::size_t> count(error.size(), 0);
    for (const Sample& s : samples) {
        if (!use(s)) continue;
        error[s.empties / bucket] += std::fabs(eval.evaluate(s.board) - s.label);
        fine_error[s.empties / bucket] += std::fabs(eval.evaluate_unrounded(s.board) - s.label);
        ++count[s.empties / bucket];
    }
    std::printf("%s\n  empties    positions    MAE (discs)    unrounded\n", title.c_str());
    for (std::size_t b = 0; b < error.size(); ++b)
        if (count[b])
            std::printf("  %2zu-%2zu  %11zu    %5.2f          %5.2f\n", b * bucket,
                        std::min<std::size_t>(60, b * bucket + bucket - 1), count[b], error[b] / count[b],
                        fine_error[b] / count[b]);
    const auto sum = [](const auto& v) { return std::accumulate(v.begin(), v.end(), 0.0); };
    if (const double n = sum(count))
        std::printf("  all    %11.0f    %5.2f          %5.2f\n", n, sum(error) / n, sum(fine_error) / n);
}

}  // namespace

void print_mae_held_out(const Evaluator& eval, const std::vector<Sample>& samples, int bucket) {
    print_mae(eval, samples, bucket,
              "held-out games, against game labels (theoretical score >= 24 empties, result below):",
              [](const Sample& s) { return s.held_out; });
    print_mae(eval, samples, 1,
              "held-out positions with exact labels (WTHOR theoretical score at 24 empties, solved positions):",
              [](const Sample& s) { return s.held_out && s.exact; });
}

void print_mae_exact(const Evaluator& eval, const std::vector<Sample>& samples, int bucket, const std::string& title) {
    print_mae(eval, samples, bucket, title, [](const Sample& s) { return s.exact; });
}

}  // namespace tempo::train
