// Multi-ProbCut constants. Placeholder until fitted: slope 1, no offset, sigma growing with depth.
#include "search/probcut.hpp"

namespace tempo {

namespace {

constexpr ProbcutFit kFits[kProbcutMaxDepth - kProbcutMinDepth + 1] = {
    {1.0, 0.0, 3.0, 0.05},  // 3
    {1.0, 0.0, 3.0, 0.05},  // 4
    {1.0, 0.0, 3.2, 0.05},  // 5
    {1.0, 0.0, 3.2, 0.05},  // 6
    {1.0, 0.0, 3.4, 0.05},  // 7
    {1.0, 0.0, 3.4, 0.05},  // 8
    {1.0, 0.0, 3.6, 0.05},  // 9
    {1.0, 0.0, 3.6, 0.05},  // 10
    {1.0, 0.0, 3.8, 0.05},  // 11
    {1.0, 0.0, 3.8, 0.05},  // 12
    {1.0, 0.0, 4.0, 0.05},  // 13
    {1.0, 0.0, 4.0, 0.05},  // 14
    {1.0, 0.0, 4.2, 0.05},  // 15
    {1.0, 0.0, 4.2, 0.05},  // 16
};

}  // namespace

const ProbcutFit& probcut_fit(int depth) {
    const int row = std::clamp(depth, kProbcutMinDepth, kProbcutMaxDepth) - kProbcutMinDepth;
    return kFits[row];
}

}  // namespace tempo
