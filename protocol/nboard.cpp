#include "protocol/nboard.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "formats/ggf.hpp"
#include "engine/notation.hpp"
#include "engine/rules.hpp"
#include "engine/text.hpp"
#include "eval/evaluator.hpp"
#include "play/book/builder.hpp"
#include "play/book/file.hpp"
#include "play/book/valuer.hpp"

namespace tempo::protocol {

namespace {

constexpr const char* kEngineName = "Tempo";
// `learn` values the new positions' moves this many plies deep, for positions up to this ply: a
// Logistello game out of the shipped book after 10 plies took 0.3 s of CPU at depth 8 (20 new
// positions), 1.5 s at the book's depth 10.
constexpr int kLearnDepth = 8;
constexpr int kLearnPlies = 30;

// Seconds written by the GUI (Java's Double.toString, so an exponent may appear); nullopt if not a number.
std::optional<double> parse_seconds(std::string_view text) {
    if (text.empty() || text.size() > 40) return std::nullopt;
    const std::string copy(text);
    char* end = nullptr;
    const double value = std::strtod(copy.c_str(), &end);
    if (end == copy.c_str() || !std::isfinite(value) || value < 0) return std::nullopt;
    return value;
}

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

// A move as NBoard writes it: upper case, "PA" for a pass.
std::string nboard_move(Move move, Geometry geometry) {
    if (move == kPass) return "PA";
    return to_upper(square_name(move, geometry));
}

// A principal variation without spaces: the side to move's moves upper case, the replies lower case.
std::string pv_text(const std::vector<Move>& pv, Move first, Geometry geometry) {
    std::string out;
    const std::vector<Move> moves = pv.empty() ? std::vector<Move>{first} : pv;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::string name = nboard_move(moves[i], geometry);
        out += i % 2 == 1 ? to_lower(name) : name;
    }
    return out;
}

// A search value in discs with two decimals: the unrounded evaluation of the principal variation's
// last position, from which the search's whole-disc score was rounded (PV nodes take no table
// cut-offs, so the PV reaches the leaf that scored). Whole discs where the two disagree: a solved
// or table-cut line. Computed after the search, so its node counts are untouched.
std::string value_text(const Board& root, Variant variant, const std::vector<Move>& pv, int score,
                       const Evaluator* evaluator) {
    const std::string whole = fixed(score, 2);
    if (!evaluator || pv.empty()) return whole;
    const Bitboard playable = variant.playable();
    Board board = root;
    double sign = 1;
    for (const Move move : pv) {
        if (move == kPass) {
            board = board.passed();
        } else {
            if (move < 0 || move >= 64 || !(board.moves(playable) & square_bit(move))) return whole;
            board = board.play(move);
        }
        sign = -sign;
    }
    if (is_game_over(board, playable) || board.empty_count(playable) == 0) return whole;
    const double value = sign * evaluator->evaluate_unrounded(board);
    return std::lround(value) == score ? fixed(value, 2) : whole;
}

// The depth field of a `search` line: plies, or 100% (exact solve) / 100%W (win-loss-draw solve).
std::string depth_text(const SearchResult& info) {
    if (info.solved) return info.wld ? "100%W" : "100%";
    return std::to_string(std::max(info.depth, 1));
}

// A `book` hint line: the book line from `board` that starts with the move, its value, the games
// that reached the position after it and the depth of the search behind the value.
std::string book_line(const book::Book& book, const Board& board, const book::BookMove& move, Geometry geometry) {
    return "book " + pv_text(book.line(board, move.move), move.move, geometry) + " " + std::to_string(move.value) +
           " " + std::to_string(move.games) + " " +
           (move.exact ? std::string("100%") : std::to_string(std::max(move.depth, 1)));
}

// Thrown out of a `learn` whose job was cancelled: the half-learnt copy of the book is dropped.
struct LearnCancelled {};

// The session's search as `learn` uses it: gives up as soon as the job is cancelled (a ping, a new
// position, quit), so the answer to those comes at once.
class CancellableValuer final : public book::MoveValuer {
public:
    CancellableValuer(SearchJob& job, book::MoveValuer& valuer) : job_(job), valuer_(valuer) {}
    std::vector<book::BookMove> value_moves(const Board& board) override {
        if (job_.cancelled()) throw LearnCancelled{};
        std::vector<book::BookMove> moves = valuer_.value_moves(board);
        if (job_.cancelled()) throw LearnCancelled{};  // its searches were cut short: the values are not real
        return moves;
    }

private:
    SearchJob& job_;
    book::MoveValuer& valuer_;
};

std::string nodestats_line(const SearchResult& info) {
    return "nodestats " + std::to_string(info.nodes) + " " + fixed(info.elapsed.count() / 1000.0, 2);
}

// The game clocks of a GGF record, and the time each colour has used since.
struct GameClocks {
    std::array<std::optional<GgfClock>, 2> clock;  // by Color; nullopt = no clock
    std::array<double, 2> used{0, 0};
    std::array<int, 2> moves{0, 0};

