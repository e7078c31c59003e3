#include "play/book/book.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/symmetry.hpp"

namespace tempo::book {

Book::Book(BookRecords records) : variant_(records.variant), depth_(records.depth) {
    nodes_.reserve(records.entries.size());
    for (BookEntry& entry : records.entries) nodes_[entry.board] = std::move(entry.node);
}

const BookNode* Book::find(const Board& board) const {
    const auto it = nodes_.find(canonical(board));
    return it == nodes_.end() ? nullptr : &it->second;
}

std::vector<BookMove> Book::moves(const Board& board) const {
    const auto [canon, k] = canonical_with_symmetry(board);
    const auto it = nodes_.find(canon);
    if (it == nodes_.end()) return {};
    const int back = inverse_symmetry(k);
    std::vector<BookMove> result;
    result.reserve(it->second.moves.size());
    for (const StoredBookMove& m : it->second.moves) {
        BookMove move{transform_move(m.move, back), m.value, m.depth, m.exact, false, 0};
        if (const BookNode* child = find(board_after(canon, m.move)); child && child->value()) {
            move.in_book = true;
            move.games = child->games;
        }
        result.push_back(move);
    }
    std::sort(result.begin(), result.end(), [](const BookMove& a, const BookMove& b) {
        return a.value != b.value ? a.value > b.value : a.move < b.move;
    });
    return result;
}

std::optional<BookMove> Book::choose(const Board& board, int margin, std::mt19937_64& rng) const {
    const std::vector<BookMove> known = moves(board);
    if (known.empty() || known.front().move == kPass) return std::nullopt;
    const int floor = known.front().value - std::max(0, margin);
    std::size_t candidates = 0;
    while (candidates < known.size() && known[candidates].value >= floor) ++candidates;
    // Modulo of a 64-bit draw: the bias is far below anything a match could see, and unlike
    // std::uniform_int_distribution the result is the same with every standard library.
    return known[static_cast<std::size_t>(rng() % candidates)];
}

std::vector<Move> Book::line(const Board& board, Move first, int max_plies) const {
    std::vector<Move> moves{first};
    Board position = board_after(board, first);
    while (static_cast<int>(moves.size()) < max_plies) {
        const std::vector<BookMove> known = this->moves(position);
        if (known.empty()) break;
        moves.push_back(known.front().move);
        position = board_after(position, known.front().move);
    }
    return moves;
}

void Book::set_moves(const Board& board, std::span<const BookMove> moves) {
    const auto [canon, k] = canonical_with_symmetry(board);
    BookNode& node = node_for(canon);
    node.moves.clear();
    for (const BookMove& m : moves) {
        if (!legal_book_move(board, m.move, variant_.playable())) throw std::invalid_argument("book: move " + std::to_string(m.move) + " is not legal here");
        const Move mapped = transform_move(m.move, k);
        const auto same = [mapped](const StoredBookMove& s) { return s.move == mapped; };
        if (std::any_of(node.moves.begin(), node.moves.end(), same)) continue;  // a symmetric twin
        node.moves.push_back({static_cast<std::uint8_t>(mapped),
                              static_cast<std::int8_t>(std::clamp(m.value, -kMaxScore, kMaxScore)),
                              static_cast<std::uint8_t>(std::clamp(m.depth, 0, 255)), m.exact});
    }
}

void Book::add_games(const Board& board, std::uint32_t count) {
    BookNode& node = node_for(canonical(board));
    node.games = count > UINT32_MAX - node.games ? UINT32_MAX : node.games + count;
}

std::size_t Book::minimax() {
    // Positions never repeat (discs only grow, and a pass cannot follow a pass inside a game), so
    // the book is a DAG and a memoised depth-first pass reaches every node once.
    std::unordered_map<Board, std::optional<int>, BoardHash> done;
    done.reserve(nodes_.size());
    std::size_t changed = 0;
    const auto visit = [&](auto&& self, const Board& canon, BookNode& node) -> std::optional<int> {
        if (const auto it = done.find(canon); it != done.end()) return it->second;
        for (StoredBookMove& m : node.moves) {
            const Board child = canonical(board_after(canon, m.move));
            const auto it = nodes_.find(child);
            if (it == nodes_.end()) continue;
            const std::optional<int> child_value = self(self, child, it->second);
            if (!child_value) continue;
            const auto value = static_cast<std::int8_t>(std::clamp(-*child_value, -kMaxScore, kMaxScore));
            if (value != m.value) ++changed;
            m.value = value;
        }
        return done[canon] = node.value();
    };
    for (auto& [board, node] : nodes_) visit(visit, board, node);
    return changed;
}

std::optional<int> Book::update_move_to(const Board& parent, Move move) {
    const auto [canon, k] = canonical_with_symmetry(parent);
    const auto it = nodes_.find(canon);
    if (it == nodes_.end()) return std::nullopt;
    const Move mapped = transform_move(move, k);
    const BookNode* child = find(board_after(parent, move));
    const std::optional<int> child_value = child ? child->value() : std::nullopt;
    for (StoredBookMove& m : it->second.moves)
        if (m.move == mapped && child_value)
            m.value = static_cast<std::int8_t>(std::clamp(-*child_value, -kMaxScore, kMaxScore));
    return it->second.value();
}

std::vector<std::pair<Board, const BookNode*>> Book::sorted_nodes() const {
    std::vector<std::pair<Board, const BookNode*>> result;
    result.reserve(nodes_.size());
    for (const auto& [board, node] : nodes_) result.emplace_back(board, &node);
    std::sort(result.begin(), result.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return result;
}

BookRecords Book::records() const {
    BookRecords records{variant_, depth_, {}};
    records.entries.reserve(nodes_.size());
    for (const auto& [board, node] : sorted_nodes()) records.entries.push_back({board, *node});
    return records;
}

std::size_t Book::move_count() const {
    std::size_t count = 0;
    for (const auto& [board, node] : nodes_) count += node.moves.size();
    return count;
}

}  // namespace tempo::book
