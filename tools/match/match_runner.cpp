#include "tools/match/match_runner.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

#include "formats/file_bytes.hpp"
#include "engine/parse_error.hpp"
#include "tools/match/match_resume.hpp"

namespace tempo::match {

namespace {

// An engine that fails to start this many times in a row ends the match.
constexpr int kMaxStartFailures = 3;

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// State shared by the workers; everything but the atomics is guarded by `mutex`.
struct MatchState {
    const MatchSettings& settings;
    const MatchReporter& reporter;
    std::vector<int> unplayed;              // the games to play, in order
    std::atomic<std::size_t> next_game{0};  // the next one's place in `unplayed`
    std::atomic<bool> stop{false};
    std::mutex mutex;
    MatchSummary summary;
    std::ofstream ggf;
    std::array<int, 2> start_failures{};

    MatchState(const MatchSettings& s, const MatchReporter& r) : settings(s), reporter(r) {}

    TimeControl time_of(int engine) const { return effective_time_control(settings.time, settings.engines[engine]); }

    void log(const std::string& message) {
        if (reporter.log) reporter.log(message);
    }

    // The games of the record file at `path`, as this match places them (match_resume.hpp). Every
    // error it throws names the path.
    RecordedMatch read_record(const std::string& path) const {
        const std::vector<std::uint8_t> bytes = read_file_bytes(path);
        try {
            return read_recorded_match(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                                       summary.names, settings.openings, settings.games);
        } catch (const ParseError& error) {
            throw ParseError(path + ": " + error.what());
        }
    }

    // Opens the record file, emptied; with `settings.resume` an existing file's games are booked
    // and kept instead (a torn last line dropped), and the file is appended to. Lists the games to
    // play. Returns the error that ends the match before its first game, or "".
    std::string open_record() {
        const std::string& path = settings.ggf_path;
        std::vector<bool> recorded(static_cast<std::size_t>(settings.games));
        auto mode = std::ios::out | std::ios::trunc;
        if (settings.resume && !path.empty() && std::filesystem::exists(path)) {
            try {
                const RecordedMatch match = read_record(path);
                if (match.torn_tail)
                    write_file_atomically(path, std::span(reinterpret_cast<const std::uint8_t*>(match.kept_text.data()),
                                                          match.kept_text.size()));
                for (const RecordedGame& game : match.games) {
                    book(game);
                    recorded[static_cast<std::size_t>(game.index)] = true;
                }
                log("Resuming " + path + ": " + std::to_string(match.games.size()) + " games recorded" +
                    (match.torn_tail ? ", and an unfinished last record dropped" : ""));
                mode = std::ios::out | std::ios::app;
            } catch (const std::exception& error) {
                return std::string(error.what()) + " (nothing played; the file is as it was)";
            }
        }
        if (!path.empty()) {
            ggf.open(path, mode);
            if (!ggf) return "cannot write " + path;
        }
        for (int index = 0; index < settings.games; ++index)
            if (!recorded[static_cast<std::size_t>(index)]) unplayed.push_back(index);
        judge();
        return "";
    }

    // Counts one game in the summary, whether played now or read back from the record file.
    void book(const RecordedGame& game) {
        const int margin = game.engine1_margin();
        Tally& tally = summary.tally;
        (margin > 0 ? tally.wins : margin < 0 ? tally.losses : tally.draws) += 1;
        tally.disc_sum += margin;
        if (game.forfeit) summary.forfeits[game.forfeit->engine].by_kind[static_cast<int>(game.forfeit->kind)] += 1;
        if (game.completed) ++summary.completed_games;
        for (int e = 0; e < 2; ++e) {
            summary.think_seconds[e] += game.think_seconds[e];
            summary.timed_moves[e] += game.timed_moves[e];
        }
        summary.points[static_cast<std::size_t>(game.index)] = game.engine1_points();
    }

    // With `settings.paired_path`: engine 1's points in that record, by game number. Returns the
    // error that ends the match before its first game, or "".
    std::string read_paired(std::vector<std::optional<double>>& points) const {
        try {
            const RecordedMatch match = read_record(settings.paired_path);
            points.assign(static_cast<std::size_t>(settings.games), std::nullopt);
            for (const RecordedGame& game : match.games)
                points[static_cast<std::size_t>(game.index)] = game.engine1_points();
            return "";
        } catch (const std::exception& error) {
            return std::string("--paired-with: ") + error.what() + " (nothing played)";
        }
    }

