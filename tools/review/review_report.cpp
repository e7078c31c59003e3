#include "tools/review/review_report.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "engine/notation.hpp"
#include "engine/text.hpp"
#include "tools/json_line.hpp"

namespace tempo::review {

namespace {

std::string side_name(Color side) { return side == Color::kBlack ? "black" : "white"; }

// The score after the move, from Black's view: what the plot shows.
int black_view(const ReviewedMove& m) { return m.side == Color::kBlack ? m.played_score : -m.played_score; }

std::string xml_text(std::string_view text) {
    std::string out;
    for (unsigned char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c < 0x20 ? ' ' : static_cast<char>(c);  // XML 1.0 forbids most control characters
        }
    }
    return out;
}

std::string summary_line(const char* name, const SideSummary& side) {
    std::string line = std::string(name) + ": " + std::to_string(side.mistakes) + " mistake" +
                       (side.mistakes == 1 ? "" : "s") + ", " + std::to_string(side.total_loss) + " disc" +
                       (side.total_loss == 1 ? "" : "s") + " lost";
    if (side.worst_move)
        line += " (worst: move " + std::to_string(side.worst_move) + ", " + std::to_string(side.worst_loss) + ")";
    return line + "\n";
}

const ReviewedMove* move_number(const GameReview& review, int number) {
    for (const ReviewedMove& m : review.moves)
        if (m.number == number) return &m;
    return nullptr;
}

std::string result_text(const GameReview& review) {
    if (!review.finished) return "unfinished";
    if (review.black_result == 0) return "draw";
    return (review.black_result > 0 ? "Black wins by " : "White wins by ") +
           std::to_string(std::abs(review.black_result));
}

}  // namespace

std::string review_text(const GameReview& review, const ReviewHeading& heading) {
    std::string out = heading.black + " (black) vs " + heading.white + " (white): " + result_text(review) + "; " +
                      heading.limits + "\n";
    char row[128];
    std::snprintf(row, sizeof row, "%4s  %-5s  %-6s %6s  %-4s %6s  %4s\n", "move", "side", "played", "score", "best",
                  "score", "loss");
    out += row;
    for (const ReviewedMove& m : review.moves) {
        const char* mark = m.exact ? "=" : " ";
        std::snprintf(row, sizeof row, "%4d  %-5s  %-6s %5s%s  %-4s %5s%s  %4s\n", m.number, side_name(m.side).c_str(),
                      move_name(m.played, heading.geometry).c_str(), signed_integer(m.played_score).c_str(), mark,
                      move_name(m.best, heading.geometry).c_str(), signed_integer(m.best_score).c_str(), mark,
                      m.loss ? std::to_string(m.loss).c_str() : "");
        out += row;
    }
    out += "(scores: discs for the side to move; = exact)\n";
    out += summary_line("Black", review.black);
    out += summary_line("White", review.white);
    if (const ReviewedMove* first = move_number(review, review.first_losing_move))
        out += "First losing move: " + std::to_string(first->number) + " (" + side_name(first->side) + " " +
               move_name(first->played, heading.geometry) + ", " + signed_integer(first->best_score) + " -> " +
               signed_integer(first->played_score) + ")\n";
    else
        out += "First losing move: none\n";
    return out;
}

std::string review_json(const GameReview& review, const ReviewHeading& heading) {
    using cli::JsonLine;
    std::string out;
    for (const ReviewedMove& m : review.moves)
        out += JsonLine()
                   .number("move", m.number)
                   .text("side", side_name(m.side))
                   .number("empties", m.empties)
                   .text("played", move_name(m.played, heading.geometry))
                   .number("played_score", m.played_score)
                   .text("best", move_name(m.best, heading.geometry))
                   .number("best_score", m.best_score)
                   .number("loss", m.loss)
                   .flag("exact", m.exact)
                   .line();
    const auto side = [](const SideSummary& s) {
        return JsonLine()
            .number("mistakes", s.mistakes)
            .number("total_loss", s.total_loss)
            .number("worst_loss", s.worst_loss)
            .number("worst_move", s.worst_move)
            .str();
    };
    const std::string summary = JsonLine()
                                    .text("black_player", heading.black)
                                    .text("white_player", heading.white)
                                    .text("limits", heading.limits)
                                    .flag("finished", review.finished)
                                    .number("black_result", review.black_result)
                                    .number("first_losing_move", review.first_losing_move)
                                    .raw("black", side(review.black))
                                    .raw("white", side(review.white))
                                    .str();
    return out + JsonLine().raw("summary", summary).line();
}

