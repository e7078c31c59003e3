// The manifest beside a games file (`<file>.manifest`): one line a run of its job, appended when the
// run starts and completed when it ends, naming the build, the weights (by checksum) and the options
// that played the run's games. A shard's games can then be traced to what made them, and a lost
// shard played again by the same build and weights.
#pragma once

#include <cstdint>
#include <string>

namespace tempo::train {

struct RunRecord {
    std::string job;       // the games file's header: the job's options and shard
    std::string weights;   // the weights file the players used ("": none, the simple evaluation)
    std::uint64_t games_before = 0;  // games the file held when the run started
};

// The manifest's path for a games file.
std::string manifest_path(const std::string& games_path);

// Appends the run's line (UTC start time, host, build, the weights' name and XXH3-64 of their bytes,
// the job, the games held at the start) without its end; throws std::runtime_error if it cannot
// write.
void start_manifest_run(const std::string& games_path, const RunRecord& run);
// Ends the line of the run started last with the games the file holds now.
void end_manifest_run(const std::string& games_path, std::uint64_t games_after);

}  // namespace tempo::train
