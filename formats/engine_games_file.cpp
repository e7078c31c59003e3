#include "formats/engine_games_file.hpp"

#include <zlib.h>

#include <algorithm>
#include <memory>

#include "engine/notation.hpp"
#include "engine/parse_error.hpp"
#include "engine/text.hpp"

namespace tempo {

namespace {

constexpr std::string_view kMagic = "# tempo engine-games 1 variant=";

// Splits on single spaces; the format never has empty fields.
std::vector<std::string_view> fields_of(std::string_view line) {
    std::vector<std::string_view> out;
    while (!line.empty()) {
        const auto space = line.find(' ');
        out.push_back(line.substr(0, space));
        if (space == std::string_view::npos) break;
        line.remove_prefix(space + 1);
    }
    return out;
}

// A whole field as a signed integer in [lo, hi]; `what` names it in the error.
long long integer(std::string_view text, long long lo, long long hi, const char* what) {
    const std::optional<long long> value = parse_integer(text, lo, hi);
    if (!value)
        throw ParseError(std::string(what) + " " + quoted_input(text) + " is not a number in " + std::to_string(lo) +
                         ".." + std::to_string(hi));
    return *value;
}

// Positions after the opening where the side to move has a move: those that carry a score.
int scored_positions(const Game& game, int opening_plies) {
    int count = 0, squares = 0;
    for (Move move : game.moves()) {
        if (move == kPass) continue;
        if (squares++ >= opening_plies) ++count;
    }
    return count;
}

}  // namespace

std::string EngineGamesHeader::line() const { return std::string(kMagic) + variant.name() + " " + job; }

EngineGamesHeader EngineGamesHeader::parse(std::string_view line) {
    if (line.substr(0, kMagic.size()) != kMagic)
        throw ParseError("not an engine-games file: its first line is " + quoted_input(line, 40) + ", expected '" +
                         std::string(kMagic) + "...'");
    line.remove_prefix(kMagic.size());
    const auto space = line.find(' ');
    EngineGamesHeader header;
    header.variant = Variant::parse(line.substr(0, space));
    header.job = space == std::string_view::npos ? "" : std::string(line.substr(space + 1));
    return header;
}

std::string format_engine_game(const EngineGame& g) {
    std::string out = std::to_string(g.index) + " " + std::to_string(g.opening_plies) + " " +
                      transcript(g.game.moves(), g.game.variant().geometry) + " " + signed_integer(g.black_margin) +
                      " " + (g.exact_from < 0 ? std::string("-") : std::to_string(g.exact_from)) + " ";
    for (std::size_t i = 0; i < g.scores.size(); ++i) {
        if (i) out += ',';
        out += g.scores[i] ? signed_integer(*g.scores[i]) : "r";
    }
    if (g.scores.empty()) out += '-';
    return out;
}

EngineGame parse_engine_game(std::string_view line, Variant variant) {
    const std::vector<std::string_view> f = fields_of(line);
    if (f.size() != 6)
        throw ParseError("expected 6 fields (index, opening plies, moves, result, exact from, scores), got " +
                         std::to_string(f.size()));
    EngineGame g;
    g.index = static_cast<std::uint64_t>(integer(f[0], 0, 1'000'000'000'000LL, "game index"));
    g.opening_plies = static_cast<int>(integer(f[1], 0, 60, "opening plies"));
    g.game = parse_transcript(f[2], variant);
    if (!g.game.is_over()) throw ParseError("the moves do not end the game");
    g.black_margin = static_cast<int>(integer(f[3], -64, 64, "result"));
    const int result = engine_game_result(g.game);
    if (g.black_margin != result)
        throw ParseError("result " + signed_integer(g.black_margin) + " disagrees with the moves (" +
                         signed_integer(result) + ")");
    g.exact_from = f[4] == "-" ? -1 : static_cast<int>(integer(f[4], 0, 60, "exact-from empties"));
    if (f[5] != "-") {
        std::string_view rest = f[5];
        while (true) {
            const auto comma = rest.find(',');
            const std::string_view item = rest.substr(0, comma);
            g.scores.push_back(item == "r" ? std::nullopt : std::optional<int>(integer(item, -64, 64, "score")));
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
        }
    }
    const int expected = scored_positions(g.game, g.opening_plies);
    if (static_cast<int>(g.scores.size()) != expected)
        throw ParseError(std::to_string(g.scores.size()) + " scores for " + std::to_string(expected) +
                         " positions after the opening");
    return g;
}

int engine_game_result(const Game& game) {
    return game.variant().rules == Rules::kAnti ? game.white_discs() - game.black_discs() : game.black_margin();
}

EngineGamesFile read_engine_games(const std::string& path, bool allow_partial_last, std::uint64_t* complete_bytes) {
    // gzopen reads plain files as they are, so one reader serves both forms.
    const std::unique_ptr<gzFile_s, int (*)(gzFile)> in(gzopen(path.c_str(), "rb"), gzclose);
    if (!in) throw ParseError(path + ": cannot open");
    std::string text;
    char buffer[1 << 16];
    int got;
    while ((got = gzread(in.get(), buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<std::size_t>(got));
    if (got < 0) throw ParseError(path + ": unreadable (a damaged or truncated gzip stream)");
    return parse_engine_games(text, path, allow_partial_last, complete_bytes);
}

EngineGamesFile parse_engine_games(std::string_view text, const std::string& path, bool allow_partial_last,
                                   std::uint64_t* complete_bytes) {
    EngineGamesFile file;
    std::size_t end = text.size();
    if (!text.empty() && text.back() != '\n') {
        const auto last = text.rfind('\n');
        if (!allow_partial_last) {
            const std::size_t line = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
            throw ParseError(path + ":" + std::to_string(line) + ": the last line is cut short (no line end)");
        }
        end = last == std::string::npos ? 0 : last + 1;
    }
    if (complete_bytes) *complete_bytes = end;
    std::string_view rest(text.data(), end);
    for (std::size_t number = 1; !rest.empty(); ++number) {
        const auto newline = rest.find('\n');
        const std::string_view line = rest.substr(0, newline);
        rest.remove_prefix(newline + 1);
        try {
            if (number == 1) {
                file.header = EngineGamesHeader::parse(line);
            } else if (line.substr(0, kMagic.size()) == kMagic) {
                if (EngineGamesHeader::parse(line).variant != file.header.variant)
                    throw ParseError("a header for another variant");
            } else if (!line.empty() && line.front() == '#') {
                continue;  // a comment
            } else {
                file.games.push_back(parse_engine_game(line, file.header.variant));
            }
        } catch (const ParseError& e) {
            throw ParseError(path + ":" + std::to_string(number) + ": " + e.what());
        }
    }
    if (end == 0 && !allow_partial_last) throw ParseError(path + ": empty (no header line)");
    return file;
}

}  // namespace tempo
