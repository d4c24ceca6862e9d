#include "common/thread_report.h"

namespace pbd::common {

template <glm::length_t D>
std::string threadsText(const SimulationOf<D>& simulation)
{
    const unsigned used = simulation.threadCount();
    const unsigned requested = simulation.requestedThreadCount();
    std::string text = std::to_string(used);
    if (used == requested)
        return text;
    const std::size_t chunks = simulation.chunkCount();
    text += " of " + std::to_string(requested);
    if (chunks == 1)
        return text + " (the cloth is one chunk of rows)";
    return text + " (the cloth has " + std::to_string(chunks) + " chunks of rows)";
}

template <glm::length_t D>
std::string threadsShortText(const SimulationOf<D>& simulation)
{
    const unsigned used = simulation.threadCount();
    const unsigned requested = simulation.requestedThreadCount();
    std::string text = std::to_string(used);
    if (used == requested)
        return text;
    const std::size_t chunks = simulation.chunkCount();
    return text + " of " + std::to_string(requested) + " (" + std::to_string(chunks) +
           (chunks == 1 ? " chunk" : " chunks") + " of rows)";
}

template std::string threadsText(const SimulationOf<2>&);
template std::string threadsText(const SimulationOf<3>&);
template std::string threadsShortText(const SimulationOf<2>&);
template std::string threadsShortText(const SimulationOf<3>&);

} // namespace pbd::common
