#include "pbd/speed.h"

#include <cmath>

#include "pbd/simulation.h"

namespace pbd {

template <glm::length_t D>
bool particleSpeeds(const SimulationOf<D>& simulation, std::span<float> out)
{
    const ParticlesOf<D>& p = simulation.particles();
    if (out.size() != p.size())
        return false;
    for (std::size_t i = 0; i < p.size(); ++i) {
        out[i] = (p.flags[i] & (kPinned | kGrabbed)) != 0
                     ? 0.0f
                     : static_cast<float>(std::sqrt(squaredLength<D>(p.velocity[i])));
    }
    return true;
}

template bool particleSpeeds(const SimulationOf<2>&, std::span<float>);
template bool particleSpeeds(const SimulationOf<3>&, std::span<float>);

} // namespace pbd
