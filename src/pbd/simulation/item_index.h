#pragma once
// The allowed indices of a world's items (obstacles, balls) in refusals: the same words for
// an event script's index, an edit of the simulation and a command. Private to the core.

#include <cstddef>
#include <string>

namespace pbd::detail {

/// The indices allowed among `count` items called `what` ("obstacle", "ball"):
/// "0 to COUNT-1", or "none (there are no WHATs)".
inline std::string itemIndexRange(const std::string& what, std::size_t count)
{
    return count == 0 ? "none (there are no " + what + "s)" : "0 to " + std::to_string(count - 1);
}

/// "VERB: WHAT INDEX does not exist; allowed: ..." (itemIndexRange) for an edit of an item
/// that is not there.
inline std::string noSuchItem(const std::string& verb, const std::string& what, std::size_t index,
                              std::size_t count)
{
    return verb + ": " + what + " " + std::to_string(index) + " does not exist; allowed: " +
           itemIndexRange(what, count);
}

} // namespace pbd::detail
