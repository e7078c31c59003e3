#include "protocol/nboard.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "engine/ggf.hpp"
#include "engine/notation.hpp"
#include "search/book_builder.hpp"
#include "search/book_file.hpp"
#include "search/book_valuer.hpp"

namespace tempo::protocol {

namespace {

constexpr const char* kEngineName = "Tempo";
// `learn` values the new positions' moves this many plies deep, for positions up to this ply: a
// Logistello game out of the shipped book after 10 plies took 0.3 s of CPU at depth 8 (20 new
// positions), 1.5 s at the book's depth 10.
constexpr int kLearnDepth = 8;
constexpr int kLearnPlies = 30;

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    return text;
}

// Splits off the first whitespace-delimited word of `text`; `text` keeps the trimmed rest.
std::string_view take_word(std::string_view& text) {
    text = trim(text);
    std::size_t end = 0;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    const std::string_view word = text.substr(0, end);
    text = trim(text.substr(end));
    return word;
}

// A whole decimal integer (optional sign), or nullopt.
std::optional<long> parse_integer(std::string_view text) {
    if (text.empty() || text.size() > 18) return std::nullopt;
    std::size_t i = text[0] == '-' || text[0] == '+' ? 1 : 0;
    if (i == text.size()) return std::nullopt;
    for (std::size_t j = i; j < text.size(); ++j)
        if (!std::isdigit(static_cast<unsigned char>(text[j]))) return std::nullopt;
    return std::strtol(std::string(text).c_str(), nullptr, 10);
}

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
    std::string name = square_name(move, geometry);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
}

// A principal variation without spaces: the side to move's moves upper case, the replies lower case.
std::string pv_text(const std::vector<Move>& pv, Move first, Geometry geometry) {
    std::string out;
    const std::vector<Move> moves = pv.empty() ? std::vector<Move>{first} : pv;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        std::string name = nboard_move(moves[i], geometry);
        if (i % 2 == 1)
            for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        out += name;
    }
    return out;
}

// The depth field of a `search` line: plies, or 100% (exact solve) / 100%W (win-loss-draw solve).
std::string depth_text(const SearchInfo& info) {
    if (info.solved) return info.wld ? "100%W" : "100%";
    return std::to_string(std::max(info.depth, 1));
}

// A `book` hint line: the book line from `board` that starts with the move, its value, the games
// that reached the position after it and the depth of the search behind the value.
std::string book_line(const Book& book, const Board& board, const BookMove& move, Geometry geometry) {
    return "book " + pv_text(book.line(board, move.move), move.move, geometry) + " " + std::to_string(move.value) + " " +
           std::to_string(move.games) + " " + (move.exact ? std::string("100%") : std::to_string(std::max(move.depth, 1)));
}

// Thrown out of a `learn` whose job was cancelled: the half-learnt copy of the book is dropped.
struct LearnCancelled {};

// The session's search as `learn` uses it: gives up as soon as the job is cancelled (a ping, a new
// position, quit), so the answer to those comes at once.
class CancellableValuer final : public MoveValuer {
public:
    CancellableValuer(SearchJob& job, MoveValuer& valuer) : job_(job), valuer_(valuer) {}
    std::vector<BookMove> value_moves(const Board& board) override {
        if (job_.cancelled()) throw LearnCancelled{};
        std::vector<BookMove> moves = valuer_.value_moves(board);
        if (job_.cancelled()) throw LearnCancelled{};  // its searches were cut short: the values are not real
        return moves;
    }

private:
    SearchJob& job_;
    MoveValuer& valuer_;
};

std::string nodestats_line(const SearchInfo& info) {
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
    void status(const std::string& text) { out_.line("status " + text); }
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
    int contempt_ = 0;  // from Black's view, in the GUI's units; kept for the book, unused by search
};

bool NboardEngine::handle(const InputLine& line) {
    if (line.too_long) {
        status("ignored a line longer than " + std::to_string(kMaxLineBytes) + " bytes");
        return true;
    }
    std::string_view rest = line.text;
    const std::string_view command = take_word(rest);
    // Unknown lines are ignored (the protocol says so) and do not disturb a running search.
    if (command == "nboard") {
        session_.cancel();
        out_.line(std::string("set myname ") + kEngineName);
    } else if (command == "set") {
        set_command(rest);
    } else if (command == "move") {
        move(rest);
    } else if (command == "ping") {
        session_.cancel();  // nothing of the old request may follow the pong
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
        session_.cancel();
        return false;
    }
    return true;
}

void NboardEngine::set_command(std::string_view rest) {
    const std::string_view variable = take_word(rest);
    if (variable == "game") {
        set_game(rest);
    } else if (variable == "depth") {
        session_.cancel();
        const auto depth = parse_integer(take_word(rest));
        if (!depth || *depth < 1) return status("bad depth: expected an integer 1..60");
        session_.set_level(std::to_string(std::min(*depth, 60L)));
    } else if (variable == "contempt") {
        session_.cancel();
        if (const auto value = parse_integer(take_word(rest))) contempt_ = static_cast<int>(*value);
    }
    // other variables (set myname from a confused peer, future ones): ignored
}

void NboardEngine::set_game(std::string_view text) {
    session_.cancel();
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
    session_.cancel();
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
        if (!game.play(move)) return status("illegal move " + std::string(square) + ", position unchanged");
        clocks.record(mover, seconds);
        session_.set_game(std::move(game));
        clocks_ = clocks;
    } catch (const ParseError& e) {
        status(std::string("bad move: ") + e.what());
    }
}

