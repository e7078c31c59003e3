// Multi-ProbCut constants, fitted by
//   tempo-train fit-probcut --openings xot-small --positions 160 --max-depth 11 --seed 1
// (160 positions; columns: slope, offset, sigma_base, sigma_per_empty; deeper depths than fitted repeat the last row).
#include "search/probcut.hpp"

namespace tempo {

namespace {

constexpr ProbcutFit kFits[kProbcutMaxDepth - kProbcutMinDepth + 1] = {
    {0.9337, -0.5686, 7.1034, -0.00848},  // 3
    {0.9650, -0.2583, 4.2595, 0.01971},   // 4
    {0.9520, -0.1014, 3.7178, 0.01975},   // 5
    {0.9410, -0.1303, 5.1222, 0.04938},   // 6
    {0.9274, 0.0382, 4.1505, 0.04198},    // 7
    {0.9786, 0.4273, 3.6460, 0.05789},    // 8
    {0.9601, 0.1882, 4.2173, 0.01036},    // 9
    {0.9544, 1.0327, 5.2008, 0.02081},    // 10
    {0.9566, 0.3023, 4.3821, 0.02464},    // 11
    {0.9566, 0.3023, 4.3821, 0.02464},    // 12
    {0.9566, 0.3023, 4.3821, 0.02464},    // 13
    {0.9566, 0.3023, 4.3821, 0.02464},    // 14
    {0.9566, 0.3023, 4.3821, 0.02464},    // 15
    {0.9566, 0.3023, 4.3821, 0.02464},    // 16
};

}  // namespace

const ProbcutFit& probcut_fit(int depth) {
    const int row = std::clamp(depth, kProbcutMinDepth, kProbcutMaxDepth) - kProbcutMinDepth;
    return kFits[row];
}

}  // namespace tempo
