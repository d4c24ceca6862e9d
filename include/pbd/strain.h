#pragma once
/// \file
/// The signed strain of every distance constraint, for drawing the cloth coloured by how far
/// each constraint is stretched or compressed.

#include "pbd/simulation_fwd.h"
#include <span>

namespace pbd {


/// Writes the signed strain (l - r) / r of constraint k of simulation.constraints() to out[k]
/// (dimensionless: positive stretched, negative compressed; l the current length, r the rest
/// length), 0 for removed (torn or cut) constraints and for a zero rest length. One pass over
/// the constraints, no allocation; float because it is drawn, not integrated. Returns false
/// and writes nothing when out.size() != simulation.constraints().size(). Reads the CPU copy
/// (Simulation::sync() first for a device solver's positions).
template <glm::length_t D>
bool signedStrains(const SimulationOf<D>& simulation, std::span<float> out);

} // namespace pbd
