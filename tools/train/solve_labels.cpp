#include "tools/train/solve_labels.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <unordered_set>

#include "eval/evaluator.hpp"
#include "search/endgame/solver.hpp"
#include "search/midgame/solve_guess.hpp"
#include "search/midgame/search.hpp"
#include "search/tt.hpp"

namespace tempo::train {

namespace {

struct LabelRecord {
    std::uint32_t sample;
    std::int8_t score;
};

// A labels file: its kind, then (sample number, score) records.
struct LabelsFile {
    int search_depth = 0;  // 0: exact scores by the solver; > 0: midgame searches of this depth
    std::vector<LabelRecord> records;
};

// The first record of a file names its kind: this sample number, and the search depth as the score.
// A file without it (from a tempo-train that labelled with exact scores only) holds exact scores.
constexpr std::uint32_t kKindRecord = 0xffffffffu;

void write_record(std::ofstream& out, std::uint32_t sample, int score) {
    char bytes[5];
    std::memcpy(bytes, &sample, 4);
    bytes[4] = static_cast<char>(static_cast<std::int8_t>(score));
    out.write(bytes, 5);
}

// Reads a labels file (none: an empty one of the kind `default_depth`). A torn last record (a run
// stopped mid-write) is ignored: the next `solve` redoes that sample.
LabelsFile read_labels(const std::string& path, int default_depth) {
    LabelsFile file;
    file.search_depth = default_depth;
    std::ifstream in(path, std::ios::binary);
    char bytes[5];
    for (bool first = true; in.read(bytes, 5); first = false) {
        LabelRecord r;
        std::memcpy(&r.sample, bytes, 4);
        r.score = static_cast<std::int8_t>(bytes[4]);
        if (first) file.search_depth = 0;
        if (r.sample == kKindRecord) {
            if (!first || r.score < 0 || r.score > 60)
                throw std::runtime_error(path + ": not a labels file (a bad kind record)");
            file.search_depth = r.score;
            continue;
        }
        if (r.score < -64 || r.score > 64)
            throw std::runtime_error(path + ": not a labels file (score " + std::to_string(r.score) + " of sample " +
                                     std::to_string(r.sample) + " is outside -64..64)");
        file.records.push_back(r);
    }
    return file;
}

// The same stable choice for every run with the same seed.
bool selected(std::uint64_t seed, std::uint64_t sample, int percent) {
    std::uint64_t z = (seed + 0x632be59bd9b4e019ULL) * 0x9e3779b97f4a7c15ULL ^ sample;
    z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ULL;
    z ^= z >> 29;
    return static_cast<int>(z % 100) < percent;
}

}  // namespace

void solve_labels(const std::vector<Sample>& samples, Variant variant, const SolveOptions& options,
                  const std::string& labels_path) {
    // A new or empty file gets the kind record first.
    std::ifstream existing(labels_path, std::ios::binary | std::ios::ate);
    const bool is_new = !existing || existing.tellg() == 0;
    const LabelsFile file = read_labels(labels_path, options.search_depth);
    if (file.search_depth != options.search_depth)
        throw std::runtime_error(labels_path +
                                 (file.search_depth
                                      ? ": holds labels searched to depth " + std::to_string(file.search_depth)
                                      : std::string(": holds exact labels")) +
                                 "; write these to another file");
    std::unordered_set<std::uint32_t> done;
    for (const LabelRecord& r : file.records) done.insert(r.sample);
    std::vector<std::uint32_t> todo;
    // A searched label is an estimate: it must neither replace a true score nor hide one that the
    // held-out report measures against.
    const auto searchable = [&](const Sample& s) { return !s.held_out && (!s.exact || options.include_exact); };
    // Samples are taken in file order, so the first N labels are the same on every run.
    for (auto i = static_cast<std::uint32_t>(options.first_sample); i < samples.size(); ++i)
        if (samples[i].empties >= options.min_empties && samples[i].empties <= options.max_empties &&
            selected(options.seed, i, options.percent) && options.shard.owns(i) && !done.count(i) &&
            (options.search_depth == 0 || searchable(samples[i])))
            todo.push_back(i);
    if (options.max_labels) {
        const std::size_t room = options.max_labels - std::min(options.max_labels, done.size());
        todo.resize(std::min(todo.size(), room));
    }
    std::fprintf(stderr, "solve: %zu done before, %zu to solve (%d-%d empties, %d%%)\n", done.size(), todo.size(),
                 options.min_empties, options.max_empties, options.percent);

    // The evaluation guides the guess that opens the solver's window (search/endgame_guess.hpp)
    // and, where that pays (solver_uses_evaluation), orders its moves at many empties: both only
    // change the node count, never the score.
    const std::shared_ptr<const Evaluator> evaluator = Evaluator::create(variant, options.eval_file);
    TranspositionTable tt(64);
    EndgameSolver solver(tt, variant, options.threads,
                         solver_uses_evaluation(variant, options.eval_file) ? evaluator : nullptr);
    MidgameSearch::Context context;
    context.tt = &tt;
    context.evaluator = evaluator.get();
    context.variant = variant;
    MidgameSearch midgame(context);
    std::ofstream out(labels_path, std::ios::binary | std::ios::app);
    if (is_new) write_record(out, kKindRecord, options.search_depth);
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    for (std::size_t k = 0; k < todo.size(); ++k) {
        const Board& board = samples[todo[k]].board;
        EndgameResult result;
        if (options.search_depth > 0) {
            const std::uint64_t before = midgame.nodes();
            // With pruning, iterative deepening: the shallower searches leave the table moves that
            // order the deeper. Without, one search, so that earlier label files are made again
            // exactly (the table's content differs with deepening, and a deeper entry can answer).
            if (options.search_selectivity > 0)
                for (int depth = 1; depth < options.search_depth; ++depth)
                    midgame.search(board, -64, 64, depth, options.search_selectivity);
            result.score = midgame.search(board, -64, 64, options.search_depth, options.search_selectivity);
            result.nodes = midgame.nodes() - before;
        } else {
            std::uint64_t guess_nodes = 0;
            const int guess = endgame_guess(board, *evaluator, variant, tt, options.threads, guess_nodes);
            result = solver.solve(board, -64, 64, guess);
            result.nodes += guess_nodes;
        }
        nodes += result.nodes;
        write_record(out, todo[k], result.score);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (k % 2000 == 1999 || k + 1 == todo.size()) {
            out.flush();
            std::fprintf(stderr, "\rsolved %zu/%zu, %.0f s, %.0f positions/s, %.2e nodes/s", k + 1, todo.size(),
                         seconds, (k + 1) / seconds, nodes / seconds);
        }
        if (options.max_seconds > 0 && seconds > options.max_seconds) {
            std::fprintf(stderr, "\ntime limit reached: rerun to continue");
            break;
        }
    }
    if (!out) throw std::runtime_error(labels_path + ": cannot write");
    std::fprintf(stderr, "\n");
}

void apply_labels(std::vector<Sample>& samples, const std::string& labels_path) {
    if (!std::ifstream(labels_path).good()) throw std::runtime_error(labels_path + ": cannot open");
    const LabelsFile file = read_labels(labels_path, 0);
    const bool exact = file.search_depth == 0;
    std::size_t applied = 0, kept = 0;
    for (const LabelRecord& r : file.records) {
        if (r.sample >= samples.size()) throw std::runtime_error(labels_path + ": sample number out of range");
        Sample& s = samples[r.sample];
        if (!exact && s.exact) {
            ++kept;  // a search's estimate never replaces a true score
            continue;
        }
        s.label = r.score;
        s.exact = exact;
        s.searched = !exact;
        ++applied;
    }
    if (exact)
        std::fprintf(stderr, "%zu exact labels from %s\n", applied, labels_path.c_str());
    else
        std::fprintf(stderr, "%zu labels searched to depth %d from %s (%zu exact scores kept)\n", applied,
                     file.search_depth, labels_path.c_str(), kept);
}

}  // namespace tempo::train
