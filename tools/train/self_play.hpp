// Training games of the engine against itself: each starts from an opening of a list (XOT), then
// both sides play the Searcher's move at a fixed depth, with an occasional random move early on for
// variety, and perfect play (exact solves) from a given number of empties. A job of N games can be
// split into shards (`--shard K/N`) played by separate processes or machines; each shard appends
// its games to its own file as they end, so an interrupted job resumes where it stopped, and the
// shards' files together hold exactly the games of the unsharded job (each game depends only on
// the job's options and its index).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/shard.hpp"
#include "formats/engine_games_file.hpp"
#include "tools/train/training_set.hpp"

namespace tempo::train {

struct SelfPlayOptions {
    std::string openings_file;  // one transcript per line (data/openings); empty = the start
    int depth = 8;              // midgame search depth of every move
    int solve_empties = 20;     // both sides play perfectly from this many empties on
    int random_percent = 0;     // chance of a uniformly random move at a ply ...
    int random_above = 40;      // ... while more than this many squares are empty
    std::string eval_file;      // weights of the players (empty = the shipped ones)
};

struct EngineGamesJob {
    Variant variant;
    SelfPlayOptions play;
    std::uint64_t seed = 1;      // shuffles the openings and draws the random moves
    std::uint64_t games = 1000;  // in the whole job, all shards together
    Shard shard;

    EngineGamesHeader header() const;
};

// Plays the games of the job's shard that the file at `path` does not hold yet (it is created if
// absent), appending each as it ends; a line cut short by an interruption is dropped first.
// `on_game` is called after each game (progress). Returns the number of games played. Throws
// ParseError if the file was made by another job or holds a bad line: nothing is overwritten then.
std::uint64_t play_engine_games(const EngineGamesJob& job, const std::string& path,
                                const std::function<void(const EngineGame&)>& on_game = {});

// How engine games label their positions before the exact solve (the positions from the first
// exact solve on are exact in every mode: perfect play from there).
enum class EngineLabels : std::uint8_t {
    kResult,              // the game's result
    kSearch,              // the search's score where the position has one, else the result
    kSearchBeforeRandom,  // up to the game's last random move, whose blunder the result carries, the
                          // search's score (positions without one are left out); the result after it
};

// Training positions of engine games: every position where the side to move has a move, labelled
// as `labels` says.
std::vector<Sample> engine_game_samples(const std::vector<EngineGame>& games, const SampleOptions& options,
                                        EngineLabels labels);

}  // namespace tempo::train
