#include "common/thread_report.h"

namespace pbd::common {

std::string threadsText(const Simulation& simulation)
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

std::string threadsShortText(const Simulation& simulation)
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

} // namespace pbd::common
