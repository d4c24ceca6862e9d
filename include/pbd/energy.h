#pragma once
/// \file
/// The cloth's mechanical energy, for the app's plots: kinetic, gravitational and (XPBD)
/// elastic, in joules.

#include "pbd/simulation_fwd.h"

namespace pbd {


/// Energies in joules (J = kg m²/s²).
struct Energy {
    /// Sum of ½ m |v|² over the particles that move by themselves: pinned and grabbed ones are
    /// left out (a pinned particle has no velocity; a grabbed one follows the pointer and keeps
    /// a stale velocity until released, so its energy is the user's, not the cloth's).
    double kinetic = 0.0;
    /// Sum of -m g y over every particle (g = Settings::gravity, signed along y, so -9.81 gives
    /// 9.81 m y): pinned and grabbed particles too, since their height is real. Zero at y = 0,
    /// the top row of the cloth as built, so it is negative below it.
    double gravity = 0.0;
    /// Sum of ½ k (l - r)² over the live distance constraints when Settings::stiffness k > 0
    /// (N/m; XPBD's compliance is 1/k [MMC16]), k / 2 for the edge springs of a sized cloth
    /// (halvesEdgeSprings(), isEdgeSpring()), and Settings::shearStiffness for the diagonals
    /// when it is positive (isShearSpring()). Zero for k = 0: PBD's constraints are rigid and
    /// store no energy. The area constraints are not counted.
    double elastic = 0.0;

    /// Potential energy: gravitational plus elastic.
    double potential() const { return gravity + elastic; }
    /// Kinetic plus potential.
    double total() const { return kinetic + potential(); }
};

/// The cloth's energy as the CPU copy holds it (Simulation::sync() first with a device
/// solver): one pass over the particles, one over the constraints when the stiffness is
/// positive; no allocation.
/// In 3D the gravitational energy is along y as in 2D; a bending energy is not counted yet.
template <glm::length_t D>
Energy clothEnergy(const SimulationOf<D>& simulation);

} // namespace pbd
