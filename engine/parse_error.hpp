// The one error type every parser throws: its message names what is wrong with the input.
#pragma once

#include <stdexcept>
#include <string>

namespace tempo {

class ParseError : public std::runtime_error {
public:
    explicit ParseError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace tempo
