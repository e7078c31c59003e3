// The one error type every parser throws: its message names what is wrong with the input.
#pragma once

#include <cctype>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tempo {

class ParseError : public std::runtime_error {
public:
    explicit ParseError(const std::string& what) : std::runtime_error(what) {}
};

// Offending input for an error message: quoted, at most `limit` characters ("..." marks a cut),
// unprintable bytes shown as '?', so a message stays one readable line whatever the input.
inline std::string quoted_input(std::string_view text, std::size_t limit = 30) {
    std::string out = "'";
    for (char c : text.substr(0, limit)) out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
    return out + (text.size() > limit ? "...'" : "'");
}

}  // namespace tempo