    // With SPRT: the verdict on the games booked so far; a decision stops the match.
    void judge() {
        if (!settings.sprt) return;
        summary.llr = sprt_llr(summary.tally, *settings.sprt);
        summary.verdict = sprt_verdict(*summary.llr, *settings.sprt);
        if (summary.verdict != SprtVerdict::kContinue) {
            summary.stopped_early = summary.tally.games() < settings.games;
            stop = true;
        }
    }

    // Books one finished game: tally, forfeit log, GGF line, progress, SPRT.
    void record(int index, bool engine1_black, GameOutcome& outcome) {
        std::lock_guard lock(mutex);
        if (stop && summary.verdict != SprtVerdict::kContinue) return;  // decided already
        RecordedGame game{index, engine1_black, outcome.black_margin,
                          !outcome.forfeit && outcome.record.result.find(':') == std::string::npos, std::nullopt};
        add_thinking(outcome.record, game);
        const std::string opening = outcome.record.other_tags.empty() ? "" : outcome.record.other_tags.front().second;
        if (outcome.forfeit) {
            const Forfeit& forfeit = *outcome.forfeit;
            const int engine = (forfeit.color == Color::kBlack) == engine1_black ? 0 : 1;
            game.forfeit = RecordedGame::Fault{engine, forfeit.kind};
            log("Game " + std::to_string(index + 1) + " (" + opening + "): engine " + std::to_string(engine + 1) +
                " (" + summary.names[engine] + ", " + (forfeit.color == Color::kBlack ? "Black" : "White") +
                ") forfeits: " + failure_name(forfeit.kind) + ": " + forfeit.reason +
                "\n  process: " + forfeit.process_state + "\n  last lines:\n" + forfeit.transcript);
        }
        book(game);
        if (ggf.is_open()) {
            ggf << write_ggf(outcome.record) << '\n';
            ggf.flush();
        }
        judge();
        if (reporter.progress) reporter.progress(progress_line(summary, settings.games, settings.sprt));
    }

    // A game lost because engine `engine` could not be started; ends the match after repeated failures.
    void start_failed(int index, int engine, bool engine1_black, const EngineFailure& failure) {
        {
            std::lock_guard lock(mutex);
            if (++start_failures[engine] >= kMaxStartFailures && summary.fatal_error.empty()) {
                summary.fatal_error = "engine " + std::to_string(engine + 1) + " failed to start " +
                                      std::to_string(kMaxStartFailures) + " times in a row: " + failure.what();
                stop = true;
                return;
            }
        }
        GameOutcome outcome;
        const bool black_failed = (engine == 0) == engine1_black;
        outcome.black_margin = black_failed ? -64 : 64;
        outcome.forfeit = Forfeit{black_failed ? Color::kBlack : Color::kWhite, failure.kind(),
                                  std::string("failed to start: ") + failure.what(), "", ""};
        outcome.record.black_name = summary.names[engine1_black ? 0 : 1];
        outcome.record.white_name = summary.names[engine1_black ? 1 : 0];
        outcome.record.place = "tempo-match";
        outcome.record.result = ggf_result(outcome.black_margin, ":r");
        const Opening& opening = *game_slot(settings.openings, index).opening;
        if (!opening.text.empty()) outcome.record.other_tags.emplace_back("CO", opening_comment(opening));
        outcome.record.other_tags.emplace_back("CO", forfeit_comment(black_failed ? Color::kBlack : Color::kWhite,
                                                                     failure.kind(), outcome.forfeit->reason));
        record(index, engine1_black, outcome);
    }

