#include "tests/stress/nboard_stress.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <thread>

#include "formats/ggf.hpp"
#include "engine/notation.hpp"

namespace tempo::stress {

namespace {

std::string first_word(const std::string& line) { return line.substr(0, line.find(' ')); }

// "0:02.50"-free clock text: GGF wants [[h:]m:]ss; fractions of a second are written as plain seconds.
std::string ggf_clock(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", seconds);
    return buffer;
}

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

}  // namespace

NboardStress::NboardStress(const StressOptions& options, StressStats& stats, std::mt19937_64& random)
    : options_(options), stats_(stats), random_(random) {}

NboardStress::~NboardStress() {
    if (engine_) end_engine(false, false);
}

void NboardStress::start_engine() {
    engine_ = std::make_unique<ChildProcess>(engine_command(options_, "nboard"));
    ++stats_.engine_starts;
    latest_ping_ = last_pong_ = 0;
    request_.reset();
    gos_.clear();
    hints_.clear();
    send("nboard 2");
}

bool NboardStress::send(const std::string& line) {
    if (options_.verbose) trace("nboard>", line);
    if (engine_->send(line)) return true;
    // The engine stopped reading: it has crashed or exited on its own.
    const auto status = engine_->wait_exit(after(5));
    stats_.fail("crash", "nboard engine stopped reading input (" +
                             (status ? describe_status(*status) : std::string("still running")) + ")");
    failed_ = true;
    return false;
}

void NboardStress::end_engine(bool by_eof, bool restart) {
    sample_memory(*engine_, "nboard", false, stats_);
    if (by_eof)
        engine_->close_input();
    else
        engine_->send("quit");
    // Whatever it still prints is checked, then it must exit 0 promptly.
    std::string line;
    const auto deadline = after(options_.hang_seconds);
    while (engine_->read_line(line, deadline) == ChildProcess::Read::kLine) check_line(line);
    const auto status = engine_->wait_exit(deadline);
    if (!status) {
        stats_.fail("hang", std::string("nboard engine did not exit after ") + (by_eof ? "EOF" : "quit"));
        failed_ = true;
    } else if (!clean_exit(*status)) {
        stats_.fail("crash", std::string("nboard engine ended by ") + describe_status(*status) + " after " +
                                 (by_eof ? "EOF" : "quit"));
        failed_ = true;
    }
    engine_.reset();
    if (restart && !failed_) {
        start_engine();
        send(set_game_line());
        // A GUI starts its engine before the game, not on the clock: wait until the new process has
        // started up (loaded its evaluation) before the next `go` is timed.
        sync();
    }
}

std::string NboardStress::set_game_line() const {
    GgfGame record;
    record.variant = game_.variant();
    record.start = game_.start();
    record.place = "stress";
    record.black_name = record.white_name = "tempo";
    record.result = std::string(1, '?');  // not `= "?"`: GCC 12 warns falsely on that assignment here
    record.time_control = ggf_clock(options_.clock_seconds);
    for (std::size_t i = 0; i < game_.moves().size(); ++i)
        record.moves.push_back({game_.moves()[i], std::nullopt, move_seconds_[i]});
    std::string line = "set game ";
    line += write_ggf(record);  // appended, not `"..." + string`: GCC 12 misreads that as an overflow
    return line;
}

bool NboardStress::read_one(Clock::time_point deadline, const char* waiting_for) {
    std::string line;
    switch (engine_->read_line(line, deadline)) {
        case ChildProcess::Read::kLine:
            if (options_.verbose) trace("nboard<", line);
            check_line(line);
            return true;
        case ChildProcess::Read::kTimeout:
            stats_.fail("hang", std::string("nboard engine silent while waiting for ") + waiting_for);
            break;
        case ChildProcess::Read::kEof: {
            const auto status = engine_->wait_exit(after(5));
            stats_.fail("crash", std::string("nboard engine closed its output while waiting for ") + waiting_for +
                                     " (" + (status ? describe_status(*status) : std::string("still running")) + ")");
            break;
        }
    }
    failed_ = true;
    return false;
}

void NboardStress::check_line(const std::string& line) {
    const std::string word = first_word(line);
    if (word == "pong") {
        long number = -1;
        std::istringstream(line.substr(5)) >> number;
        if (number <= last_pong_ || number > latest_ping_)
            stats_.fail("protocol", "pong " + std::to_string(number) + " out of order (last pong " +
                                        std::to_string(last_pong_) + ", last ping " + std::to_string(latest_ping_) +
                                        ")");
        last_pong_ = number;
        // Requests made before this ping can no longer print anything.
        gos_.erase(gos_.begin(), gos_.lower_bound(last_pong_));
        hints_.erase(hints_.begin(), hints_.lower_bound(last_pong_));
    } else if (word == "===") {
        std::string item = line.substr(3);
        while (!item.empty() && item.front() == ' ') item.erase(0, 1);
        const std::string square = item.substr(0, item.find_first_of("/ "));
        const bool current = request_ && last_pong_ == latest_ping_ && request_->ping == latest_ping_;
        // The `go` sent after the last pong's ping: the only one this line may answer, and only once.
        const auto go = gos_.find(last_pong_);
        if (go == gos_.end()) {
            stats_.fail("protocol", "'" + line + "' after pong " + std::to_string(last_pong_) + " answers no request");
            return;
        }
        const Game answered = go->second;
        gos_.erase(go);
        const Game* position = &answered;
        const auto reject = [&](const std::string& what) {
            stats_.fail("illegal move", what);
            // The game cannot go on from an illegal answer: stop waiting for a legal one (the wait
            // would be reported as a hang as well).
            if (current) failed_ = true;
        };
        Move move;
        try {
            move = parse_move(square, position->variant().geometry);
        } catch (const ParseError& e) {
            return reject("'" + line + "': " + e.what());
        }
        if (move == kPass ? !position->must_pass() : !position->is_legal(move))
            return reject("'" + line + "' in " + board_string(position->position(), position->variant().geometry));
        ++stats_.moves_checked;
        if (current) answer_ = item;
    } else if (word == "search" || word == "book") {
        check_search_line(line);
    } else if (word == "nodestats" || word == "status" || word == "learned" || word == "analysis" ||
               line == "set myname Tempo" || line.empty()) {
        // informational
    } else {
        stats_.fail("protocol", "unexpected line '" + line.substr(0, 80) + "'");
    }
}

void NboardStress::check_search_line(const std::string& line) {
    // search <pv> <eval> 0 <depth>, or book <pv> <eval> <games> <depth>: the first move of the PV
    // must be legal where the hint was asked.
    std::istringstream fields(line);
    std::string word, pv, eval, zero, depth;
    fields >> word >> pv >> eval >> zero >> depth;
    const bool third_ok =
        word == "book" ? !zero.empty() && std::isdigit(static_cast<unsigned char>(zero[0])) : zero == "0";
    if (pv.size() < 2 || eval.empty() || !third_ok || depth.empty() ||
        !std::isdigit(static_cast<unsigned char>(depth[0]))) {
        stats_.fail("protocol", "malformed '" + line + "'");
        return;
    }
    // Only the hint sent after the last pong's ping may print.
    const auto hint = hints_.find(last_pong_);
    if (hint == hints_.end()) {
        stats_.fail("protocol", "'" + line + "' after pong " + std::to_string(last_pong_) + " answers no hint");
        return;
    }
    const Game& game = hint->second;
    try {
        const Move move = parse_move(pv.substr(0, 2), game.variant().geometry);
        if (move == kPass ? !game.must_pass() : !game.is_legal(move))
            stats_.fail("illegal move", "hint '" + line + "'");
        else
            ++stats_.moves_checked;
    } catch (const ParseError& e) {
        stats_.fail("illegal move", "hint '" + line + "': " + e.what());
    }
}

bool NboardStress::sync() {
    send("ping " + std::to_string(++latest_ping_));
    const auto deadline = after(options_.hang_seconds);
    while (!failed_ && last_pong_ != latest_ping_)
        if (!read_one(deadline, "pong")) return false;
    return !failed_;
}

void NboardStress::hint_then_cancel() {
    ++stats_.injected["hint"];
    ++stats_.requests;
    send("ping " + std::to_string(++latest_ping_));
    hints_[latest_ping_] = game_;
    const int counts[] = {1, 2, 4, 64};
    send("hint " + std::to_string(counts[std::uniform_int_distribution<int>(0, 3)(random_)]));
    std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 60)(random_)));
    sync();  // the ping stops the hint; search lines up to its pong are checked
}

