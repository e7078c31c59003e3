// The current UTC time as text, for the match records (GGF dates, default file names).
#pragma once

#include <ctime>
#include <string>

namespace tempo::match {

// std::strftime of the current UTC time with `format`, e.g. "%Y-%m-%d %H:%M:%S GMT".
inline std::string utc_time_text(const char* format) {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
#ifdef _WIN32
    gmtime_s(&tm, &now);  // the same, arguments swapped: Windows has no gmtime_r
#else
    gmtime_r(&now, &tm);
#endif
    char text[64];
    return std::string(text, std::strftime(text, sizeof text, format, &tm));
}

}  // namespace tempo::match
