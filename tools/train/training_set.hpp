// Training positions: boards from game records with a label (the final margin expected for the
// side to move, in discs), and the deterministic held-out split.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/board.hpp"
#include "engine/game.hpp"
#include "eval/evaluator.hpp"

namespace tempo::train {

struct Sample {
    Board board;
    std::int8_t label = 0;  // discs, side to move's view
    std::uint8_t empties = 0;
    bool held_out = false;
    bool exact = false;     // label is the exact value of this position (solved), not a game outcome
    bool searched = false;  // label is a search's value (a labels file applied in this run; not kept in files)
    // The record's last bytes, named so that they are zeros: as padding they carried whatever the
    // memory held, and the same positions made different sample files.
    std::array<std::uint8_t, 3> zeros = {};
};
// Sample files are these records as they lie in memory: no padding, so the bytes are the values.
static_assert(sizeof(Sample) == 24 && std::has_unique_object_representations_v<Sample>);

struct SampleOptions {
    std::uint64_t seed = 1;
    int held_out_percent = 5;   // of the games, chosen by a hash of (seed, source, game number)
    std::size_t max_games = 0;  // per source; 0 = all
    bool anti = false;          // Anti-Reversi labels (same games: only outcomes are usable then)
    int theory_from = 60;       // WTHOR games: positions with at least this many empties (and all those
                                // before the theoretical depth) take the theoretical score as label
};

// Where a game comes from: part of the held-out choice, so that each source has its own split.
enum GameSource : std::uint64_t { kWthor = 1, kLogbook = 2, kRandomGames = 3, kEngineGames = 4 };

// A stable pseudo-random choice of held-out games (splitmix64 of seed, source and game number).
bool is_held_out(std::uint64_t seed, std::uint64_t source, std::uint64_t game, int percent);

// Black's expected margin at a position with `empties` empties, and whether it is that position's exact value.
using BlackLabel = std::function<std::pair<int, bool>(int empties)>;

// Adds the positions of a replayed game where the side to move has a move, labelled by `black_label`.
void add_game(const Game& game, bool held_out, const BlackLabel& black_label, std::vector<Sample>& out);

// Black's final margin: official scoring, or Anti-Reversi's (fewer discs wins, no empties added).
int black_result(const Game& game, bool anti);

// One of `moves` (not empty), chosen by a random number `draw`.
Move random_move(Bitboard moves, std::uint64_t draw);

// Positions of every WTHOR .wtb file in `dir` (sorted by name). Labels: the theoretical score
// (perfect play from 24 empties) for positions with >= min(24, theory_from) empties of games that
// reach 24 empties, the final result otherwise. Positions where the side to move must pass are left out.
std::vector<Sample> wthor_samples(const std::string& dir, const SampleOptions& options);

// Positions of Logistello's logbook (gzip text): labels from the final result.
std::vector<Sample> logbook_samples(const std::string& path, const SampleOptions& options);

// Positions of `games` random games from the start of `variant` (6x6 training): each move is
// uniformly random with probability random_percent, otherwise the move whose child `evaluator`
// scores best (no evaluator: every move random). Labels: the game's final result (official
// scoring). Deterministic for a seed.
std::vector<Sample> random_game_samples(Variant variant, std::size_t games, const SampleOptions& options,
                                        const Evaluator* evaluator = nullptr, int random_percent = 100);

// Binary cache of samples (so a long extraction or labelling step is done once).
void save_samples(const std::string& path, const std::vector<Sample>& samples);
std::vector<Sample> load_samples(const std::string& path);

}  // namespace tempo::train
