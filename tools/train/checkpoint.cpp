#include "tools/train/checkpoint.hpp"

#include <fstream>

#include "eval/features.hpp"

namespace tempo::train {

std::vector<double> read_checkpoint(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<double> w(kWeightsPerPhase);
    if (!in.read(reinterpret_cast<char*>(w.data()), static_cast<std::streamsize>(w.size() * sizeof(double)))) return {};
    return w;
}

void write_checkpoint(const std::string& path, const std::vector<double>& weights) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(weights.data()),
              static_cast<std::streamsize>(weights.size() * sizeof(double)));
}

bool read_net_checkpoint(const std::string& path, ResidualNet& net) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    for (std::vector<float>* values : net.vectors())
        if (!in.read(reinterpret_cast<char*>(values->data()), std::streamsize(values->size() * sizeof(float))))
            return false;
    return bool(in.read(reinterpret_cast<char*>(&net.out_bias), sizeof(float)));
}

void write_net_checkpoint(const std::string& path, const ResidualNet& net) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    for (const std::vector<float>* values : net.vectors())
        out.write(reinterpret_cast<const char*>(values->data()), std::streamsize(values->size() * sizeof(float)));
    out.write(reinterpret_cast<const char*>(&net.out_bias), sizeof(float));
}

}  // namespace tempo::train