std::optional<Move> NboardStress::request_move() {
    while (!failed_) {
        const int side = static_cast<int>(game_.to_move());
        const double left = options_.clock_seconds - used_[side];
        send("ping " + std::to_string(++latest_ping_));
        send("go");
        ++stats_.requests;
        request_ = Request{latest_ping_, game_, Clock::now()};
        gos_[latest_ping_] = game_;
        answer_.reset();

        // Maybe interrupt the search: a new ping, a new position, quit or EOF.
        const double roll = chance(random_);
        const double rate = options_.inject_rate;
        const auto pause = std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 40)(random_));
        if (roll < 4 * rate) {
            std::this_thread::sleep_for(pause);
            if (roll < rate) {  // ping: the GUI no longer wants this answer
                ++stats_.injected["ping mid-search"];
                request_.reset();
                if (!sync()) return std::nullopt;
                continue;
            }
            if (roll < 2 * rate) {  // a new position (user set up a board): the game goes on from there
                ++stats_.injected["new position mid-search"];
                request_.reset();
                // The user moved on a few plies (or set up the same position again); clocks run on.
                const int plies = std::uniform_int_distribution<int>(0, 3)(random_);
                for (int i = 0; i < plies; ++i) {
                    Game next = game_;
                    next.play(random_legal_move(next, random_));
                    if (next.is_over()) break;
                    game_ = next;
                    move_seconds_.push_back(0.0);
                }
                send(set_game_line());
                continue;
            }
            ++stats_.injected[roll < 3 * rate ? "quit mid-search" : "EOF mid-search"];
            request_.reset();
            end_engine(roll >= 3 * rate, true);
            continue;
        }

        const auto deadline = after(std::max(left, 0.0) + options_.hang_seconds);
        while (!failed_ && !answer_)
            if (!read_one(deadline, "=== (the answer to go)")) return std::nullopt;
        if (failed_) return std::nullopt;
        const double seconds = std::chrono::duration<double>(Clock::now() - request_->sent).count();
        used_[side] += seconds;
        stats_.min_clock_left = std::min(stats_.min_clock_left, options_.clock_seconds - used_[side]);
        if (used_[side] > options_.clock_seconds) {
            stats_.fail("time loss", (side == 0 ? std::string("black") : std::string("white")) + " used " +
                                         fixed(used_[side], 3) + " s of " + fixed(options_.clock_seconds, 3) +
                                         " s (nboard, move " + std::to_string(game_.moves().size() + 1) + ")");
            failed_ = true;
            return std::nullopt;
        }
        const std::string square = answer_->substr(0, answer_->find_first_of("/ "));
        const Move move = parse_move(square, game_.variant().geometry);
        request_.reset();
        move_seconds_.push_back(seconds);
        return move;
    }
    return std::nullopt;
}

