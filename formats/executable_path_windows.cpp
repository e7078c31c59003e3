#include "formats/executable_path.hpp"

#include <windows.h>

#include <vector>

namespace tempo {

std::filesystem::path executable_path() {
    // GetModuleFileNameW cuts a path that does not fit: grow the buffer until it does.
    for (DWORD size = MAX_PATH;; size *= 2) {
        std::vector<wchar_t> buffer(size);
        const DWORD length = GetModuleFileNameW(nullptr, buffer.data(), size);
        if (length == 0) return {};
        if (length < size) return std::filesystem::path(std::wstring(buffer.data(), length));
        if (size >= 32768) return {};  // longer than any Windows path
    }
}

// libtempo is not built for Windows: the code is always in the executable.
std::filesystem::path library_path() { return {}; }

}  // namespace tempo
