// `tempo-train merge-games`: the shard files of one engine-games job into one file, as the unsharded
// job would have written it (header shard=0/1, games by index), after checking that they are the
// shards of one job (the same options), each shard once, each game in its own shard and once, and
// (unless --partial) every game of the job there. The shards' manifests are merged beside it.
#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "formats/engine_games_file.hpp"
#include "formats/shard.hpp"
#include "tools/train/commands.hpp"
#include "tools/train/job_manifest.hpp"

namespace tempo::train {

namespace {

// The job's options without its shard, and the shard: "... shard=K/N ..." -> ("... shard=* ...", K/N).
std::pair<std::string, Shard> split_shard(const std::string& job, const std::string& path) {
    const std::size_t at = job.find("shard=");
    if (at == std::string::npos) throw ParseError(path + ": its header names no shard (" + job + ")");
    const std::size_t end = job.find(' ', at);
    const std::string text = job.substr(at + 6, end == std::string::npos ? std::string::npos : end - at - 6);
    return {job.substr(0, at) + "shard=*" + (end == std::string::npos ? "" : job.substr(end)),
            Shard::parse(text)};
}

std::uint64_t job_games(const std::string& job) {
    const std::size_t at = job.find(" games=");
    if (at == std::string::npos) return 0;
    return std::stoull(job.substr(at + 7));
}

}  // namespace

void add_merge_games_command(CLI::App& app) {
    struct Options {
        std::vector<std::string> shards;
        std::string out;
        bool partial = false;
    };
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("merge-games", "the shard files of one engine-games job into one file, checked");
    cmd->add_option("shards", options->shards, "the shard files (plain or .gz), all N of them")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option("--out", options->out, "the merged games file (plain text)")->required();
    cmd->add_flag("--partial", options->partial, "merge a job not played to its end (its missing games are listed)");
    cmd->callback([options] {
        std::string job;
        EngineGamesHeader header;
        std::set<std::uint64_t> shards_seen;
        std::uint64_t shard_count = 0;
        std::map<std::uint64_t, EngineGame> games;
        for (const std::string& path : options->shards) {
            EngineGamesFile file = read_engine_games(path);
            const auto [options_of_job, shard] = split_shard(file.header.job, path);
            if (job.empty()) {
                job = options_of_job;
                header = file.header;
                shard_count = shard.count;
            } else if (options_of_job != job || file.header.variant != header.variant) {
                throw ParseError(path + ": another job ('" + file.header.line() + "'); the first file's is '" +
                                 header.line() + "'");
            }
            if (shard.count != shard_count || !shards_seen.insert(shard.index).second)
                throw ParseError(path + ": shard " + shard.text() + " again, or of another split than " +
                                 std::to_string(shard_count));
            for (EngineGame& game : file.games) {
                if (!shard.owns(game.index))
                    throw ParseError(path + ": game " + std::to_string(game.index) + " is not shard " + shard.text() +
                                     "'s");
                const std::uint64_t index = game.index;
                if (!games.emplace(index, std::move(game)).second)
                    throw ParseError(path + ": game " + std::to_string(index) + " twice");
            }
        }
        const std::uint64_t expected = job_games(job);
        if (shards_seen.size() != shard_count || games.size() != expected) {
            const std::string missing = std::to_string(shard_count - shards_seen.size()) + " of " +
                                        std::to_string(shard_count) + " shards and " +
                                        std::to_string(expected - std::min<std::uint64_t>(expected, games.size())) +
                                        " of " + std::to_string(expected) + " games missing";
            if (!options->partial) throw ParseError("the job is not complete: " + missing + " (--partial merges it)");
            std::cerr << "partial merge: " << missing << "\n";
        }
        header.job = job.replace(job.find("shard=*"), 7, "shard=0/1");
        std::ofstream out(options->out);
        out << header.line() << '\n';
        for (const auto& [index, game] : games) out << format_engine_game(game) << '\n';
        out.close();
        if (!out) throw std::runtime_error(options->out + ": cannot write");
        // The manifests: each shard's lines, prefixed by its file, so the merged file keeps its history.
        std::ofstream manifest(manifest_path(options->out));
        for (const std::string& path : options->shards) {
            std::ifstream in(manifest_path(path));
            for (std::string line; std::getline(in, line);) manifest << path << ": " << line << '\n';
        }
        std::cerr << games.size() << " games of " << shards_seen.size() << " shards merged into " << options->out
                  << "\n";
    });
}

}  // namespace tempo::train
