#pragma once
/// \file
/// How many threads a simulation's step uses, said the same way by pbd-sim and pbd-cloth.

#include <string>

#include "pbd/simulation.h"

namespace pbd::common {

/// The threads a step uses, and the requested count when fewer are used, with the reason:
/// "1" (sequential), "3" (colored, as requested), "1 of 2 (the cloth is one chunk of rows)",
/// "3 of 8 (the cloth has 3 chunks of rows)".
template <glm::length_t D>
std::string threadsText(const SimulationOf<D>& simulation);

/// The same for a narrow table cell: "1", "1 of 2 (1 chunk of rows)", "3 of 8 (3 chunks of rows)".
template <glm::length_t D>
std::string threadsShortText(const SimulationOf<D>& simulation);

} // namespace pbd::common
