#include "protocol/session.hpp"

#include <chrono>

#include "engine/parse_error.hpp"
#include "search/levels.hpp"

namespace tempo::protocol {

namespace {

// A ponder solves exactly from this many empties (a few seconds at most on one thread); above,
// it deepens the midgame search until stopped.
constexpr int kPonderSolveEmpties = 24;

}  // namespace

Limits Session::limits_for_level(std::string_view level) {
    if (const auto named = named_level(level)) return *named;
    int depth = 0;
    for (char c : level) {
        if (c < '0' || c > '9' || depth > kMaxLevel) depth = -1;
        if (depth < 0) break;
        depth = depth * 10 + (c - '0');
    }
    if (level.empty() || depth < kMinLevel || depth > kMaxLevel)
        throw ParseError("bad level " + quoted_input(level) + ": expected easy, normal, hard or a depth 1..60");
    return tempo::level_limits(depth);
}

SearchResult SearchJob::run(const Game& game, const Limits& limits,
                            const std::function<void(const SearchInfo&)>& on_info) {
    Session& s = session_;
    Limits adjusted = limits;
    if (s.hurrying_ || s.cancelled_) {  // answer at once: one ply, no endgame solve
        adjusted.depth = 1;
        adjusted.endgame = Limits::Endgame::kOff;
        adjusted.solve_empties.reset();
        adjusted.move_time = std::chrono::milliseconds(10);
    }
    return s.searcher_.run(
        game, adjusted,
        [&](const SearchInfo& info) {
            if (on_info && !s.cancelled_) on_info(info);
        },
        stop_);
}

bool SearchJob::announce_ponder(const Game& position) {
    Session& s = session_;
    if (!s.ponder_ || position.is_over()) return false;
    std::lock_guard lock(s.ponder_mutex_);
    s.pondered_ = position.board();
    return true;
}

void SearchJob::ponder(const Game& position) {
    if (!announce_ponder(position) || session_.cancelled_) return;
    Limits limits;  // as deep as the time allows: the next command stops it
    limits.endgame = Limits::Endgame::kAuto;
    limits.solve_empties = kPonderSolveEmpties;
    session_.searcher_.run(position, limits, {}, stop_);
}

std::shared_ptr<const Evaluator> SearchJob::evaluator(Variant variant) { return session_.searcher_.evaluator(variant); }

bool SearchJob::emit(std::string_view line) {
    Session& s = session_;
    return s.output_.locked([&](auto write) { return !s.cancelled_ && write(line); });
}

bool SearchJob::cancelled() const { return session_.cancelled_; }

Session::Session(EngineConfig config, LineOutput& output)
    : output_(output), searcher_(config.searcher), game_(config.variant), ponder_(config.ponder) {
    set_level(config.level);
    level_chosen_ = config.level_chosen;
    if (config.book) searcher_.set_book(config.book);
    if (config.evaluator) searcher_.set_evaluator(config.variant, config.evaluator);
    searcher_.prepare(game_.variant());
}

Session::~Session() { cancel(); }

void Session::new_game(Variant variant) {
    cancel();
    game_ = Game(variant);
    searcher_.clear();
    searcher_.prepare(variant);
}

void Session::set_game(Game game) {
    cancel();
    game_ = std::move(game);
    searcher_.prepare(game_.variant());
}

bool Session::pondering() const {
    std::lock_guard lock(ponder_mutex_);
    return busy() && pondered_.has_value();
}

bool Session::pondering(const Game& game) const {
    std::lock_guard lock(ponder_mutex_);
    return busy() && pondered_ && *pondered_ == game.board();
}

void Session::set_game_keeping_ponder(Game game) {
    if (!pondering(game) || game.variant() != game_.variant()) return set_game(std::move(game));
    game_ = std::move(game);
}

void Session::set_level(std::string_view level) {
    limits_for_level(level);  // throws on a bad level before anything changes
    level_ = std::string(level);
    level_chosen_ = true;
}

Limits Session::level_limits() const { return limits_for_level(level_); }

void Session::start(std::function<void(SearchJob&)> job) {
    cancel();
    cancelled_ = false;
    finished_ = false;
    std::stop_token stop;
    {
        std::lock_guard lock(stop_mutex_);
        job_stop_ = std::stop_source();
        stop = job_stop_.get_token();
    }
    worker_ = std::thread([this, job = std::move(job), stop = std::move(stop)] {
        SearchJob context(*this, stop);
        job(context);
        {
            std::lock_guard lock(ponder_mutex_);
            pondered_.reset();
        }
        finished_ = true;
    });
}

void Session::stop_job() {
    std::lock_guard lock(stop_mutex_);
    job_stop_.request_stop();
}

void Session::cancel() {
    if (!worker_.joinable()) return;
    output_.locked([this](auto) {
        cancelled_ = true;
        return true;
    });
    stop_job();
    worker_.join();
}

void Session::wait() {
    if (worker_.joinable()) worker_.join();
}

void Session::interrupt() { stop_job(); }

void Session::hurry() {
    hurrying_ = true;
    stop_job();
}

}  // namespace tempo::protocol
