#include "pbd/energy.h"

#include <cmath>

#include "pbd/simulation.h"

namespace pbd {

template <glm::length_t D>
Energy clothEnergy(const SimulationOf<D>& simulation)
{
    const ParticlesOf<D>& p = simulation.particles();
    const double g = simulation.settings().gravity;
    Energy e;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double m = p.mass[i];
        e.gravity += -m * g * p.position[i].y;
        if ((p.flags[i] & (kPinned | kGrabbed)) != 0)
            continue;
        e.kinetic += 0.5 * m * squaredLength(p.velocity[i]);
    }
    // The springs' energy: the constraints of stiffness k (k / 2 for the edge springs of a
    // sized cloth) and the diagonals of their own shear stiffness; rigid ones (PBD) store none.
    const Settings& s = simulation.settings();
    const double k = s.stiffness;
    const double shear = s.shearStiffness > 0.0 ? s.shearStiffness : k;
    if (k > 0.0 || shear > 0.0) {
        const auto constraints = simulation.constraints();
        const auto alive = simulation.alive();
        const bool halfEdges = halvesEdgeSprings(s);
        double sum = 0.0;
        double edgeSum = 0.0;  // the edge springs', at k / 2 on a sized cloth
        double shearSum = 0.0; // the diagonals'
        for (std::size_t c = 0; c < constraints.size(); ++c) {
            if (alive[c] == 0)
                continue;
            const Vec<D> d = p.position[constraints[c].a] - p.position[constraints[c].b];
            const double stretch = std::sqrt(squaredLength(d)) - constraints[c].restLength;
            if (halfEdges && isEdgeSpring(s.width, s.height, c))
                edgeSum += stretch * stretch;
            else if (isShearSpring(s.width, s.height, c))
                shearSum += stretch * stretch;
            else
                sum += stretch * stretch;
        }
        e.elastic = 0.5 * k * sum + 0.25 * k * edgeSum + 0.5 * shear * shearSum;
    }
    return e;
}

template Energy clothEnergy(const SimulationOf<2>&);
template Energy clothEnergy(const SimulationOf<3>&);

} // namespace pbd
