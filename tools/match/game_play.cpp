#include "tools/match/game_play.hpp"

#include <algorithm>
#include <cmath>

#include "engine/notation.hpp"
#include "tools/match/nboard_player.hpp"
#include "tools/match/utc_time.hpp"

namespace tempo::match {

namespace {

Clock::duration seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(0.0, s)));
}

// GGF values end at ']': keep free text (engine names, reasons) from closing the tag early.
std::string ggf_safe(std::string text) {
    std::replace(text.begin(), text.end(), ']', ')');
    std::replace(text.begin(), text.end(), '[', '(');
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
}

std::string legal_move_names(const Game& game) {
    std::string names;
    for_each_square(game.legal_moves(), [&](int square) { names += (names.empty() ? "" : " ") + square_name(square); });
    return names.empty() ? "none" : names;
}

const char* color_name(Color color) { return color == Color::kBlack ? "Black" : "White"; }

}  // namespace

std::string ggf_result(int black_margin, const char* suffix) { return std::to_string(black_margin) + suffix; }

std::string opening_comment(const Opening& opening) {
    return std::string(kOpeningCommentPrefix) + ggf_safe(opening.text);
}

std::string forfeit_comment(Color color, FailureKind kind, const std::string& reason) {
    return color_name(color) + std::string(" forfeits (") + failure_name(kind) + "): " + ggf_safe(reason);
}

GameOutcome play_game(EnginePlayer& black, EnginePlayer& white, const Opening& opening, const TimeControl& black_time,
                      const TimeControl& white_time, const std::atomic<bool>& stop) {
    GameOutcome outcome;
    GgfGame& record = outcome.record;
    Game game;
    for (const Move move : opening.moves) game.play(move);
    record.variant = game.variant();
    record.start = game.start();
    for (const Move move : opening.moves) record.moves.push_back(GgfMove{move, {}, {}});
    record.black_name = ggf_safe(black.name());
    record.white_name = ggf_safe(white.name());
    record.place = "tempo-match";
    record.date = utc_time_text("%Y-%m-%d %H:%M:%S GMT");
    if (nboard_clock(black_time) == nboard_clock(white_time)) {
        record.time_control = nboard_clock(black_time);
    } else {
        record.black_clock = nboard_clock(black_time);
        record.white_clock = nboard_clock(white_time);
    }
    if (!opening.text.empty()) record.other_tags.emplace_back("CO", opening_comment(opening));

    EnginePlayer* const players[2] = {&black, &white};
    const auto player = [&](Color color) -> EnginePlayer& { return *players[color == Color::kBlack ? 0 : 1]; };
    Color at_fault = Color::kBlack;  // whose call is running: a failure there forfeits for that engine
    try {
        black.new_game(game);
        at_fault = Color::kWhite;
        white.new_game(game);
        ClockState clocks{black_time.base_seconds, white_time.base_seconds};
        while (!game.is_over()) {
            if (stop) {
                outcome.aborted = true;
                return outcome;
            }
            const Color color = game.to_move();
            GgfMove made{kPass, {}, {}};
            if (!game.must_pass()) {
                const TimeControl& time = color == Color::kBlack ? black_time : white_time;
                double& left = color == Color::kBlack ? clocks.black : clocks.white;
                const double limit = time.move_seconds > 0 ? time.move_seconds + time.margin_seconds
                                     : time.has_clock()    ? left + time.margin_seconds
                                                           : time.no_limit_timeout;
                at_fault = color;
                const auto start = Clock::now();
                const MoveReply reply = player(color).think(game, clocks, start + seconds(limit));
                const double used = std::chrono::duration<double>(Clock::now() - start).count();
                if (time.has_clock()) {
                    left -= used;
                    if (left < -time.margin_seconds)
                        throw EngineFailure(FailureKind::kTimeout,
                                            "lost on time (clock " + std::to_string(left) + " s)");
                    left += time.increment_seconds;
                }
                if (reply.resigned) {
                    outcome.black_margin = color == Color::kBlack ? -64 : 64;
                    record.result = ggf_result(outcome.black_margin, ":r");
                    record.other_tags.emplace_back("CO", std::string(color_name(color)) + " resigned");
                    return outcome;
                }
                if (reply.move == kPass || !game.is_legal(reply.move))
                    throw EngineFailure(FailureKind::kIllegalMove,
                                        "played `" + ggf_safe(reply.text) +
                                            "`, not legal here (legal: " + legal_move_names(game) + ")");
                made = GgfMove{reply.move, reply.eval, std::round(used * 1000) / 1000};  // ms in the record
            }
            game.play(made.move);
            record.moves.push_back(made);
            at_fault = color;
            player(color).observe(color, made, made.move != kPass);
            at_fault = opposite(color);
            player(opposite(color)).observe(color, made, false);
        }
        outcome.black_margin = game.black_margin();
        record.result = ggf_result(outcome.black_margin);
    } catch (const EngineFailure& failure) {
        if (stop) {
            outcome.aborted = true;
            return outcome;
        }
        EnginePlayer& culprit = player(at_fault);
        outcome.forfeit =
            Forfeit{at_fault, failure.kind(), failure.what(), culprit.transcript_tail(), culprit.process_state()};
        outcome.black_margin = at_fault == Color::kBlack ? -64 : 64;
        record.result = ggf_result(outcome.black_margin, failure.kind() == FailureKind::kTimeout ? ":t" : ":r");
        record.other_tags.emplace_back("CO", forfeit_comment(at_fault, failure.kind(), failure.what()));
    }
    return outcome;
}

}  // namespace tempo::match
