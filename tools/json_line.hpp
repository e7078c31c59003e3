// One JSON object on one line, built field by field: the --json output of the `tempo` commands
// (one object per line, for scripts and notebooks). Header-only: a few string appends.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace tempo::cli {

// `text` as a JSON string: quotes, backslashes and control characters escaped.
inline std::string json_string(std::string_view text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

inline std::string json_strings(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        out += json_string(items[i]);
    }
    return out + "]";
}

// Distinct names per kind on purpose: an overload on bool would catch string literals.
class JsonLine {
public:
    JsonLine& number(std::string_view key, long long value) { return raw(key, std::to_string(value)); }
    JsonLine& decimal(std::string_view key, double value, int decimals = 3) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
        return raw(key, buffer);
    }
    JsonLine& flag(std::string_view key, bool value) { return raw(key, value ? "true" : "false"); }
    JsonLine& text(std::string_view key, std::string_view value) { return raw(key, json_string(value)); }
    // A value already in JSON (an array, a nested object).
    JsonLine& raw(std::string_view key, std::string_view json) {
        if (!body_.empty()) body_ += ',';
        body_ += json_string(key);
        body_ += ':';
        body_ += json;
        return *this;
    }
    std::string str() const { return "{" + body_ + "}"; }
    std::string line() const { return str() + "\n"; }

private:
    std::string body_;
};

}  // namespace tempo::cli
