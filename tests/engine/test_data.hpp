// Where tests find their data: the repository's own fixtures in tests/data (tests/data/README.md
// names the source of each file).
#pragma once

#include <string>

namespace tempo::test {

inline std::string fixture(const std::string& name) { return std::string(TEMPO_TEST_DATA) + "/" + name; }

}  // namespace tempo::test