std::string review_svg(const GameReview& review, const ReviewHeading& heading) {
    // Plot area: x = move number 0..last, y = Black's margin, symmetric, in steps of 8 discs.
    constexpr int kWidth = 720, kHeight = 360, kLeft = 50, kRight = 20, kTop = 40, kBottom = 40;
    const int plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
    int last = 1, span = 8;
    for (const ReviewedMove& m : review.moves) {
        last = std::max(last, m.number);
        span = std::max(span, (std::abs(black_view(m)) + 7) / 8 * 8);
    }
    span = std::min(span, 64);
    const auto x = [&](int number) { return kLeft + plot_w * number / last; };
    const auto y = [&](int score) { return kTop + plot_h / 2 - plot_h / 2 * score / span; };

    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                      std::to_string(kWidth) + "\" height=\"" + std::to_string(kHeight) + "\" viewBox=\"0 0 " +
                      std::to_string(kWidth) + " " + std::to_string(kHeight) +
                      "\" font-family=\"sans-serif\" font-size=\"12\">\n";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    out += "<text x=\"" + std::to_string(kLeft) + "\" y=\"20\" font-size=\"14\">" +
           xml_text(heading.black + " (black) vs " + heading.white + " (white): " + result_text(review)) + "</text>\n";
    // Grid: a line every 8 discs (0 darker), a tick every 10 moves.
    for (int score = -span; score <= span; score += 8) {
        out += "<line x1=\"" + std::to_string(kLeft) + "\" y1=\"" + std::to_string(y(score)) + "\" x2=\"" +
               std::to_string(kLeft + plot_w) + "\" y2=\"" + std::to_string(y(score)) + "\" stroke=\"" +
               (score == 0 ? "#888" : "#ddd") + "\"/>\n";
        out += "<text x=\"" + std::to_string(kLeft - 6) + "\" y=\"" + std::to_string(y(score) + 4) +
               "\" text-anchor=\"end\">" + signed_integer(score) + "</text>\n";
    }
    for (int number = 10; number <= last; number += 10)
        out += "<text x=\"" + std::to_string(x(number)) + "\" y=\"" + std::to_string(kTop + plot_h + 16) +
               "\" text-anchor=\"middle\">" + std::to_string(number) + "</text>\n";
    out += "<text x=\"" + std::to_string(kLeft + plot_w / 2) + "\" y=\"" + std::to_string(kHeight - 6) +
           "\" text-anchor=\"middle\">move (" + xml_text(heading.limits) + ")</text>\n";
    out += "<text x=\"14\" y=\"" + std::to_string(kTop + plot_h / 2) +
           "\" text-anchor=\"middle\" transform=\"rotate(-90 14 " + std::to_string(kTop + plot_h / 2) +
           ")\">Black's margin (discs)</text>\n";
    if (!review.moves.empty()) {
        out += "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" points=\"";
        for (const ReviewedMove& m : review.moves)
            out += std::to_string(x(m.number)) + "," + std::to_string(y(black_view(m))) + " ";
        out += "\"/>\n";
    }
    for (const ReviewedMove& m : review.moves) {
        if (!m.loss) continue;
        const bool black = m.side == Color::kBlack;
        out += "<circle cx=\"" + std::to_string(x(m.number)) + "\" cy=\"" + std::to_string(y(black_view(m))) +
               "\" r=\"" + std::to_string(std::min(3 + m.loss / 2, 9)) + "\" fill=\"" + (black ? "black" : "white") +
               "\" stroke=\"#c00\"><title>" +
               xml_text("move " + std::to_string(m.number) + ": " + side_name(m.side) + " " +
                        move_name(m.played, heading.geometry) + " loses " + std::to_string(m.loss) + " (best " +
                        move_name(m.best, heading.geometry) + ")") +
               "</title></circle>\n";
    }
    if (const ReviewedMove* first = move_number(review, review.first_losing_move))
        out +=
            "<circle cx=\"" + std::to_string(x(first->number)) + "\" cy=\"" + std::to_string(y(black_view(*first))) +
            "\" r=\"13\" fill=\"none\" stroke=\"#c00\" stroke-width=\"2\"><title>first losing move</title></circle>\n";
    return out + "</svg>\n";
}

}  // namespace tempo::review
