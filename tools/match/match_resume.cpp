#include "tools/match/match_resume.hpp"

#include <charconv>
#include <map>
#include <utility>

#include "formats/ggf.hpp"
#include "tools/match/game_play.hpp"

namespace tempo::match {

namespace {

// What a record's comments say: its opening's text ("" for the start position) and the fault that
// ended it, if any.
struct Comments {
    std::string opening;
    std::optional<std::pair<Color, FailureKind>> forfeit;
};

Comments read_comments(const GgfGame& record) {
    Comments comments;
    for (const auto& [tag, value] : record.other_tags) {
        if (tag != "CO") continue;
        const std::string_view text = value;
        if (text.starts_with(kOpeningCommentPrefix)) {
            comments.opening = text.substr(kOpeningCommentPrefix.size());
            continue;
        }
        for (const Color color : {Color::kBlack, Color::kWhite})
            for (const FailureKind kind :
                 {FailureKind::kIllegalMove, FailureKind::kCrash, FailureKind::kTimeout, FailureKind::kGarbage})
                if (text.starts_with(forfeit_comment(color, kind, ""))) comments.forfeit = std::pair{color, kind};
    }
    return comments;
}

// RE as the runner writes it: Black's margin, then ":r" or ":t" for a game that did not end on the
// board.
std::pair<int, bool> read_result(const std::string& result) {
    int margin = 0;
    const char* end = result.data() + result.size();
    const auto [rest, error] = std::from_chars(result.data(), end, margin);
    const std::string_view suffix(rest, static_cast<std::size_t>(end - rest));
    if (error != std::errc() || margin < -64 || margin > 64 || !(suffix.empty() || suffix == ":r" || suffix == ":t"))
        throw ParseError("the result RE[" + result + "] is not a disc difference (with :r or :t)");
    return {margin, suffix.empty()};
}

}  // namespace

double RecordedGame::engine1_points() const {
    const int margin = engine1_margin();
    return margin > 0 ? 1.0 : margin < 0 ? 0.0 : 0.5;
}

void add_thinking(const GgfGame& record, RecordedGame& game) {
    // The moves alternate from the start position's side to move: a record holds the passes.
    bool black = record.start.to_move == Color::kBlack;
    for (const GgfMove& move : record.moves) {
        if (move.seconds) {
            const int engine = black == game.engine1_black ? 0 : 1;
            game.think_seconds[engine] += *move.seconds;
            game.timed_moves[engine] += 1;
        }
        black = !black;
    }
}

RecordedMatch read_recorded_match(std::string_view text, const std::array<std::string, 2>& names,
                                  const std::vector<Opening>& openings, int game_count) {
    // The games still free for each opening and colours, in the order they are played.
    std::map<std::pair<std::string, bool>, std::vector<int>> free_games;
    for (const Opening& opening : openings)
        for (const bool engine1_black : {true, false}) free_games[{opening.text, engine1_black}];
    for (int index = game_count - 1; index >= 0; --index) {
        const GameSlot slot = game_slot(openings, index);
        free_games[{slot.opening->text, slot.engine1_black}].push_back(index);  // back() is the first
    }
    RecordedMatch match;
    int line_number = 0;
    for (std::size_t begin = 0; begin < text.size();) {
        const std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) {
            match.torn_tail = true;  // no newline: the write was cut off
            break;
        }
        const std::string_view line = text.substr(begin, end - begin);
        begin = end + 1;
        ++line_number;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        try {
            const GgfGame record = parse_ggf(line);
            RecordedGame game;
            if (record.black_name == names[0] && record.white_name == names[1])
                game.engine1_black = true;
            else if (record.black_name == names[1] && record.white_name == names[0])
                game.engine1_black = false;
            else
                throw ParseError("the players " + record.black_name + " and " + record.white_name +
                                 " are not this match's engines, " + names[0] + " and " + names[1]);
            const Comments comments = read_comments(record);
            auto free = free_games.find({comments.opening, game.engine1_black});
            if (free == free_games.end())
                throw ParseError("the opening \"" + comments.opening + "\" is not in this match's list");
            if (free->second.empty())
                throw ParseError("one game too many with the opening \"" + comments.opening + "\" and " +
                                 record.black_name + " Black: this match plays fewer");
            game.index = free->second.back();
            free->second.pop_back();
            std::tie(game.black_margin, game.completed) = read_result(record.result);
            if (comments.forfeit) {
                const auto [color, kind] = *comments.forfeit;
                game.forfeit = RecordedGame::Fault{(color == Color::kBlack) == game.engine1_black ? 0 : 1, kind};
            }
            add_thinking(record, game);
            match.games.push_back(game);
            match.kept_text.append(line).push_back('\n');
        } catch (const ParseError& error) {
            throw ParseError("record " + std::to_string(line_number) + ": " + error.what());
        }
    }
    return match;
}

}  // namespace tempo::match
