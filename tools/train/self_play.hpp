// Training positions from the engine's own games: each game starts from an opening of a list (XOT),
// then both sides play the Searcher's move at a fixed depth, with an occasional random move early
// on for variety, and the exact endgame solve from a given number of empties. The positions are
// those an engine reaches, the kind Egaroucid trains and measures on (eval/README.md, test 9).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tools/train/training_set.hpp"

namespace tempo::train {

struct SelfPlayOptions {
    std::string openings_file;  // one transcript per line (shared/data/openings); empty = the start
    int depth = 8;              // midgame search depth of every move
    int solve_empties = 20;     // both sides play perfectly from this many empties on
    int random_percent = 0;     // chance of a uniformly random move at a ply ...
    int random_above = 40;      // ... while more than this many squares are empty
    std::string eval_file;      // weights of the players (empty = the shipped ones)
};

// Plays `games` games of `variant`. Labels: each game's final result; a position from
// the first exact solve on is marked exact, since both sides then play perfectly and the result is
// its value. Deterministic for a seed (openings shuffled by it, random moves drawn from it).
std::vector<Sample> engine_game_samples(Variant variant, std::size_t games, const SampleOptions& samples,
                                        const SelfPlayOptions& options);

}  // namespace tempo::train
