// Text helpers for the file parsers, the protocols and the tools: ASCII whitespace and case, words,
// and numbers that must fill their whole word ("12x" is not a number).
#pragma once

#include <climits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tempo {

// Space, tab, newline, vertical tab, form feed or carriage return (std::isspace in the C locale).
bool is_space(char c);
std::string_view trim(std::string_view text);
std::string_view trim_left(std::string_view text);
std::string_view trim_right(std::string_view text);

std::string to_lower(std::string_view text);
std::string to_upper(std::string_view text);

// The whitespace-separated words of `text`, empty ones dropped.
std::vector<std::string_view> split_words(std::string_view text);
// Splits off the first word of `text`; `text` keeps the trimmed rest.
std::string_view take_word(std::string_view& text);

// An integer with its sign written when positive ("+3", "0", "-2"): scores and margins as Othello
// players write them.
std::string signed_integer(long long value);

// A whole decimal integer with an optional sign, within [low, high]; nullopt otherwise.
std::optional<long long> parse_integer(std::string_view text, long long low = LLONG_MIN, long long high = LLONG_MAX);
// A whole finite decimal number with an optional sign ("-1.25", "+3", "2.5E-3"); nullopt otherwise.
std::optional<double> parse_number(std::string_view text);

}  // namespace tempo
