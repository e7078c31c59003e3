// The running program's own file, and the file of the code that calls (a shared library's when the
// engine is libtempo), where the shipped data is looked for (formats/data_files.hpp). One
// implementation a platform: executable_path_linux.cpp, executable_path_windows.cpp.
#pragma once

#include <filesystem>

namespace tempo {

// The absolute path of the running executable, or an empty path when the system does not say.
std::filesystem::path executable_path();

// The absolute path of the shared library this code is linked into (libtempo.so, loaded by a
// Python interpreter or a C program), or an empty path when it is in the executable itself or the
// system does not say.
std::filesystem::path library_path();

}  // namespace tempo
