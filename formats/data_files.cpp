#include "formats/data_files.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <system_error>

namespace tempo {

std::vector<std::string> data_search_path(std::string_view kind) {
    namespace fs = std::filesystem;
    std::vector<std::string> dirs;
    std::error_code error;
    const fs::path exe = fs::read_symlink("/proc/self/exe", error);
    if (!error) {
        const fs::path bin = exe.parent_path();
        dirs.push_back((bin / ".." / "data" / kind).lexically_normal());             // build tree or <prefix>/bin
        dirs.push_back((bin / ".." / "share" / "tempo" / kind).lexically_normal());  // installed
    }
    // This code inside libtempo.so, installed in <prefix>/lib and loaded by a program elsewhere (a
    // Python interpreter, a C program): the library's own <prefix>/share/tempo.
    Dl_info library{};
    if (dladdr(reinterpret_cast<const void*>(&data_search_path), &library) && library.dli_fname &&
        fs::path(library.dli_fname).is_absolute() && fs::path(library.dli_fname) != exe) {
        const fs::path lib = fs::path(library.dli_fname).parent_path();
        dirs.push_back((lib / ".." / "share" / "tempo" / kind).lexically_normal());
    }
    dirs.push_back((fs::path(TEMPO_SOURCE_DATA_DIR) / kind).string());  // the source tree of this binary
    return dirs;
}

std::string find_data_file(std::string_view kind, std::string_view name, std::string* tried) {
    for (const std::string& dir : data_search_path(kind)) {
        const std::string path = dir + "/" + std::string(name);
        std::error_code error;
        if (std::filesystem::is_regular_file(path, error)) return path;
        if (tried) *tried += (tried->empty() ? "" : ", ") + path;
    }
    return "";
}

}  // namespace tempo
