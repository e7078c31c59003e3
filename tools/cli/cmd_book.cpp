// `tempo book build|info|show|export|import|import-edax|export-edax|learn|duel`: making, reading and growing the
// opening book.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "formats/file_bytes.hpp"
#include "engine/notation.hpp"
#include "engine/text.hpp"
#include "play/book/builder.hpp"
#include "play/book/file.hpp"
#include "play/book/location.hpp"
#include "play/book/valuer.hpp"
#include "tools/cli/book_games.hpp"
#include "tools/cli/commands.hpp"
#include "tools/cli/engine_options.hpp"
#include "tools/json_line.hpp"

namespace tempo::cli {

namespace {

using Clock = std::chrono::steady_clock;

// Set by Ctrl-C: the build finishes the position it is valuing, saves and stops.
volatile std::sig_atomic_t interrupted = 0;
// Internal linkage (no extern "C"): another command has a handler of its own.
void on_build_interrupt(int) { interrupted = 1; }

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// The book named by --book, or the shipped one of the variant.
std::string book_path(const std::string& given, Variant variant) {
    if (!given.empty()) return given;
    const std::string found = book::find_book_file(variant);
    if (found.empty())
        throw CLI::ValidationError("--book", "no shipped book for " + variant.name() + "; give one with --book FILE");
    return found;
}

book::Book load(const std::string& path) { return book::read_book_file(path); }
void save(const book::Book& book, const std::string& path) { book::write_book_file(book, path); }

// Runs a subcommand: a bad file or a failed save ends it with its message and exit code 1.
std::function<void()> guarded(std::function<void()> run) {
    return [run = std::move(run)] {
        try {
            run();
        } catch (const CLI::Error&) {
            throw;
        } catch (const std::exception& error) {
            std::fflush(stdout);
            std::fprintf(stderr, "tempo book: %s\n", error.what());
            std::exit(1);
        }
    };
}

// A board string or a transcript from the start (empty: the start position).
Position parse_position_argument(const std::string& text, Variant variant) {
    try {
        return parse_position_text(text, variant).position();
    } catch (const ParseError& error) {
        throw CLI::ValidationError("position", error.what());
    }
}

struct BuildOptions {
    std::string book;
    std::string variant = "8x8";
    int depth = 12;
    double minutes = 0;
    std::size_t positions = 0;
    int max_ply = 30;
    int max_cost = 64;
    std::vector<std::string> games;
    std::uint32_t min_games = 200;
    int game_plies = 24;
    int threads = 1;
    int hash_mb = 64;
    int save_seconds = 60;
};

void run_build(const BuildOptions& o) {
    const Variant variant = Variant::parse(o.variant);
    const Clock::time_point start = Clock::now();
    const bool resume = std::filesystem::exists(o.book);
    book::Book book = resume ? load(o.book) : book::Book(variant);
    if (book.variant() != variant)
        throw CLI::ValidationError("--book", o.book + " is a book for " + book.variant().name());
    if (resume)
        std::printf("resuming %s: %zu positions (leaves valued at depth %d)\n", o.book.c_str(), book.size(),
                    book.depth());
    if (!book.empty() && book.depth() != 0 && book.depth() != o.depth)
        std::printf("note: new positions are valued at depth %d, the book's others at %d\n", o.depth, book.depth());
    book.set_depth(o.depth);

    Searcher searcher(SearcherOptions{o.threads, o.hash_mb});
    book::SearchValuer valuer(searcher, variant, o.depth);
    book::BookBuilder builder(book, valuer);
    std::signal(SIGINT, on_build_interrupt);
    std::signal(SIGTERM, on_build_interrupt);
    const double budget = o.minutes > 0 ? o.minutes * 60 : 1e18;
    const std::size_t max_positions = o.positions ? o.positions : SIZE_MAX;
    const auto out_of_time = [&] {
        return interrupted || seconds_since(start) >= budget || book.size() >= max_positions;
    };
    Clock::time_point last_save = Clock::now();
    const auto save_now_and_then = [&](bool force) {
        if (!force && seconds_since(last_save) < o.save_seconds) return;
        book.minimax();
        save(book, o.book);
        last_save = Clock::now();
    };

    if (!o.games.empty()) {
        cli::GameLines lines;
        for (const std::string& path : o.games) {
            read_game_lines(path, o.game_plies, lines);
        }
        std::printf(
            "games: %zu lines read (%zu records skipped) in %.1f s; positions reached by %u or more games "
            "within %d plies are added\n",
            lines.lines.size(), lines.skipped, seconds_since(start), o.min_games, o.game_plies);
        std::fflush(stdout);
        Clock::time_point last_report = Clock::now();
        const std::size_t added =
            builder.add_game_lines(lines.lines, o.min_games, o.game_plies, [&](std::size_t done, std::size_t total) {
                if (seconds_since(last_report) >= 5 || done + 1 == total) {
                    std::printf("games: %zu/%zu positions, book %zu, %.0f s\n", done + 1, total, book.size(),
                                seconds_since(start));
                    std::fflush(stdout);
                    last_report = Clock::now();
                }
                save_now_and_then(false);
                return !out_of_time();
            });
        std::printf("games: %zu positions added\n", added);
    }

    builder.add_position(Board::start());
    const book::DoeLimits limits{o.max_ply, o.max_cost};
    std::size_t expansions = 0;
    Clock::time_point last_report = Clock::now();
    while (!out_of_time()) {
        const auto leaf = builder.next_leaf(Board::start(), limits);
        if (!leaf) {
            std::printf("doe: every line within %d plies and a cost of %d discs is in the book\n", o.max_ply,
                        o.max_cost);
            break;
        }
        builder.expand(*leaf);
        ++expansions;
        if (seconds_since(last_report) >= 10) {
            std::printf("doe: %zu positions (+%zu), root %s, last leaf cost %d at ply %d, %.0f s\n", book.size(),
                        expansions, signed_integer(book.find(Board::start())->value().value_or(0)).c_str(), leaf->cost,
                        leaf->ply, seconds_since(start));
            std::fflush(stdout);
            last_report = Clock::now();
        }
        save_now_and_then(false);
    }
    save_now_and_then(true);
    std::printf("%s%s: %zu positions, %zu moves, leaves at depth %d, %.1f min (%zu positions valued this run)\n",
                interrupted ? "interrupted, saved " : "saved ", o.book.c_str(), book.size(), book.move_count(), o.depth,
                seconds_since(start) / 60, builder.positions_valued());
}

void run_info(const std::string& given, const std::string& variant_name) {
    const std::string path = book_path(given, Variant::parse(variant_name));
    const book::Book book = load(path);
    std::map<int, std::size_t> per_ply;
    std::uint64_t games = 0;
    for (const auto& [board, node] : book.sorted_nodes()) {
        ++per_ply[book::book_ply(board, book.variant())];
        games = std::max<std::uint64_t>(games, node->games);
    }
    std::printf("book       %s\n", path.c_str());
    std::printf("variant    %s\n", book.variant().name().c_str());
    std::printf("positions  %zu\n", book.size());
    std::printf("moves      %zu valued\n", book.move_count());
    std::printf("depth      leaves searched at %d plies; positions up to ply %d\n", book.depth(),
                per_ply.empty() ? 0 : per_ply.rbegin()->first);
    std::printf("size       %ju bytes\n", static_cast<std::uintmax_t>(std::filesystem::file_size(path)));
    std::printf("games      %ju at the most visited position\n", static_cast<std::uintmax_t>(games));
    std::printf("per ply   ");
    for (const auto& [ply, count] : per_ply) std::printf(" %d:%zu", ply, count);
    std::printf("\n");
    if (const book::BookNode* root = book.find(Board::start()); root && root->value())
        std::printf("start      %s\n", signed_integer(*root->value()).c_str());
}

// The same as one JSON object: {"in_book", "games", "value", "moves": [{"move", "value", "depth",
// "exact", "in_book", "games"}]}.
void print_show_json(const book::Book& book, const Board& board, Geometry geometry) {
    const book::BookNode* node = book.find(board);
    JsonLine line;
    line.flag("in_book", node != nullptr);
    if (node) {
        line.number("games", node->games);
        if (node->value()) line.number("value", *node->value());
        std::string moves = "[";
        for (const book::BookMove& m : book.moves(board))
            moves += (moves.size() > 1 ? "," : "") + JsonLine()
                                                         .text("move", move_name(m.move, geometry))
                                                         .number("value", m.value)
                                                         .number("depth", m.depth)
                                                         .flag("exact", m.exact)
                                                         .flag("in_book", m.in_book)
                                                         .number("games", m.games)
                                                         .str();
        line.raw("moves", moves + "]");
    }
    std::cout << line.line();
}

void run_show(const std::string& given, const std::string& variant_name, const std::string& position_text, bool json) {
    const Variant variant = Variant::parse(variant_name);
    const book::Book book = load(book_path(given, variant));
    const Position position = parse_position_argument(position_text, book.variant());
    const Board board = position.board;
    if (json) return print_show_json(book, board, variant.geometry);
    std::cout << board_diagram(position, variant.geometry) << (position.to_move == Color::kBlack ? "black" : "white")
              << " to move\n";
    const book::BookNode* node = book.find(board);
    if (!node) {
        std::cout << "not in the book\n";
        return;
    }
    std::cout << "in the book: " << node->games << " games, value "
              << (node->value() ? signed_integer(*node->value()) : std::string("unknown")) << "\n";
    for (const book::BookMove& m : book.moves(board)) {
        std::printf("  %-4s %4s  %s %2d%s\n", move_name(m.move, variant.geometry).c_str(),
                    signed_integer(m.value).c_str(), m.exact ? "exact  " : "depth", m.depth,
                    m.in_book ? (", book, " + std::to_string(m.games) + " games").c_str() : "");
    }
}

void run_learn(const std::string& given, const std::string& variant_name, const std::vector<std::string>& transcripts,
               int depth, int max_ply) {
    const Variant variant = Variant::parse(variant_name);
    const std::string path = book_path(given, variant);
    book::Book book = std::filesystem::exists(path) ? load(path) : book::Book(variant);
    Searcher searcher;
    book::SearchValuer valuer(searcher, variant, depth > 0 ? depth : std::max(1, book.depth()));
    book::BookBuilder builder(book, valuer);
    std::size_t added = 0;
    for (const std::string& text : transcripts) {
        added += builder.learn(parse_transcript(text, variant), max_ply);
    }
    save(book, path);
    std::printf("learned %zu games: %zu positions added, %zu in %s\n", transcripts.size(), added, book.size(),
                path.c_str());
}

struct DuelOptions {
    std::string book;
    std::string openings;  // empty: the start position only
    int games = 20;        // openings used (each played twice, colours swapped)
    int depth = 8;
    int margin = 1;
    std::uint64_t seed = 1;
};

// Book against no book, in one process: the same Searcher depth for both, every opening played
// with each colour. Prints the book side's wins, draws, losses and mean disc margin.
void run_duel(const DuelOptions& o) {
    const Variant variant{};
    const book::Book book = load(book_path(o.book, variant));
    std::vector<std::string> openings{""};
    if (!o.openings.empty()) {
        openings.clear();
        std::ifstream in(o.openings);
        if (!in) throw ParseError(o.openings + ": cannot open");
        for (std::string line; std::getline(in, line) && static_cast<int>(openings.size()) < o.games;) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (!line.empty()) openings.push_back(line);
        }
    }
    std::mt19937_64 rng(o.seed);
    Searcher with_book, without_book;
    Limits limits;
    limits.depth = o.depth;
    int wins = 0, draws = 0, losses = 0, book_moves = 0, total_margin = 0, played = 0;
    for (int round = 0; round < o.games; ++round) {
        const std::string& opening = openings[static_cast<std::size_t>(round) % openings.size()];
        for (const Color book_color : {Color::kBlack, Color::kWhite}) {
            Game game = parse_transcript(opening, variant);
            with_book.clear();
            without_book.clear();
            while (!game.is_over()) {
                if (game.must_pass()) {
                    game.play(kPass);
                    continue;
                }
                const bool book_side = game.to_move() == book_color;
                std::optional<book::BookMove> from_book = book_side ? book.choose(game.board(), o.margin, rng) : std::nullopt;
                if (from_book) ++book_moves;
                game.play(from_book ? from_book->move : (book_side ? with_book : without_book).run(game, limits).best);
            }
            const int margin = book_color == Color::kBlack ? game.black_margin() : -game.black_margin();
            wins += margin > 0, draws += margin == 0, losses += margin < 0;
            total_margin += margin;
            ++played;
        }
        std::printf("after %d games: book side +%d =%d -%d, mean margin %+.2f, %d book moves\n", played, wins, draws,
                    losses, static_cast<double>(total_margin) / played, book_moves);
        std::fflush(stdout);
    }
}

}  // namespace