void NboardEngine::hint(std::string_view count_text) {
    session_.cancel();
    const Game game = session_.game();
    if (game.is_over()) return status("the game is over: no hint");
    const auto count = parse_integer(count_text).value_or(1);
    Limits limits = session_.level_limits();
    limits.multi_pv = static_cast<int>(std::clamp<long>(count, 1, std::max(1, popcount(game.legal_moves()))));
    limits.book = false;  // the book's moves come as `book` lines; the search ranks every move
    const Geometry geometry = game.variant().geometry;
    status(std::string(kEngineName) + " is thinking");
    // Book lines first (best first, as many as asked for); the search lines follow.
    if (const std::shared_ptr<const Book> book = session_.searcher().book(game.variant())) {
        const std::vector<BookMove> known = book->moves(game.board());
        for (std::size_t i = 0; i < known.size() && i < static_cast<std::size_t>(limits.multi_pv); ++i)
            out_.line(book_line(*book, game.board(), known[i], geometry));
    }
    session_.start([game, limits, geometry](SearchJob& job) {
        const auto report = [&](const SearchInfo& info) {
            job.emit(nodestats_line(info));
            if (info.multi_pv.empty()) {
                job.emit("search " + pv_text(info.pv, info.best, geometry) + " " + std::to_string(info.score) +
                         " 0 " + depth_text(info));
            }
            for (const ScoredMove& scored : info.multi_pv)
                job.emit("search " + pv_text(scored.pv, scored.move, geometry) + " " + std::to_string(scored.score) +
                         " 0 " + depth_text(info));
        };
        bool reported = false;
        const SearchResult result = job.run(game, limits, [&](const SearchInfo& info) {
            report(info);
            reported = true;
        });
        if (!reported && result.best != kNoMove) report(result);
    });
}

void NboardEngine::go() {
    session_.cancel();
    const Game game = session_.game();
    Limits limits = session_.level_limits();
    limits.clock = clocks_.limits_for(game.to_move());
    const Geometry geometry = game.variant().geometry;
    status(std::string(kEngineName) + " is thinking");
    session_.start([game, limits, geometry](SearchJob& job) {
        if (game.must_pass() || game.is_over()) {
            job.emit("=== PA");
            return;
        }
        const SearchResult result = job.run(game, limits);
        job.emit(nodestats_line(result));
        const Move best = result.best == kNoMove ? first_square(game.legal_moves()) : result.best;
        job.emit("=== " + nboard_move(best, geometry) + "/" + fixed(result.score, 2) + "/" +
                 fixed(result.elapsed.count() / 1000.0, 1));
    });
}

void NboardEngine::analyze() {
    session_.cancel();
    const Game game = session_.game();
    Limits limits = session_.level_limits();
    limits.book = false;  // a book move is drawn among near-equal ones: its value need not be the best
    status(std::string(kEngineName) + " is analysing the game");
    session_.start([game, limits](SearchJob& job) {
        // Retrograde: from the last position back to the first, as the GUI fills its graph.
        Game position = game;
        for (std::size_t made = game.moves().size() + 1; made-- > 0;) {
            if (job.cancelled()) return;
            int eval;
            if (position.is_over()) {
                eval = final_margin(position.board(), position.variant());
            } else {
                eval = job.run(position, limits).score;
            }
            job.emit("analysis " + std::to_string(made) + " " + std::to_string(eval));
            position.undo();
        }
        job.emit("status");
    });
}

// Adds the current game's positions to the book file given by --book, each new position's moves
// searched kLearnDepth plies deep, saves it atomically and plays from the grown book. The file is
// read again first, so what another process learnt meanwhile is kept. The shipped book is never
// written: a test or fuzz run that sends `learn` must not change the repository's data.
void NboardEngine::learn() {
    session_.cancel();
    const Game game = session_.game();
    Searcher& searcher = session_.searcher();
    const BookOptions& options = searcher.options().book;
    const std::string path = options.file;
    if (game.moves().empty()) {  // nothing to learn
        out_.line("learned");
        return;
    }
    std::string refusal;
    if (!options.enabled) refusal = "the book is off (--no-book): nothing learnt";
    else if (path.empty()) refusal = "learn writes only a book given with --book FILE: nothing learnt";
    else if (!searcher.book(game.variant())) refusal = "the --book file is not for this variant: nothing learnt";
    if (!refusal.empty()) {
        status(refusal);
        out_.line("learned");
        return;
    }
    status(std::string(kEngineName) + " is learning the game");
    session_.start([game, path, &searcher](SearchJob& job) {
        try {
            Book book = read_book_file(path);
            SearchValuer search(searcher, game.variant(), kLearnDepth, job.stop_token());
            CancellableValuer valuer(job, search);
            const std::size_t added = BookBuilder(book, valuer).learn(game, kLearnPlies);
            if (job.cancelled()) return;
            write_book_file(book, path);
            searcher.set_book(std::make_shared<const Book>(std::move(book)));
            job.emit("status learnt " + std::to_string(added) + " new positions");
        } catch (const LearnCancelled&) {
            return;
        } catch (const std::exception& e) {
            job.emit(std::string("status learn failed, the book is unchanged: ") + e.what());
        }
        job.emit("learned");
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
