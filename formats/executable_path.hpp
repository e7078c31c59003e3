// The running program's own file, where the shipped data is looked for (formats/data_files.hpp).
// One implementation a platform: executable_path_linux.cpp, executable_path_windows.cpp.
#pragma once

#include <filesystem>

namespace tempo {

// The absolute path of the running executable, or an empty path when the system does not say.
std::filesystem::path executable_path();

}  // namespace tempo
