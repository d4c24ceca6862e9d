#include "pbd/strain.h"

#include <cmath>

#include "pbd/simulation.h"

namespace pbd {

bool signedStrains(const Simulation& simulation, std::span<float> out)
{
    const auto constraints = simulation.constraints();
    if (out.size() != constraints.size())
        return false;
    const auto alive = simulation.alive();
    const auto& x = simulation.particles().position;
    for (std::size_t k = 0; k < constraints.size(); ++k) {
        const DistanceConstraint& c = constraints[k];
        if ((k < alive.size() && alive[k] == 0) || !(c.restLength > 0.0)) {
            out[k] = 0.0f;
            continue;
        }
        const glm::dvec2 d = x[c.a] - x[c.b];
        const double length = std::sqrt(d.x * d.x + d.y * d.y);
        out[k] = static_cast<float>((length - c.restLength) / c.restLength);
    }
    return true;
}

} // namespace pbd
