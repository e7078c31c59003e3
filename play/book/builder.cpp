#include "play/book/builder.hpp"

#include <queue>
#include <unordered_set>

#include "engine/symmetry.hpp"

namespace tempo::book {

int book_ply(const Board& board, Variant variant) { return popcount(board.occupied() & variant.playable()) - 4; }

bool BookBuilder::add_position(const Board& board) {
    if (const BookNode* node = book_.find(board); node && !node->moves.empty()) return false;
    if (is_game_over(board, book_.variant().playable())) return false;
    const std::vector<BookMove> moves = valuer_.value_moves(board);
    book_.set_moves(board, moves);
    ++valued_;
    // Moves into positions the book already holds take their values from there.
    for (const BookMove& m : moves)
        if (book_.contains(board_after(board, m.move))) book_.update_move_to(board, m.move);
    return true;
}

std::optional<DoeLeaf> BookBuilder::next_leaf(const Board& root, const DoeLimits& limits) {
    struct Item {
        int cost;
        int ply;
        bool leaf;
        Board board;   // the position reached (unused for a leaf)
        Board parent;  // the position the move is played from
        Move move;
        // Cheapest first, then fewest plies.
        bool operator>(const Item& other) const { return cost != other.cost ? cost > other.cost : ply > other.ply; }
    };
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    std::unordered_set<Board, BoardHash> done;
    parent_.clear();
    const Board start = canonical(root);
    if (!book_.find(start)) return std::nullopt;
    const Variant variant = book_.variant();
    queue.push({0, book_ply(start, variant), false, start, start, kNoMove});
    // Dijkstra over the book: costs never decrease along a line, so the first leaf taken off the
    // queue is the cheapest, and only positions cheaper than it are ever visited.
    while (!queue.empty()) {
        const Item item = queue.top();
        queue.pop();
        if (item.leaf) return DoeLeaf{item.parent, item.move, item.cost, item.ply};
        if (!done.insert(item.board).second) continue;
        if (item.move != kNoMove) parent_[item.board] = {item.parent, item.move};
        const BookNode* node = book_.find(item.board);
        const std::optional<int> best = node->value();
        for (const StoredBookMove& m : node->moves) {
            const int cost = item.cost + (*best - m.value);
            if (cost > limits.max_cost || m.exact) continue;
            const Board child = canonical(board_after(item.board, m.move));
            const int ply = book_ply(child, variant);
            const BookNode* child_node = book_.find(child);
            if (child_node && !child_node->moves.empty()) {
                if (!done.contains(child)) queue.push({cost, ply, false, child, item.board, m.move});
            } else if (ply <= limits.max_ply && !is_game_over(child, variant.playable())) {
                queue.push({cost, ply, true, child, item.board, m.move});
            }
        }
    }
    return std::nullopt;
}

void BookBuilder::expand(const DoeLeaf& leaf) {
    Board node = canonical(board_after(leaf.parent, leaf.move));
    add_position(node);
    parent_[node] = {leaf.parent, leaf.move};
    // Up the cheapest path while values change.
    for (auto it = parent_.find(node); it != parent_.end(); it = parent_.find(node)) {
        const auto [parent, move] = it->second;
        const std::optional<int> before = book_.find(parent)->value();
        if (book_.update_move_to(parent, move) == before) break;
        node = parent;
    }
}

std::size_t BookBuilder::add_game_lines(const std::vector<std::vector<std::uint8_t>>& lines, std::uint32_t min_games,
                                        int max_ply, const std::function<bool(std::size_t, std::size_t)>& on_position) {
    struct Frequent {
        Board board;
        std::uint32_t games;
    };
    std::vector<Frequent> frequent;
    const Bitboard playable = book_.variant().playable();
    std::vector<Board> boards(lines.size(), Board::start());
    std::vector<std::size_t> alive;
    if (lines.size() >= min_games) {
        frequent.push_back({canonical(Board::start()), static_cast<std::uint32_t>(lines.size())});
        for (std::size_t i = 0; i < lines.size(); ++i) alive.push_back(i);
    }
    // One ply at a time, only along lines whose every position so far is frequent: the counts
    // stay small however many games there are.
    for (int ply = 1; ply <= max_ply && !alive.empty(); ++ply) {
        std::unordered_map<Board, std::uint32_t, BoardHash> counts;
        std::vector<std::size_t> advanced;
        for (const std::size_t i : alive) {
            if (lines[i].size() < static_cast<std::size_t>(ply)) continue;
            const Move move = lines[i][ply - 1];
            const Bitboard legal = boards[i].moves(playable);
            if (move == kPass ? legal != 0 : (move > 63 || !(legal & square_bit(move)))) continue;  // a bad record ends
            boards[i] = board_after(boards[i], move);
            ++counts[canonical(boards[i])];
            advanced.push_back(i);
        }
        alive.clear();
        for (const std::size_t i : advanced)
            if (counts[canonical(boards[i])] >= min_games) alive.push_back(i);
        for (const auto& [board, games] : counts)
            if (games >= min_games) frequent.push_back({board, games});
    }
    std::size_t added = 0;
    for (std::size_t i = 0; i < frequent.size(); ++i) {
        if (on_position && !on_position(i, frequent.size())) break;
        added += add_position(frequent[i].board);
        const BookNode* node = book_.find(frequent[i].board);
        // Counting again (a resumed build) must not double the games.
        if (node && node->games < frequent[i].games)
            book_.add_games(frequent[i].board, frequent[i].games - node->games);
    }
    if (added) book_.minimax();
    return added;
}

std::size_t BookBuilder::learn(const Game& game, int max_ply) {
    const Variant variant = book_.variant();
    std::size_t added = 0;
    Board board = game.start().board;
    for (const Move move : game.moves()) {
        if (book_ply(board, variant) > max_ply) break;
        added += add_position(board);
        book_.add_games(board, 1);
        board = board_after(board, move);
    }
    book_.minimax();
    return added;
}

}  // namespace tempo::book
