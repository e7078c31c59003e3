// Multi-ProbCut constants, fitted by
//   tempo-train fit-probcut --games data/games/selfplay-33-2-of-8.txt.gz --positions 3000 --max-depth 12 --seed 7
// (the rows of depths 1 and 2: the same command with --max-depth 3 after kProbcutMinDepth went to
// 2, then to 1; each run reproduces the rows fitted before it exactly)
// (3000 positions; columns: slope, offset, sigma_base, sigma_per_empty; deeper depths than fitted repeat the last row).
#include "search/midgame/probcut.hpp"

namespace tempo {

namespace {

constexpr ProbcutFit kFits[kProbcutMaxDepth - kProbcutMinDepth + 1] = {
    {0.9609, 2.2291, 3.4795, -0.00711},   // 1
    {0.9518, -0.4213, 4.0743, -0.02098},  // 2
    {0.9575, -0.4298, 3.7329, -0.01567},  // 3
    {0.9666, -0.2776, 3.2246, -0.01491},  // 4
    {0.9679, -0.2359, 3.0684, -0.01904},  // 5
    {0.9526, -0.4012, 4.2364, -0.03262},  // 6
    {0.9582, -0.3921, 3.9651, -0.03136},  // 7
    {0.9682, -0.2794, 3.8544, -0.03640},  // 8
    {0.9782, 0.0272, 3.6639, -0.03564},   // 9
    {0.9616, -0.2345, 4.5620, -0.04770},  // 10
    {0.9724, 0.0330, 4.3976, -0.04652},   // 11
    {0.9738, -0.0255, 4.3934, -0.05127},  // 12
    {0.9738, -0.0255, 4.3934, -0.05127},  // 13
    {0.9738, -0.0255, 4.3934, -0.05127},  // 14
    {0.9738, -0.0255, 4.3934, -0.05127},  // 15
    {0.9738, -0.0255, 4.3934, -0.05127},  // 16
};

}  // namespace

const ProbcutFit& probcut_fit(int depth) {
    const int row = std::clamp(depth, kProbcutMinDepth, kProbcutMaxDepth) - kProbcutMinDepth;
    return kFits[row];
}

}  // namespace tempo
