#pragma once
/// \file
/// Each particle's speed, for drawing the particles coloured by how fast they move.

#include "pbd/simulation_fwd.h"
#include <span>

namespace pbd {


/// Writes |v| (m/s) of particle i to out[i]; 0 for pinned and grabbed particles, which do not
/// move by themselves (a grabbed one keeps a stale velocity until released; see
/// Energy::kinetic). One pass over the particles, no allocation; float because it is drawn.
/// Returns false and writes nothing when out.size() != simulation.particles().size(). Reads
/// the CPU copy (Simulation::sync() first for a device solver's velocities).
template <glm::length_t D>
bool particleSpeeds(const SimulationOf<D>& simulation, std::span<float> out);

} // namespace pbd
