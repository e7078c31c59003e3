// Reading a whole data file into memory with a size cap, for the file-format parsers, and writing one
// atomically.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tempo {

// Files the parsers refuse to load: far larger than any real OBF, WTHOR or GGF file.
constexpr std::size_t kMaxDataFileBytes = 64u << 20;

// The file's bytes; throws ParseError naming the path if it cannot be opened or read, or is
// larger than `max_bytes`.
std::vector<std::uint8_t> read_file_bytes(const std::string& path, std::size_t max_bytes = kMaxDataFileBytes);

// Writes `bytes` to `path` atomically: a temporary file beside it, flushed to disk, then renamed
// over `path`. Throws std::runtime_error naming the path if anything fails; `path` is then
// untouched and the temporary file removed.
void write_file_atomically(const std::string& path, std::span<const std::uint8_t> bytes);

// Throws ParseError naming `what` and the offset of the first byte that no text file holds (NUL
// or a control character other than tab, CR, LF, FF); UTF-8 and Latin-1 letters are allowed.
void require_text(std::string_view bytes, const std::string& what);

}  // namespace tempo