    void worker() {
        std::array<std::unique_ptr<EnginePlayer>, 2> players;
        while (!stop) {
            const std::size_t next = next_game++;
            if (next >= unplayed.size()) break;
            const int index = unplayed[next];
            const GameSlot slot = game_slot(settings.openings, index);
            bool started = true;
            for (int e = 0; e < 2 && started; ++e) {
                if (players[e]) continue;
                try {
                    const EngineSpec& spec = settings.engines[e];
                    players[e] = start_engine(spec, spec.protocol, time_of(e), &stop);
                    std::lock_guard lock(mutex);
                    start_failures[e] = 0;
                } catch (const EngineFailure& failure) {
                    if (!stop) start_failed(index, e, slot.engine1_black, failure);
                    started = false;
                }
            }
            if (!started) continue;
            EnginePlayer& black = *players[slot.engine1_black ? 0 : 1];
            EnginePlayer& white = *players[slot.engine1_black ? 1 : 0];
            GameOutcome outcome = play_game(black, white, *slot.opening, time_of(slot.engine1_black ? 0 : 1),
                                            time_of(slot.engine1_black ? 1 : 0), stop);
            if (outcome.aborted) break;
            outcome.record.black_name = summary.names[slot.engine1_black ? 0 : 1];
            outcome.record.white_name = summary.names[slot.engine1_black ? 1 : 0];
            if (outcome.forfeit) {
                // The engine at fault is restarted for its next game: its state cannot be trusted.
                const bool black_failed = outcome.forfeit->color == Color::kBlack;
                players[black_failed == slot.engine1_black ? 0 : 1].reset();
            }
            record(index, slot.engine1_black, outcome);
        }
    }
};

}  // namespace

std::string format_elo(double elo) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    char text[64];
    std::snprintf(text, sizeof text, "%+.1f", elo == 0 ? 0.0 : elo);  // no "-0.0"
    return text;
}

std::string progress_line(const MatchSummary& summary, int total_games, const std::optional<SprtSettings>& sprt) {
    const Tally& t = summary.tally;
    const EloEstimate elo = estimate_elo(t);
    std::string line = "Games " + std::to_string(t.games()) + "/" + std::to_string(total_games) + "  W " +
                       std::to_string(t.wins) + " D " + std::to_string(t.draws) + " L " + std::to_string(t.losses) +
                       "  score " + fixed(100 * t.score(), 1) + "%  Elo " + format_elo(elo.elo) + " [" +
                       format_elo(elo.lower) + ", " + format_elo(elo.upper) + "]";
    if (sprt && summary.llr)
        line += "  LLR " + fixed(*summary.llr, 2) + " [" + fixed(sprt->lower_bound(), 2) + ", " +
                fixed(sprt->upper_bound(), 2) + "]";
    return line;
}

