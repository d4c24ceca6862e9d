#pragma once
/// \file
/// The Simulation's names for headers that only pass it along (pbd/simulation.h defines it).

#include <glm/detail/qualifier.hpp>

namespace pbd {

template <glm::length_t D>
class SimulationOf;
/// The 2D cloth (the page's).
using Simulation = SimulationOf<2>;
/// The 3D cloth.
using Simulation3 = SimulationOf<3>;
template <glm::length_t D>
struct SimulationStateOf;
using SimulationState = SimulationStateOf<2>;
using SimulationState3 = SimulationStateOf<3>;

} // namespace pbd