void add_book_command(CLI::App& app) {
    CLI::App* book = app.add_subcommand(
        "book", "Opening book: build, info, show, export, import, import-edax, export-edax, learn, duel");
    book->require_subcommand(1);

    auto build = std::make_shared<BuildOptions>();
    CLI::App* cmd = book->add_subcommand(
        "build",
        "Grow a book by drop-out expansion from the start (resumes the file if it exists), after adding\n"
        "the positions that game records reach often. Ctrl-C saves and stops; the file is saved every\n"
        "--save-every seconds.");
    cmd->add_option("--book", build->book, "Book file to create or resume")->required();
    add_variant_option(*cmd, build->variant);
    cmd->add_option("--depth", build->depth, "Search depth behind every value (plies)")->check(CLI::Range(1, 40));
    cmd->add_option("--minutes", build->minutes, "Stop after this long (0 = no limit)");
    cmd->add_option("--positions", build->positions, "Stop at this many positions (0 = no limit)");
    cmd->add_option("--max-ply", build->max_ply, "Deepest position the expansion adds")->check(CLI::Range(1, 60));
    cmd->add_option("--max-cost", build->max_cost, "Skip lines that drop more discs than this from the best")
        ->check(CLI::Range(0, 200));
    cmd->add_option("--games", build->games,
                    "Game records (.wtb, .gam, .gam.gz or folders) whose frequent positions are added");
    cmd->add_option("--min-games", build->min_games, "Add a record position reached by at least this many games");
    cmd->add_option("--game-plies", build->game_plies, "Add record positions only this many plies deep")
        ->check(CLI::Range(0, 60));
    add_threads_option(*cmd, build->threads);
    add_hash_option(*cmd, build->hash_mb);
    cmd->add_option("--save-every", build->save_seconds, "Seconds between saves")->check(CLI::Range(1, 86400));
    cmd->callback(guarded([build] { run_build(*build); }));

    struct ReadOptions {
        std::string book;
        std::string variant = "8x8";
        std::string position;
        bool json = false;
        std::string file;
        std::vector<std::string> transcripts;
        int depth = 0;
        int max_ply = 30;
    };
    auto read = std::make_shared<ReadOptions>();
    const auto book_options = [read](CLI::App* sub) {
        sub->add_option("--book", read->book, "Book file (default: the shipped book of the variant)");
        add_variant_option(*sub, read->variant);
    };

    cmd = book->add_subcommand("info", "Positions, depth and size of a book");
    book_options(cmd);
    cmd->callback(guarded([read] { run_info(read->book, read->variant); }));

    cmd = book->add_subcommand("show", "A position's book moves with their values (discs for the side to move)");
    book_options(cmd);
    cmd->add_option("position", read->position,
                    "A transcript from the start (f5d6c3) or a board string with the side to move");
    cmd->add_flag("--json", read->json, "One JSON object: the position's book data and its moves");
    cmd->callback(guarded([read] { run_show(read->book, read->variant, read->position, read->json); }));

    cmd = book->add_subcommand("export", "Write a book as text (one position a line)");
    book_options(cmd);
    cmd->add_option("output", read->file, "Text file (default: standard output)");
    cmd->callback(guarded([read] {
        const book::Book loaded = load(book_path(read->book, Variant::parse(read->variant)));
        if (read->file.empty()) {
            book::write_book_text(loaded, std::cout);
            return;
        }
        std::ostringstream text;
        book::write_book_text(loaded, text);
        const std::string bytes = text.str();
        write_file_atomically(read->file, std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
    }));

    cmd = book->add_subcommand("import", "Make a book file from the text form");
    cmd->add_option("input", read->file, "Text file from `tempo book export`")->required();
    cmd->add_option("--book", read->book, "Book file to write")->required();
    cmd->callback(guarded([read] {
        const auto bytes = read_file_bytes(read->file, kMaxBookFileBytes);
        const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        require_text(text, read->file);
        const book::Book imported = book::parse_book_text(text);
        save(imported, read->book);
        std::printf("imported %zu positions into %s\n", imported.size(), read->book.c_str());
    }));

    cmd = book->add_subcommand("import-edax", "Make a book file from an Edax book (book.dat of Edax 4.x)");
    cmd->add_option("input", read->file, "Edax's book file")->required();
    cmd->add_option("--book", read->book, "Book file to write")->required();
    cmd->callback(guarded([read] {
        book::Book imported = book::parse_edax_book(read_file_bytes(read->file, kMaxBookFileBytes), read->file);
        // An Edax book that Edax negamaxed is consistent already: nothing changes.
        const std::size_t changed = imported.minimax();
        save(imported, read->book);
        std::printf("imported %zu positions (%zu moves) into %s", imported.size(), imported.move_count(),
                    read->book.c_str());
        if (changed)
            std::printf("; %zu move value%s updated from the book positions the moves lead to", changed,
                        changed == 1 ? "" : "s");
        std::printf("\n");
    }));

    cmd = book->add_subcommand("export-edax", "Write a standard 8x8 book as an Edax book (book.dat of Edax 4.x)");
    cmd->add_option("--book", read->book, "Book file (default: the shipped 8x8 book)");
    cmd->add_option("output", read->file, "Edax book file to write")->required();
    cmd->callback(guarded([read] {
        const book::Book loaded = load(book_path(read->book, Variant{}));
        if (loaded.variant() != Variant{})
            throw CLI::ValidationError(
                "--book", "Edax books hold standard 8x8 positions; this book is " + loaded.variant().name());
        write_file_atomically(read->file, book::serialize_edax_book(loaded));
        std::printf("exported %zu positions into %s\n", loaded.size(), read->file.c_str());
    }));

    cmd = book->add_subcommand("learn", "Add played games' positions (each move searched) and save the book");
    book_options(cmd);
    cmd->add_option("games", read->transcripts, "Games as transcripts from the start")->required();
    cmd->add_option("--depth", read->depth, "Search depth for new positions (default: the book's)")
        ->check(CLI::Range(0, 40));
    cmd->add_option("--max-ply", read->max_ply, "Learn positions only this many plies deep")->check(CLI::Range(0, 60));
    cmd->callback(
        guarded([read] { run_learn(read->book, read->variant, read->transcripts, read->depth, read->max_ply); }));

    auto duel = std::make_shared<DuelOptions>();
    cmd = book->add_subcommand("duel",
                               "Tempo with the book against Tempo without it, same search depth, each opening twice");
    cmd->add_option("--book", duel->book, "Book file (default: the shipped book)");
    cmd->add_option("--openings", duel->openings, "Openings file, one transcript a line (default: the start position)");
    cmd->add_option("--games", duel->games, "Openings to play (each twice, colours swapped)")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--depth", duel->depth, "Search depth for both sides")->check(CLI::Range(1, 30));
    cmd->add_option("--margin", duel->margin, "Book moves this close to the best are drawn at random")
        ->check(CLI::Range(0, 64));
    cmd->add_option("--seed", duel->seed, "Seed of the book's draws");
    cmd->callback(guarded([duel] { run_duel(*duel); }));
}

}  // namespace tempo::cli