void NboardStress::play_game(Variant variant) {
    failed_ = false;
    if (!engine_) start_engine();
    game_ = random_opening(variant, random_, 8);
    move_seconds_.assign(game_.moves().size(), 0.0);
    used_[0] = used_[1] = 0;
    send(set_game_line());
    // As after a restart: the engine takes in a new game (a new variant loads its evaluation and
    // book) before the first `go` is timed, as a GUI sets up the board before starting the clocks.
    sync();  // a failure sets failed_: the game is not played
    while (!failed_ && !game_.is_over()) {
        // Between moves: now and then a junk line, a hint, or the whole game instead of one move.
        if (chance(random_) < options_.inject_rate) {
            ++stats_.injected["junk line"];
            const std::string junk = garbage_line(random_, "nboard");
            // Some junk is a real request: "hint 99999999999" hints (one move at least) where the game stands.
            if (junk.rfind("hint", 0) == 0) hints_[latest_ping_] = game_;
            send(junk);
        }
        if (chance(random_) < options_.inject_rate / 2) hint_then_cancel();
        const std::optional<Move> move = request_move();
        if (!move) break;
        const double seconds = move_seconds_.back();
        if (*move != kPass && game_.must_pass()) {
            stats_.fail("protocol", "engine moved where it had to pass");
            break;
        }
        game_.play(*move);
        const std::string name = *move == kPass ? "PA" : square_name(*move, variant.geometry);
        if (chance(random_) < 0.1)
            send(set_game_line());
        else
            send("move " + name + "/0.00/" + fixed(seconds, 3));
    }
    if (!failed_) sync();  // the last `move` has been applied
    if (engine_) sample_memory(*engine_, "nboard", true, stats_);
    if (failed_ && engine_) {  // start afresh after a failure
        engine_.reset();
    }
    ++stats_.games;
    ++stats_.games_by_protocol["nboard"];
}

}  // namespace tempo::stress
