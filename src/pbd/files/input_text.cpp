#include "files/input_text.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace pbd {

std::optional<FileReadError> readWholeFile(const std::string& path, std::string& text,
                                           std::size_t maxBytes)
{
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        return FileReadError{false, std::strerror(errno)};
    std::string content;
    char buffer[65536];
    std::size_t got = 0;
    while (content.size() < maxBytes && (got = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        content.append(buffer, got);
    const bool failed = std::ferror(file) != 0;
    const int error = errno;
    std::fclose(file);
    if (failed)
        return FileReadError{true, std::strerror(error)};
    text = std::move(content);
    return std::nullopt;
}

std::string formatNumber(double value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string quoteInput(std::string_view text)
{
    constexpr std::size_t kShown = 40;
    std::string out = "'";
    for (char ch : text.substr(0, kShown)) {
        const auto u = static_cast<unsigned char>(ch);
        out += (u >= 0x20 && u < 0x7f) ? ch : '?';
    }
    if (text.size() > kShown)
        out += "...";
    return out + "'";
}

} // namespace pbd
