// write_file_atomically (formats/file_bytes.hpp) on POSIX: a temporary file, fsync, rename.
#include "formats/file_bytes.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace tempo {

void write_file_atomically(const std::string& path, std::span<const std::uint8_t> bytes) {
    const std::string temporary = path + ".tmp." + std::to_string(::getpid());
    const auto fail = [&](const std::string& step, int fd) {
        const std::string reason = std::strerror(errno);
        if (fd >= 0) ::close(fd);
        ::unlink(temporary.c_str());
        throw std::runtime_error(path + ": cannot save (" + step + " " + temporary + ": " + reason +
                                 "); the old file is unchanged");
    };
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fail("create", fd);
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            fail("write", fd);
        }
        written += static_cast<std::size_t>(n);
    }
    // The data must be on disk before the rename makes it the file, or a crash could leave it empty.
    if (::fsync(fd) != 0) fail("flush", fd);
    if (::close(fd) != 0) fail("close", -1);
    if (::rename(temporary.c_str(), path.c_str()) != 0) fail("rename", -1);
}

}  // namespace tempo