    // Limits::Clock for `color`, or nullopt when it plays without a clock.
    std::optional<Limits::Clock> limits_for(Color color) const {
        const int c = static_cast<int>(color);
        if (!clock[c] || clock[c]->seconds <= 0) return std::nullopt;
        const double left = clock[c]->seconds + clock[c]->increment * moves[c] - used[c];
        Limits::Clock out;
        // Not rounded up: a clock the engine thinks longer than it is runs out (the time plan keeps
        // its own reserve; with nothing left the search answers at once).
        out.left = std::chrono::milliseconds(static_cast<long long>(std::max(left, 0.0) * 1000));
        out.increment = std::chrono::milliseconds(static_cast<long long>(clock[c]->increment * 1000));
        return out;
    }
    void record(Color mover, std::optional<double> seconds) {
        const int c = static_cast<int>(mover);
        ++moves[c];
        if (seconds) used[c] += *seconds;
    }
};

class NboardEngine {
public:
    NboardEngine(Session& session) : session_(session), out_(session.output()) {}

    // Handles one input line; false when the session ends.
    bool handle(const InputLine& line);

private:
    // An empty text clears the GUI's status line.
    void status(const std::string& text) { out_.line(text.empty() ? "status" : "status " + text); }
    // Ends the running request; one cut short before its last line clears its "is thinking" status,
    // as a request that ends on its own does (NBoard keeps the last status line until told otherwise).
    void stop();
    // Starts `job` as a request whose last line (an empty status, `===`, `learned`) its job reports
    // through the flag it is handed.
    void start_request(std::function<void(SearchJob&, std::atomic<bool>& answered)> job);
    void set_command(std::string_view rest);
    void set_game(std::string_view ggf);
    void move(std::string_view item);
    void hint(std::string_view count);
    void go();
    void analyze();
    void learn();

