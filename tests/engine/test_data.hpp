// Where tests find their data: the repository's own fixtures (tests/data, always there) and the
// shared reference data (../shared/data next to the repository; tests that need it skip without it).
#pragma once

#include <filesystem>
#include <string>

namespace tempo::test {

inline std::string fixture(const std::string& name) { return std::string(TEMPO_TEST_DATA) + "/" + name; }
inline std::string shared_data(const std::string& relative) { return std::string(TEMPO_SHARED_DATA) + "/" + relative; }
inline bool have_shared_data() { return std::filesystem::is_directory(TEMPO_SHARED_DATA); }

}  // namespace tempo::test

// Skips the current test, saying why, when the shared data folder is absent.
#define TEMPO_REQUIRE_SHARED_DATA()                                                              \
    if (!tempo::test::have_shared_data())                                                        \
    GTEST_SKIP() << "shared data folder " << TEMPO_SHARED_DATA << " is absent"
