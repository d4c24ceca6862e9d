#include "pbd/strain.h"

#include <cmath>

#include "pbd/simulation.h"

namespace pbd {

template <glm::length_t D>
bool signedStrains(const SimulationOf<D>& simulation, std::span<float> out)
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
        const double length = std::sqrt(squaredLength<D>(x[c.a] - x[c.b]));
        out[k] = static_cast<float>((length - c.restLength) / c.restLength);
    }
    return true;
}

template bool signedStrains(const SimulationOf<2>&, std::span<float>);
template bool signedStrains(const SimulationOf<3>&, std::span<float>);

} // namespace pbd
