#include "files/text_file.h"

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <system_error>

namespace pbd {

std::optional<std::string> replaceFileWith(const std::string& path, std::string_view text)
{
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out)
            return "cannot write " + path + ": " + std::generic_category().message(errno);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        out.flush();
        if (!out) {
            const std::string reason = std::generic_category().message(errno);
            std::remove(temporary.c_str());
            return "cannot write " + path + ": " + reason;
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        const std::string reason = std::generic_category().message(errno);
        std::remove(temporary.c_str());
        return "cannot write " + path + ": " + reason;
    }
    return std::nullopt;
}

} // namespace pbd
