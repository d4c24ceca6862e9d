#include "pbd/state_io.h"

#include <bit>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <memory>
#include <sstream>

namespace pbd {

template <glm::length_t D>
bool writePositions(std::FILE* out, const std::vector<Vec<D>>& positions)
{
    for (const Vec<D>& p : positions) {
        const int written = D == 2 ? std::fprintf(out, "%.17g %.17g\n", p.x, p.y)
                                   : std::fprintf(out, "%.17g %.17g %.17g\n", p[0], p[1],
                                                  p[D - 1]);
        if (written < 0)
            return false;
    }
    return std::fflush(out) == 0;
}

template <glm::length_t D>
std::optional<std::string> writePositionsFile(const std::string& path,
                                              const std::vector<Vec<D>>& positions)
{
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "w"),
                                                         &std::fclose);
    if (!file)
        return "cannot open '" + path + "' for writing: " + std::strerror(errno);
    if (!writePositions(file.get(), positions) || std::fclose(file.release()) != 0)
        return "cannot write '" + path + "': " + std::strerror(errno);
    return std::nullopt;
}

template <glm::length_t D>
std::optional<std::vector<Vec<D>>> parsePositions(std::string_view text)
{
    std::vector<Vec<D>> positions;
    std::istringstream in{std::string(text)};
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty())
            continue;
        std::istringstream fields(line);
        Vec<D> p;
        for (glm::length_t c = 0; c < D; ++c)
            if (!(fields >> p[c]) || !std::isfinite(p[c]))
                return std::nullopt;
        std::string rest;
        if (fields >> rest)
            return std::nullopt;
        positions.push_back(p);
    }
    return positions;
}

template <glm::length_t D>
std::uint64_t positionsHash(const std::vector<Vec<D>>& positions)
{
    static_assert(sizeof(Vec<D>) == D * sizeof(double));
    static_assert(std::endian::native == std::endian::little);
    std::uint64_t hash = 0xcbf29ce484222325ull;
    const auto* bytes = reinterpret_cast<const unsigned char*>(positions.data());
    for (std::size_t i = 0; i < positions.size() * sizeof(Vec<D>); ++i) {
        hash ^= bytes[i];
        hash *= 0x100000001b3ull;
    }
    return hash;
}

#define PBD_POSITIONS(D)                                                                    \
    template bool writePositions(std::FILE*, const std::vector<Vec<D>>&);                   \
    template std::optional<std::string> writePositionsFile(const std::string&,              \
                                                           const std::vector<Vec<D>>&);     \
    template std::uint64_t positionsHash(const std::vector<Vec<D>>&);                       \
    template std::optional<std::vector<Vec<D>>> parsePositions<D>(std::string_view);
PBD_POSITIONS(2)
PBD_POSITIONS(3)
#undef PBD_POSITIONS

std::string formatHash(std::uint64_t hash)
{
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

} // namespace pbd
