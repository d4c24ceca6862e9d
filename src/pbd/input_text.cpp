#include "input_text.h"

namespace pbd {

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
