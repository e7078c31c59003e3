#include "tests/stress/gtp_stress.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <thread>

#include "engine/notation.hpp"

namespace tempo::stress {

namespace {

const char* color_word(Color color) { return color == Color::kBlack ? "black" : "white"; }

std::string seconds_text(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", std::max(seconds, 0.0));
    return buffer;
}

// The board as gogui-rules_board writes it, spaces removed: rows top first, X black, O white, '.' empty.
std::string board_rows(const Game& game) {
    const Geometry geometry = game.variant().geometry;
    const int side = side_length(geometry);
    std::string text;
    for (int row = 0; row < side; ++row) {
        if (row) text += '\n';
        for (int col = 0; col < side; ++col) {
            const Bitboard bit = square_bit(square_from_grid(row * side + col, geometry));
            text += (game.position().black() & bit) ? 'X' : (game.position().white() & bit) ? 'O' : '.';
        }
    }
    return text;
}

std::string without_spaces(std::string text) {
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    return text;
}

}  // namespace

GtpStress::GtpStress(const StressOptions& options, StressStats& stats, std::mt19937_64& random)
    : options_(options), stats_(stats), random_(random) {}

GtpStress::~GtpStress() {
    if (engine_ && !failed_) end_engine(false, "");
}

void GtpStress::start_engine() {
    engine_ = std::make_unique<ChildProcess>(engine_command(options_, "gtp"));
    ++stats_.engine_starts;
}

std::string GtpStress::send(const std::string& command) {
    const std::string id = std::to_string(next_id_++);
    if (options_.verbose) trace("gtp>", id + " " + command);
    if (engine_->send(id + " " + command)) return id;
    const auto status = engine_->wait_exit(after(5));
    stats_.fail("crash", "gtp engine stopped reading input (" +
                             (status ? describe_status(*status) : std::string("still running")) + ")");
    failed_ = true;
    return "";
}

std::optional<GtpStress::Response> GtpStress::response(const std::string& id, Clock::time_point deadline,
                                                       const char* waiting_for) {
    while (!failed_) {
        std::string line;
        const auto read = engine_->read_line(line, deadline);
        if (read == ChildProcess::Read::kTimeout) {
            stats_.fail("hang", std::string("gtp engine silent while waiting for ") + waiting_for);
            failed_ = true;
            break;
        }
        if (read == ChildProcess::Read::kEof) {
            const auto status = engine_->wait_exit(after(5));
            stats_.fail("crash", std::string("gtp engine closed its output while waiting for ") + waiting_for + " (" +
                                     (status ? describe_status(*status) : std::string("still running")) + ")");
            failed_ = true;
            break;
        }
        if (options_.verbose) trace("gtp<", line);
        if (line.empty()) continue;  // only between responses, where GTP ends each
        if (line[0] != '=' && line[0] != '?') {
            stats_.fail("protocol", "gtp output outside a response: '" + line.substr(0, 80) + "'");
            continue;
        }
        Response answer;
        answer.ok = line[0] == '=';
        std::size_t i = 1;
        while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
        answer.id = line.substr(1, i - 1);
        if (i < line.size() && line[i] != ' ')
            stats_.fail("protocol", "gtp response header '" + line.substr(0, 80) + "'");
        answer.text = i < line.size() ? line.substr(i + 1) : "";
        // Further lines up to the blank one that ends the response.
        while (engine_->read_line(line, deadline) == ChildProcess::Read::kLine && !line.empty())
            answer.text += "\n" + line;
        if (answer.id == id) return answer;
        // A response to an earlier command (junk lines get one): only its framing is checked.
    }
    return std::nullopt;
}

bool GtpStress::command_ok(const std::string& command) {
    const std::string id = send(command);
    if (id.empty()) return false;
    const auto answer = response(id, after(options_.hang_seconds), command.c_str());
    if (!answer) return false;
    if (!answer->ok) {
        stats_.fail("protocol", "'" + command + "' refused: " + answer->text);
        failed_ = true;
        return false;
    }
    return true;
}

void GtpStress::replay_to_engine() {
    const Geometry geometry = game_.variant().geometry;
    if (!command_ok(std::string("boardsize ") + (geometry == Geometry::k6x6 ? "6" : "8"))) return;
    if (!command_ok("clear_board")) return;
    if (!command_ok("time_settings " + seconds_text(options_.clock_seconds) + " 0 0")) return;
    engine_known_ = 0;
    Game replay(game_.variant());
    for (const Move move : game_.moves()) {
        const Color mover = replay.to_move();
        replay.play(move);
        if (move == kPass && chance(random_) < 0.5) continue;  // left for the engine to infer
        const std::string name = move == kPass ? "pass" : square_name(move, geometry);
        if (!command_ok(std::string("play ") + color_word(mover) + " " + name)) return;
        engine_known_ = replay.moves().size();
    }
}

bool GtpStress::apply_answer(const Response& answer, const Game& position) {
    if (!answer.ok) {
        stats_.fail("protocol", "genmove refused: " + answer.text);
        return false;
    }
    Move move;
    try {
        move = parse_move(answer.text, position.variant().geometry);
    } catch (const ParseError& e) {
        stats_.fail("illegal move", "genmove answered '" + answer.text + "': " + e.what());
        return false;
    }
    if (move == kPass ? !position.must_pass() : !position.is_legal(move)) {
        stats_.fail("illegal move", "genmove answered '" + answer.text + "' in " +
                                        board_string(position.position(), position.variant().geometry));
        return false;
    }
    ++stats_.moves_checked;
    game_ = position;
    game_.play(move);
    engine_known_ = game_.moves().size();
    return true;
}

void GtpStress::end_engine(bool by_eof, const std::string& pending_id) {
    sample_memory(*engine_, "gtp", false, stats_);
    const Game position = game_;
    std::string quit_id;
    if (by_eof)
        engine_->close_input();
    else
        quit_id = send("quit");
    const auto deadline = after(options_.hang_seconds);
    // A genmove still running must answer, and quickly: the controller is leaving.
    if (!pending_id.empty()) {
        const auto answer = response(pending_id, deadline, "genmove after quit/EOF");
        if (answer && !apply_answer(*answer, position)) failed_ = true;
    }
    if (!quit_id.empty() && !failed_) {
        const auto answer = response(quit_id, deadline, "the answer to quit");
        if (answer && !answer->ok) stats_.fail("protocol", "quit refused");
    }
    std::string line;
    while (!failed_ && engine_->read_line(line, deadline) == ChildProcess::Read::kLine)
        if (!line.empty()) stats_.fail("protocol", "gtp output after quit: '" + line.substr(0, 80) + "'");
    const auto status = engine_->wait_exit(deadline);
    if (!status) {
        stats_.fail("hang", std::string("gtp engine did not exit after ") + (by_eof ? "EOF" : "quit"));
        failed_ = true;
    } else if (!clean_exit(*status)) {
        stats_.fail("crash", std::string("gtp engine ended by ") + describe_status(*status) + " after " +
                                 (by_eof ? "EOF" : "quit"));
        failed_ = true;
    }
    engine_.reset();
}

bool GtpStress::check_board() {
    const std::string id = send("gogui-rules_board");
    const auto answer = response(id, after(options_.hang_seconds), "board");
    if (!answer) return false;
    if (without_spaces(answer->text) != board_rows(game_)) {
        stats_.fail("protocol",
                    "engine's board differs from the game:\n" + answer->text + "\nexpected\n" + board_rows(game_));
        failed_ = true;
        return false;
    }
    return true;
}

bool GtpStress::engine_move() {
    const Color color = game_.to_move();
    const int side = static_cast<int>(color);
    if (game_.must_pass() && chance(random_) < 0.5) {
        game_.play(kPass);  // an implicit pass, as Quarry does: the engine must infer it
        return true;
    }
    if (!game_.must_pass() && chance(random_) < options_.inject_rate / 2) {
        // The controller's own move (a human player, or an opening).
        const Move move = random_legal_move(game_, random_);
        if (!command_ok(std::string("play ") + color_word(color) + " " + square_name(move, game_.variant().geometry)))
            return false;
        game_.play(move);
        engine_known_ = game_.moves().size();
        return true;
    }
    if (!command_ok(std::string("time_left ") + color_word(color) + " " + seconds_text(left_[side]) + " 0"))
        return false;
    const Game position = game_;
    const std::size_t known_before = engine_known_;
    const std::string id = send(std::string("genmove ") + color_word(color));
    if (id.empty()) return false;
    ++stats_.requests;
    const auto sent = Clock::now();

    const double roll = chance(random_);
    const double rate = options_.inject_rate;
    if (roll < 4 * rate) {
        std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 40)(random_)));
        if (roll < 2 * rate) {  // quit or EOF while thinking: the answer still comes, then a clean exit
            ++stats_.injected[roll < rate ? "quit mid-search" : "EOF mid-search"];
            end_engine(roll >= rate, id);
            if (failed_) return false;
            start_engine();
            replay_to_engine();
            return !failed_;
        }
        if (roll < 3 * rate) {  // a new game queued behind the search, then the game set up again
            ++stats_.injected["clear_board mid-search"];
            const std::string clear = send("clear_board");
            const auto deadline = after(left_[side] + options_.hang_seconds);
            const auto answer = response(id, deadline, "genmove");
            if (!answer || !apply_answer(*answer, position)) return !(failed_ = true);
            if (!response(clear, deadline, "clear_board")) return false;
            // The controller then sets the game up again, move by move; the clocks run on.
            replay_to_engine();
            return !failed_;
        }
        ++stats_.injected["junk line mid-search"];
        engine_->send(garbage_line(random_, "gtp"));
    }

    const auto deadline = sent + seconds(left_[side] + options_.hang_seconds);
    const auto answer = response(id, deadline, "genmove");
    if (!answer) return false;
    const double used = std::chrono::duration<double>(Clock::now() - sent).count();
    left_[side] -= used;
    stats_.min_clock_left = std::min(stats_.min_clock_left, left_[side]);
    if (left_[side] < 0) {
        stats_.fail("time loss", std::string(color_word(color)) + " overran its " +
                                     seconds_text(options_.clock_seconds) + " s clock by " +
                                     seconds_text(-left_[side]) + " s (gtp, move " +
                                     std::to_string(position.moves().size() + 1) + ")");
        failed_ = true;
        return false;
    }
    if (!apply_answer(*answer, position)) return !(failed_ = true);
    if (chance(random_) < rate / 2) {  // take the move back and ask again
        ++stats_.injected["undo"];
        if (!command_ok("undo")) return false;
        // The engine's undo step also takes back the passes it inferred before the genmove.
        game_ = position;
        while (game_.moves().size() > known_before) game_.undo();
        engine_known_ = game_.moves().size();
        return check_board();
    }
    return true;
}

void GtpStress::play_game(Variant variant) {
    failed_ = false;
    game_ = random_opening(variant, random_, 8);
    left_[0] = left_[1] = options_.clock_seconds;
    if (!engine_) start_engine();
    replay_to_engine();
    while (!failed_ && !game_.is_over()) {
        if (chance(random_) < options_.inject_rate / 2) {
            ++stats_.injected["junk line"];
            engine_->send(garbage_line(random_, "gtp"));
        }
        if (!engine_move()) break;
        if (chance(random_) < options_.inject_rate / 2) {
            ++stats_.injected["board check"];
            check_board();
        }
    }
    if (!failed_) check_board();
    if (engine_) sample_memory(*engine_, "gtp", true, stats_);
    if (failed_) engine_.reset();  // start afresh after a failure
    ++stats_.games;
    ++stats_.games_by_protocol["gtp"];
}

}  // namespace tempo::stress
