#pragma once
/// \file
/// The particle state of a cloth: one array per attribute, in double precision as the page
/// computes.

#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/distance_constraint.h"

namespace pbd {

/// What a particle is, as bits of Particles::flags.
enum ParticleFlag : std::uint8_t {
    kPinned = 1,  ///< held in place (the fixed corners, or pinned by the user)
    kGrabbed = 2, ///< held by the pointer
};

/// Particle state in D dimensions, one array per attribute, all of the same length.
template <glm::length_t D>
struct ParticlesOf {
    std::vector<Vec<D>> position;  ///< current positions x in metres
    std::vector<Vec<D>> stepStart; ///< positions at the start of the last substep
    std::vector<Vec<D>> velocity;  ///< velocities in m/s
    std::vector<double> mass;      ///< masses in kg, > 0
    std::vector<std::uint8_t> flags; ///< ParticleFlag bits
    /// 1/m in 1/kg, derived from mass and flags: 0 when pinned or grabbed (the particle does
    /// not move by itself), else 1 / mass. Kept as an array for the solvers' loops.
    std::vector<double> inverseMass;

    /// Number of particles.
    std::size_t size() const { return position.size(); }
    /// Whether particle `i` carries kPinned.
    bool pinned(std::size_t i) const { return (flags[i] & kPinned) != 0; }
};

/// The particles of the 2D cloth (the page's).
using Particles = ParticlesOf<2>;

} // namespace pbd
