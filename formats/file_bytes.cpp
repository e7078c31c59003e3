#include "formats/file_bytes.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "engine/parse_error.hpp"

namespace tempo {

std::vector<std::uint8_t> read_file_bytes(const std::string& path, std::size_t max_bytes) {
    std::error_code error;
    if (std::filesystem::exists(path, error) && !std::filesystem::is_regular_file(path, error))
        throw ParseError(path + ": cannot read: not a regular file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ParseError(path + ": cannot open (" + std::strerror(errno) + ")");
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) throw ParseError(path + ": cannot read (not a regular file?)");
    if (static_cast<std::uint64_t>(size) > max_bytes)
        throw ParseError(path + ": file too large (" + std::to_string(size) + " bytes, the limit is " +
                         std::to_string(max_bytes) + ")");
    in.seekg(0, std::ios::beg);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), size))
        throw ParseError(path + ": read error after " + std::to_string(in.gcount()) + " bytes");
    return bytes;
}

void require_text(std::string_view bytes, const std::string& what) {
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f')
            throw ParseError(what + ": not a text file (byte 0x" + "0123456789abcdef"[c >> 4] +
                             "0123456789abcdef"[c & 15] + " at offset " + std::to_string(i) + ")");
    }
}

}  // namespace tempo
