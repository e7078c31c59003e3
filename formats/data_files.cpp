#include "formats/data_files.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "formats/executable_path.hpp"

namespace tempo {

namespace {

// Whether `file` lies inside the folder `dir` (both absolute).
[[maybe_unused]] bool inside(const std::filesystem::path& file, const std::filesystem::path& dir) {
    const std::filesystem::path relative = file.lexically_normal().lexically_relative(dir.lexically_normal());
    return !relative.empty() && *relative.begin() != "..";
}

}  // namespace

std::vector<std::string> data_search_path(std::string_view kind) {
    namespace fs = std::filesystem;
    std::vector<std::string> dirs;
    // The user's own choice first: a program linked to libtempo.a, or data kept elsewhere.
    if (const char* chosen = std::getenv("TEMPO_DATA_DIR"); chosen && *chosen)
        dirs.push_back((fs::path(chosen) / kind).lexically_normal().string());
    const fs::path exe = executable_path();
    if (!exe.empty()) {
        const fs::path bin = exe.parent_path();
        dirs.push_back((bin / "data" / kind).lexically_normal().string());                  // the Windows zip
        dirs.push_back((bin / ".." / "data" / kind).lexically_normal().string());           // build tree or <prefix>/bin
        dirs.push_back((bin / ".." / "share" / "tempo" / kind).lexically_normal().string());  // installed
    }
    // This code inside libtempo.so, installed in <prefix>/lib and loaded by a program elsewhere (a
    // Python interpreter, a C program): the library's own <prefix>/share/tempo.
    const fs::path lib = library_path();
    if (!lib.empty())
        dirs.push_back((lib.parent_path() / ".." / "share" / "tempo" / kind).lexically_normal().string());
#ifdef TEMPO_SOURCE_DATA_DIR
    // A binary run from its build tree (or one whose path the system does not give): the data of
    // the source tree it was built from. Never for an installed copy, which would otherwise use a
    // source tree it does not belong to, or hide its own missing data folder.
    if (exe.empty() || inside(exe, TEMPO_BUILD_DIR) || (!lib.empty() && inside(lib, TEMPO_BUILD_DIR)))
        dirs.push_back((fs::path(TEMPO_SOURCE_DATA_DIR) / kind).string());
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
