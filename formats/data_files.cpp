#include "formats/data_files.hpp"

#include <filesystem>
#include <system_error>

#include "formats/executable_path.hpp"

namespace tempo {

std::vector<std::string> data_search_path(std::string_view kind) {
    namespace fs = std::filesystem;
    std::vector<std::string> dirs;
    if (const fs::path exe = executable_path(); !exe.empty()) {
        const fs::path bin = exe.parent_path();
        dirs.push_back((bin / "data" / kind).lexically_normal().string());                  // the Windows zip
        dirs.push_back((bin / ".." / "data" / kind).lexically_normal().string());           // build tree or <prefix>/bin
        dirs.push_back((bin / ".." / "share" / "tempo" / kind).lexically_normal().string());  // installed
    }
    // This code inside libtempo.so, installed in <prefix>/lib and loaded by a program elsewhere (a
    // Python interpreter, a C program): the library's own <prefix>/share/tempo.
    if (const fs::path lib = library_path(); !lib.empty())
        dirs.push_back((lib.parent_path() / ".." / "share" / "tempo" / kind).lexically_normal().string());
#ifdef TEMPO_SOURCE_DATA_DIR
    dirs.push_back((fs::path(TEMPO_SOURCE_DATA_DIR) / kind).string());  // the source tree of this binary
#endif
    return dirs;
}

std::string find_data_file(std::string_view kind, std::string_view name, std::string* tried) {
    for (const std::string& dir : data_search_path(kind)) {
        const std::string path = (std::filesystem::path(dir) / name).string();
        std::error_code error;
        if (std::filesystem::is_regular_file(path, error)) return path;
        if (tried) *tried += (tried->empty() ? "" : ", ") + path;
    }
    return "";
}

}  // namespace tempo
