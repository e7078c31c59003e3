// Per-phase checkpoints of `tempo-train fit` and `fit-net`: one phase's result in a file of its own,
// so that a stopped fit resumes at the first phase without one. Raw host-order numbers: files for
// the next run on the same machine, not for exchange (a weights file is that).
#pragma once

#include <string>
#include <vector>

#include "eval/residual_net.hpp"

namespace tempo::train {

// One phase's pattern weights in discs (kWeightsPerPhase doubles), or empty if there is none.
std::vector<double> read_checkpoint(const std::string& path);
void write_checkpoint(const std::string& path, const std::vector<double>& weights);

// A phase's network (floats in ResidualNet::vectors() order, then out_bias) into `net`, sized
// already; false if there is none (or it is cut short).
bool read_net_checkpoint(const std::string& path, ResidualNet& net);
void write_net_checkpoint(const std::string& path, const ResidualNet& net);

}  // namespace tempo::train
