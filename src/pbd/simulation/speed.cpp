#include "pbd/speed.h"

#include <cmath>

#include "pbd/simulation.h"

namespace pbd {

bool particleSpeeds(const Simulation& simulation, std::span<float> out)
{
    const Particles& p = simulation.particles();
    if (out.size() != p.size())
        return false;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const glm::dvec2 v = p.velocity[i];
        out[i] = (p.flags[i] & (kPinned | kGrabbed)) != 0
                     ? 0.0f
                     : static_cast<float>(std::sqrt(v.x * v.x + v.y * v.y));
    }
    return true;
}

} // namespace pbd