std::string summary_report(const MatchSummary& summary, const MatchSettings& settings) {
    const Tally& t = summary.tally;
    const EloEstimate elo = estimate_elo(t);
    std::string text = summary.names[0] + " vs " + summary.names[1] + ": " + std::to_string(t.games()) + " of " +
                       std::to_string(settings.games) + " games in " + fixed(summary.seconds, 1) + " s\n";
    text += "Engine 1: W " + std::to_string(t.wins) + "  D " + std::to_string(t.draws) + "  L " +
            std::to_string(t.losses) + "  score " + fixed(100 * t.score(), 1) + "%\n";
    text += "Elo difference: " + format_elo(elo.elo) + "  95% interval [" + format_elo(elo.lower) + ", " +
            format_elo(elo.upper) + "]\n";
    text += "Average disc difference: " + std::string(t.average_discs() >= 0 ? "+" : "") + fixed(t.average_discs(), 2) +
            " (engine 1's view; a forfeit counts 64)\n";
    text += "Games played to the end: " + std::to_string(summary.completed_games) + "\n";
    const auto mean_ms = [&summary](int e) { return 1000 * summary.think_seconds[e] / summary.timed_moves[e]; };
    if (summary.timed_moves[0] > 0 && summary.timed_moves[1] > 0)
        text += "Mean time a move: engine 1 " + fixed(mean_ms(0), 1) + " ms, engine 2 " + fixed(mean_ms(1), 1) +
                " ms (engine 1 / engine 2: " + (mean_ms(1) > 0 ? fixed(mean_ms(0) / mean_ms(1), 2) : "-") + ")\n";
    if (summary.paired)
        text += "Paired with " + settings.paired_path + " game by game (" + std::to_string(summary.paired->games) +
                " games in both): engine 1's score " + (summary.paired->mean >= 0 ? "+" : "") +
                fixed(100 * summary.paired->mean, 1) + " points, standard error " +
                fixed(100 * summary.paired->standard_error, 1) + "\n";
    for (int e = 0; e < 2; ++e) {
        const ForfeitCounts& f = summary.forfeits[e];
        text += "Forfeits by engine " + std::to_string(e + 1) + ": " + std::to_string(f.total());
        if (f.total()) {
            text += " (";
            for (int k = 0; k < 4; ++k)
                text += std::string(k ? ", " : "") + failure_name(static_cast<FailureKind>(k)) + " " +
                        std::to_string(f.by_kind[k]);
            text += ")";
        }
        text += "\n";
    }
    if (settings.sprt) {
        const SprtSettings& s = *settings.sprt;
        text += "SPRT (elo0 " + fixed(s.elo0, 1) + ", elo1 " + fixed(s.elo1, 1) + ", alpha " + fixed(s.alpha, 3) +
                ", beta " + fixed(s.beta, 3) + "): LLR " + fixed(summary.llr.value_or(0), 2) + " [" +
                fixed(s.lower_bound(), 2) + ", " + fixed(s.upper_bound(), 2) + "]: " +
                (summary.verdict == SprtVerdict::kAcceptH1   ? "H1 accepted"
                 : summary.verdict == SprtVerdict::kAcceptH0 ? "H0 accepted"
                                                             : "no decision") +
                "\n";
    }
    if (!summary.fatal_error.empty()) text += "Match ended early: " + summary.fatal_error + "\n";
    if (summary.stopped_early && summary.verdict == SprtVerdict::kContinue && !settings.ggf_path.empty())
        text += "To finish it: the same command with --resume\n";
    // A match that ended before its first game wrote none (a refused --resume left the file as it was).
    if (!settings.ggf_path.empty() && t.games() > 0) text += "Games saved to " + settings.ggf_path + "\n";
    return text;
}

MatchSummary run_match(const MatchSettings& settings, const MatchReporter& reporter) {
    const auto begin = Clock::now();
    MatchState state(settings, reporter);
    // Start each engine once up front: a wrong command line is reported before any game, and the
    // names are known (two engines reporting the same name are told apart by a suffix).
    for (int e = 0; e < 2; ++e) {
        try {
            const EngineSpec& spec = settings.engines[e];
            state.summary.names[e] = start_engine(spec, spec.protocol, state.time_of(e), nullptr)->name();
        } catch (const EngineFailure& failure) {
            state.summary.fatal_error = "engine " + std::to_string(e + 1) + " (" + settings.engines[e].command +
                                        ") does not start: " + failure.what();
            return state.summary;
        }
    }
    if (state.summary.names[0] == state.summary.names[1]) {
        state.summary.names[0] += " #1";
        state.summary.names[1] += " #2";
    }
    state.summary.points.assign(static_cast<std::size_t>(settings.games), std::nullopt);
    std::vector<std::optional<double>> paired_points;
    if (!settings.paired_path.empty()) state.summary.fatal_error = state.read_paired(paired_points);
    if (!state.summary.fatal_error.empty()) return state.summary;
    state.summary.fatal_error = state.open_record();
    if (!state.summary.fatal_error.empty()) return state.summary;
    std::vector<std::thread> workers;
    const int count = std::max(1, std::min(settings.concurrency, static_cast<int>(state.unplayed.size())));
    for (int i = 0; i < count; ++i) workers.emplace_back([&state] { state.worker(); });
    // The main thread turns an outside interrupt into the workers' stop flag.
    while (true) {
        bool running = false;
        {
            std::lock_guard lock(state.mutex);
            running = state.summary.tally.games() < settings.games && !state.stop;
        }
        if (!running) break;
        if (settings.interrupt && settings.interrupt->load()) {
            std::lock_guard lock(state.mutex);
            state.summary.stopped_early = true;
            state.stop = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (std::thread& worker : workers) worker.join();
    state.summary.seconds = std::chrono::duration<double>(Clock::now() - begin).count();
    if (!settings.paired_path.empty()) state.summary.paired = paired_difference(state.summary.points, paired_points);
    return state.summary;
}

}  // namespace tempo::match
