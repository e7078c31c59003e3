// Exact labels for late positions: the endgame solver's score replaces the game outcome. The results
// go to an append-only file of (sample number, score) records, so a long run can stop and resume.
// The file's first record says whether its scores are exact or searched (and to what depth), so
// that a searched estimate is never taken for a true score.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/shard.hpp"
#include "engine/variant.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

struct SolveOptions {
    int min_empties = 0;   // solve samples with at least this many empties
    int max_empties = 14;  // ... and at most this many
    int percent = 100;     // of those, this share (chosen by sample number and seed)
    std::uint64_t seed = 1;
    std::size_t first_sample = 0;  // only samples numbered this or higher (the part a `merge` appended)
    Shard shard;                   // this process labels the samples it owns (by sample number)
    int threads = 1;
    double max_seconds = 0;      // stop after this long (0 = no limit); rerun to continue
    std::size_t max_labels = 0;  // stop when the file holds this many labels (0 = all selected)
    std::string eval_file;       // the evaluation that orders the solver (empty: the variant's shipped one)
    int search_depth = 0;        // > 0: label by a midgame search of this depth on that evaluation instead
                                 // of solving (bootstrapped labels for phases too deep to solve); held-out
                                 // samples and those already exact (WTHOR theoretical scores) are skipped,
                                 // so the held-out error stays measured against true scores
    int search_selectivity = 0;  // with search_depth: the search's Multi-ProbCut level (0 = exact alpha-beta)
    bool include_exact = false;  // with search_depth: also search the training samples that have an exact
                                 // score, to measure the searched labels against it (not for training)
};

// Solves (or searches) the selected samples not yet in `labels_path` and appends their scores to it;
// throws when the file holds the other kind of label.
void solve_labels(const std::vector<Sample>& samples, Variant variant, const SolveOptions& options,
                  const std::string& labels_path);

// Applies a labels file. Exact scores replace the listed samples' labels and mark them exact;
// searched ones replace the labels of samples that are not exact, which stay not exact. Throws on a
// missing or malformed file.
void apply_labels(std::vector<Sample>& samples, const std::string& labels_path);

}  // namespace tempo::train
