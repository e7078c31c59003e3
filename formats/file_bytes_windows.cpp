// write_file_atomically (formats/file_bytes.hpp) on Windows: a temporary file, flushed, then moved
// over the old one (MoveFileEx replaces it; rename() would refuse).
#include "formats/file_bytes.hpp"

#include <windows.h>

#include <algorithm>
#include <stdexcept>
#include <system_error>

namespace tempo {

void write_file_atomically(const std::string& path, std::span<const std::uint8_t> bytes) {
    const std::string temporary = path + ".tmp." + std::to_string(GetCurrentProcessId());
    const auto fail = [&](const std::string& step, HANDLE file) {
        const std::string reason = std::system_category().message(static_cast<int>(GetLastError()));
        if (file != INVALID_HANDLE_VALUE) CloseHandle(file);
        DeleteFileA(temporary.c_str());
        throw std::runtime_error(path + ": cannot save (" + step + " " + temporary + ": " + reason +
                                 "); the old file is unchanged");
    };
    const HANDLE file =
        CreateFileA(temporary.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file == INVALID_HANDLE_VALUE) fail("create", file);
    std::size_t written = 0;
    while (written < bytes.size()) {
        const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(bytes.size() - written, 1u << 30));
        DWORD wrote = 0;
        if (!WriteFile(file, bytes.data() + written, chunk, &wrote, nullptr) || wrote == 0) fail("write", file);
        written += wrote;
    }
    // The data must be on disk before the move makes it the file, or a crash could leave it empty.
    if (!FlushFileBuffers(file)) fail("flush", file);
    if (!CloseHandle(file)) fail("close", INVALID_HANDLE_VALUE);
    if (!MoveFileExA(temporary.c_str(), path.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        fail("rename", INVALID_HANDLE_VALUE);
}

}  // namespace tempo
