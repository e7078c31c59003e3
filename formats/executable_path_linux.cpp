#include "formats/executable_path.hpp"

#include <dlfcn.h>

#include <system_error>

namespace tempo {

std::filesystem::path executable_path() {
    std::error_code error;
    std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::filesystem::path() : path;
}

std::filesystem::path library_path() {
    Dl_info library{};
    if (!dladdr(reinterpret_cast<const void*>(&library_path), &library) || !library.dli_fname) return {};
    const std::filesystem::path path(library.dli_fname);
    return path.is_absolute() && path != executable_path() ? path : std::filesystem::path();
}

}  // namespace tempo
