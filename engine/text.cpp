#include "engine/text.hpp"

#include <charconv>
#include <cmath>

namespace tempo {

namespace {

// Removes one leading '+'; a second sign after it makes the text invalid (from_chars reads only '-').
bool strip_plus(std::string_view& text) {
    if (text.empty() || text.front() != '+') return true;
    text.remove_prefix(1);
    return text.empty() || (text.front() != '+' && text.front() != '-');
}

char lower_char(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
char upper_char(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

}  // namespace

bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::string_view trim_left(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    return text;
}

std::string_view trim_right(std::string_view text) {
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

std::string_view trim(std::string_view text) { return trim_right(trim_left(text)); }

std::string to_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = lower_char(c);
    return out;
}

std::string to_upper(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = upper_char(c);
    return out;
}

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    while (true) {
        const std::string_view word = take_word(text);
        if (word.empty()) return words;
        words.push_back(word);
    }
}

std::string_view take_word(std::string_view& text) {
    text = trim(text);
    std::size_t end = 0;
    while (end < text.size() && !is_space(text[end])) ++end;
    const std::string_view word = text.substr(0, end);
    text = trim(text.substr(end));
    return word;
}

std::optional<long long> parse_integer(std::string_view text, long long low, long long high) {
    if (!strip_plus(text)) return std::nullopt;
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < low || value > high)
        return std::nullopt;
    return value;
}

std::optional<double> parse_number(std::string_view text) {
    if (!strip_plus(text) || text.empty()) return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::string signed_integer(long long value) { return (value > 0 ? "+" : "") + std::to_string(value); }

}  // namespace tempo
