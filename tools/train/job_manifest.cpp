#include "tools/train/job_manifest.hpp"

#include <unistd.h>
#include <xxhash.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <stdexcept>

#include "formats/file_bytes.hpp"
#include "tempo_build_id.hpp"

namespace tempo::train {

namespace {

std::string utc_now() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

std::string host_name() {
    char name[256] = {};
    return gethostname(name, sizeof name - 1) == 0 ? name : "unknown";
}

// The weights' file name and the XXH3-64 of their bytes: the same name can hold other weights.
std::string weights_identity(const std::string& path) {
    if (path.empty()) return "none";  // a variant without trained weights: the simple evaluation
    const std::vector<std::uint8_t> bytes = read_file_bytes(path);
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx",
                  static_cast<unsigned long long>(XXH3_64bits(bytes.data(), bytes.size())));
    const std::size_t slash = path.find_last_of('/');
    return (slash == std::string::npos ? path : path.substr(slash + 1)) + ":xxh3=" + hash;
}

void append(const std::string& games_path, const std::string& text) {
    std::ofstream out(manifest_path(games_path), std::ios::app);
    out << text << std::flush;
    if (!out) throw std::runtime_error(manifest_path(games_path) + ": cannot write");
}

// A run cut short leaves its line open ("games=120->"): the next run closes it with "interrupted".
bool last_line_open(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in || in.tellg() <= 0) return false;
    in.seekg(-1, std::ios::end);
    return in.get() != '\n';
}

}  // namespace

std::string manifest_path(const std::string& games_path) { return games_path + ".manifest"; }

void start_manifest_run(const std::string& games_path, const RunRecord& run) {
    if (last_line_open(manifest_path(games_path))) append(games_path, "interrupted\n");
    append(games_path, utc_now() + " host=" + host_name() + " build=" + TEMPO_BUILD_ID +
                           " weights=" + weights_identity(run.weights) + " job=\"" + run.job +
                           "\" games=" + std::to_string(run.games_before) + "->");
}

void end_manifest_run(const std::string& games_path, std::uint64_t games_after) {
    append(games_path, std::to_string(games_after) + "\n");
}

}  // namespace tempo::train