    Session& session_;
    LineOutput& out_;
    GameClocks clocks_;
    // False while a request's last line is due: read only after session_.cancel() has joined the job.
    std::atomic<bool> answered_{true};
    int contempt_ = 0;  // from Black's view, in the GUI's units; kept for the book, unused by search
};

void NboardEngine::stop() {
    session_.cancel();
    if (!answered_) status("");
    answered_ = true;
}

void NboardEngine::start_request(std::function<void(SearchJob&, std::atomic<bool>& answered)> job) {
    answered_ = false;
    session_.start([this, job = std::move(job)](SearchJob& context) { job(context, answered_); });
}

bool NboardEngine::handle(const InputLine& line) {
    if (line.too_long) {
        status("ignored a line longer than " + std::to_string(kMaxLineBytes) + " bytes");
        return true;
    }
    std::string_view rest = line.text;
    const std::string_view command = take_word(rest);
    // Unknown lines are ignored (the protocol says so) and do not disturb a running search.
    if (command == "nboard") {
        stop();
        out_.line(std::string("set myname ") + kEngineName);
        status("");  // ready: the GUI shows "Loading Tempo" until a status comes
    } else if (command == "set") {
        set_command(rest);
    } else if (command == "move") {
        move(rest);
    } else if (command == "ping") {
        // Nothing of the old request may follow the pong; a ponder writes nothing and goes on.
        if (!session_.pondering()) stop();
        const std::string_view number = take_word(rest);
        out_.line(parse_integer(number) ? "pong " + std::string(number) : std::string("pong 0"));
    } else if (command == "hint") {
        hint(take_word(rest));
    } else if (command == "go") {
        go();
    } else if (command == "learn") {
        learn();
    } else if (command == "analyze") {
        analyze();
    } else if (command == "quit") {
        stop();
        return false;
    }
    return true;
}

void NboardEngine::set_command(std::string_view rest) {
    const std::string_view variable = take_word(rest);
    if (variable == "game") {
        set_game(rest);
    } else if (variable == "depth") {
        stop();
        const auto depth = parse_integer(take_word(rest));
        if (!depth || *depth < 1) return status("bad depth: expected an integer 1..60");
        session_.set_level(std::to_string(std::min(*depth, 60LL)));
    } else if (variable == "contempt") {
        stop();
        if (const auto value = parse_integer(take_word(rest))) contempt_ = static_cast<int>(*value);
    }
    // other variables (set myname from a confused peer, future ones): ignored
}

void NboardEngine::set_game(std::string_view text) {
    stop();
    try {
        const GgfGame record = parse_ggf(text);
        Game game = replay_ggf(record);
        GameClocks clocks;
        const auto clock_of = [&record](const std::string& own) -> std::optional<GgfClock> {
            const std::string& spec = !own.empty() ? own : record.time_control;
            if (spec.empty()) return std::nullopt;
            try {
                return parse_ggf_clock_parts(spec);
            } catch (const ParseError&) {
                return std::nullopt;  // an unreadable clock: play depth-limited rather than reject the game
            }
        };
        clocks.clock[static_cast<int>(Color::kBlack)] = clock_of(record.black_clock);
        clocks.clock[static_cast<int>(Color::kWhite)] = clock_of(record.white_clock);
        // Attribute each move's time to its colour by replaying (passes the record left out included).
        Game replay(record.variant, record.start);
        for (const GgfMove& item : record.moves) {
            if (item.move != kPass && replay.must_pass()) replay.play(kPass);
            clocks.record(replay.to_move(), item.seconds);
            replay.play(item.move);
        }
        session_.set_game(std::move(game));
        clocks_ = clocks;
    } catch (const ParseError& e) {
        status(std::string("set game rejected, position unchanged: ") + e.what());
    }
}

void NboardEngine::move(std::string_view item) {
    item = take_word(item);
    const std::size_t slash = item.find('/');
    const std::string_view square = item.substr(0, slash);
    std::optional<double> seconds;
    if (slash != std::string_view::npos) {
        const std::string_view tail = item.substr(slash + 1);  // eval/time: the eval is ignored
        const std::size_t second_slash = tail.find('/');
        if (second_slash != std::string_view::npos) seconds = parse_seconds(tail.substr(second_slash + 1));
    }
    try {
        Game game = session_.game();
        GameClocks clocks = clocks_;
        const Move move = parse_move(square, game.variant().geometry);
        if (move != kPass && game.must_pass()) {
            // A GUI that leaves the pass out: the opponent moves again.
            clocks.record(game.to_move(), std::nullopt);
            game.play(kPass);
        }
        const Color mover = game.to_move();
        if (!game.play(move)) {
            stop();
            return status("illegal move " + std::string(square) + ", position unchanged");
        }
        clocks.record(mover, seconds);
        // The echo of the engine's own move leaves the ponder on the position it reaches running.
        if (!session_.pondering(game)) stop();
        session_.set_game_keeping_ponder(std::move(game));
        clocks_ = clocks;
    } catch (const ParseError& e) {
        stop();
        status(std::string("bad move: ") + e.what());
    }
}

void NboardEngine::hint(std::string_view count_text) {
    stop();
    const Game game = session_.game();
    if (game.is_over()) return status("the game is over: no hint");
    const auto count = parse_integer(count_text).value_or(1);
    // The level's search without its book: the book's moves come as `book` lines, the search ranks every move.
    Limits limits = session_.current_level().limits;
    limits.multi_pv = static_cast<int>(std::clamp<long>(count, 1, std::max(1, popcount(game.legal_moves()))));
    const Geometry geometry = game.variant().geometry;
    // Book rows first, best first, as many as asked for. NBoard keeps one row per move, the last
    // one sent, so a book move gets no `search` row: its value, games and depth stay on show.
    Bitboard booked = 0;
    if (const std::shared_ptr<const book::Book> book = session_.player().book(game.variant())) {
        const std::vector<book::BookMove> known = book->moves(game.board());
        for (std::size_t i = 0; i < known.size() && i < static_cast<std::size_t>(limits.multi_pv); ++i) {
            out_.line(book_line(*book, game.board(), known[i], geometry));
            if (known[i].move != kPass) booked |= square_bit(known[i].move);
        }
        if (known.size() >= static_cast<std::size_t>(limits.multi_pv)) return status("");
    }
    status(std::string(kEngineName) + " is thinking");
    start_request([game, limits, geometry, booked](SearchJob& job, std::atomic<bool>& answered) {
        const std::shared_ptr<const Evaluator> eval = job.evaluator(game.variant());
        const auto row = [&](Move move, const std::vector<Move>& pv, int score, const SearchResult& info) {
            if (move != kPass && move != kNoMove && (booked & square_bit(move))) return;
            const std::string value =
                info.solved ? fixed(score, 2) : value_text(game.board(), game.variant(), pv, score, eval.get());
            job.emit("search " + pv_text(pv, move, geometry) + " " + value + " 0 " + depth_text(info));
        };
        const auto report = [&](const SearchResult& info) {
            job.emit(nodestats_line(info));
            if (info.multi_pv.empty()) row(info.best, info.pv, info.score, info);
            for (const MultiPvLine& scored : info.multi_pv) row(scored.move, scored.pv, scored.score, info);
        };
        bool reported = false;
        const SearchResult result = job.run(game, limits, [&](const SearchResult& info) {
            report(info);
            reported = true;
        });
        if (!reported && result.best != kNoMove) report(result);
        answered = job.emit("status");
    });
}

void NboardEngine::go() {
    stop();
    const Game game = session_.game();
    const Level level = on_clock(session_.current_level(), clocks_.limits_for(game.to_move()), true);
    const Geometry geometry = game.variant().geometry;
    status(std::string(kEngineName) + " is thinking");
    start_request([game, level, geometry](SearchJob& job, std::atomic<bool>& answered) {
        if (game.must_pass() || game.is_over()) {
            answered = job.emit("=== PA");  // the GUI clears its status on `===`
            return;
        }
        const SearchResult result = job.play(game, level);
        job.emit(nodestats_line(result));
        const Move best = result.best == kNoMove ? first_square(game.legal_moves()) : result.best;
        const std::string value = result.solved || result.book
                                      ? fixed(result.score, 2)
                                      : value_text(game.board(), game.variant(), result.pv, result.score,
                                                   job.evaluator(game.variant()).get());
        // Think on the opponent's time, in the position the GUI will echo back with `move`:
        // announced before the answer goes out, so that the echo cannot outrun it.
        Game after = game;
        const bool ponder = after.play(best) && job.announce_ponder(after);
        answered = job.emit("=== " + nboard_move(best, geometry) + "/" + value + "/" +
                            fixed(result.elapsed.count() / 1000.0, 1));
        if (answered && ponder) job.ponder(after);
    });
}

void NboardEngine::analyze() {
    stop();
    const Game game = session_.game();
    // The level's search without its book: a book move is drawn among near-equal ones, its value
    // need not be the best.
    const Limits limits = session_.current_level().limits;
    status(std::string(kEngineName) + " is analysing the game");
    start_request([game, limits](SearchJob& job, std::atomic<bool>& answered) {
        const std::shared_ptr<const Evaluator> eval = job.evaluator(game.variant());
        // Retrograde: from the last position back to the first, as the GUI fills its graph.
        Game position = game;
        for (std::size_t made = game.moves().size() + 1; made-- > 0;) {
            if (job.cancelled()) return;
            std::string value;
            if (position.is_over()) {
                value = std::to_string(final_margin(position.board(), position.variant()));
            } else {
                const SearchResult result = job.run(position, limits);
                value = result.solved
                            ? std::to_string(result.score)
                            : value_text(position.board(), position.variant(), result.pv, result.score, eval.get());
            }
            job.emit("analysis " + std::to_string(made) + " " + value);
            position.undo();
        }
        answered = job.emit("status");
    });
}

// Adds the current game's positions to the book file given by --book, each new position's moves
// searched kLearnDepth plies deep, saves it atomically and plays from the grown book. The file is
// read again first, so what another process learnt meanwhile is kept. The shipped book is never
// written: a test or fuzz run that sends `learn` must not change the repository's data.
void NboardEngine::learn() {
    stop();
    const Game game = session_.game();
    Player& player = session_.player();
    const book::BookOptions& options = player.options().book;
    const std::string path = options.file;
    if (game.moves().empty()) {  // nothing to learn
        out_.line("learned");
        return;
    }
    std::string refusal;
    if (!options.enabled)
        refusal = "the book is off (--no-book): nothing learnt";
    else if (path.empty())
        refusal = "learn writes only a book given with --book FILE: nothing learnt";
    else if (!player.book(game.variant()))
        refusal = "the --book file is not for this variant: nothing learnt";
    if (!refusal.empty()) {
        status(refusal);
        out_.line("learned");
        return;
    }
    status(std::string(kEngineName) + " is learning the game");
    start_request([game, path, &player](SearchJob& job, std::atomic<bool>& answered) {
        try {
            book::Book book = book::read_book_file(path);
            book::SearchValuer search(player.searcher(), game.variant(), kLearnDepth, job.stop_token());
            CancellableValuer valuer(job, search);
            const std::size_t added = book::BookBuilder(book, valuer).learn(game, kLearnPlies);
            if (job.cancelled()) return;
            book::write_book_file(book, path);
            player.set_book(std::make_shared<const book::Book>(std::move(book)));
            job.emit("status learnt " + std::to_string(added) + " new positions");
        } catch (const LearnCancelled&) {
            return;
        } catch (const std::exception& e) {
            job.emit(std::string("status learn failed, the book is unchanged: ") + e.what());
        }
        answered = job.emit("learned");  // the GUI clears its status on `learned`
    });
}

}  // namespace

int run_nboard(Session& session, InputQueue& input) {
    NboardEngine engine(session);
    while (const auto line = input.next()) {
        if (!engine.handle(*line) || session.output().broken()) break;
    }
    session.cancel();
    return 0;
}

}  // namespace tempo::protocol
