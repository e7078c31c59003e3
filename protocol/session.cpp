#include "protocol/session.hpp"

#include <chrono>

#include "engine/parse_error.hpp"
#include "play/levels.hpp"

namespace tempo::protocol {

namespace {

// A ponder solves exactly from this many empties (a few seconds at most on one thread); above,
// it deepens the midgame search until stopped.
constexpr int kPonderSolveEmpties = 24;

}  // namespace

// The limits of a search that must answer at once (the session hurries, or the job was
// cancelled): one ply, no endgame solve.
Limits SearchJob::adjusted(Limits limits) const {
    if (session_.hurrying_ || session_.cancelled_) {
        limits.depth = 1;
        limits.endgame = Limits::Endgame::kOff;
        limits.solve_empties.reset();
        limits.move_time = std::chrono::milliseconds(10);
    }
    return limits;
}

std::function<void(const SearchResult&)> SearchJob::unless_cancelled(
    const std::function<void(const SearchResult&)>& on_info) const {
    if (!on_info) return {};
    return [this, &on_info](const SearchResult& info) {
        if (!session_.cancelled_) on_info(info);
    };
}

SearchResult SearchJob::run(const Game& game, const Limits& limits,
                            const std::function<void(const SearchResult&)>& on_info) {
    return session_.searcher().run(game, adjusted(limits), unless_cancelled(on_info), stop_);
}

SearchResult SearchJob::play(const Game& game, const Level& level,
                             const std::function<void(const SearchResult&)>& on_info) {
    Level now = level;
    now.limits = adjusted(level.limits);
    return session_.player_.play(game, now, unless_cancelled(on_info), stop_);
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
    session_.searcher().run(position, limits, {}, stop_);
}

std::shared_ptr<const Evaluator> SearchJob::evaluator(Variant variant) { return session_.searcher().evaluator(variant); }

bool SearchJob::emit(std::string_view line) {
    Session& s = session_;
    return s.output_.locked([&](auto write) { return !s.cancelled_ && write(line); });
}

bool SearchJob::cancelled() const { return session_.cancelled_; }

Session::Session(EngineConfig config, LineOutput& output)
    : output_(output), player_(config.player), game_(config.variant), ponder_(config.ponder) {
    set_level(config.level);
    level_chosen_ = config.level_chosen;
    if (config.book) player_.set_book(config.book);
    if (config.evaluator) player_.searcher().set_evaluator(config.variant, config.evaluator);
    player_.prepare(game_.variant());
}

Session::~Session() { cancel(); }

void Session::new_game(Variant variant) {
    cancel();
    game_ = Game(variant);
    player_.clear();
    player_.prepare(variant);
}

void Session::set_game(Game game) {
    cancel();
    game_ = std::move(game);
    player_.prepare(game_.variant());
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
    parse_level(level);  // throws on a bad level before anything changes
    level_ = std::string(level);
    level_chosen_ = true;
}


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
