#pragma once
/// \file
/// The distance-constraint projection of position-based dynamics, as a pure function.

#include <cmath>

#include <glm/vec2.hpp>

namespace pbd {

/// Constraints shorter than this (in metres) are skipped: their gradient is undefined. The
/// page uses the same guard.
inline constexpr double kMinConstraintLength = 0.001;

/// The two position corrections of one projection.
struct DistanceCorrection {
    glm::dvec2 da{0.0}; ///< added to x_a
    glm::dvec2 db{0.0}; ///< added to x_b
};

/// Projects C(x_a, x_b) = |x_a - x_b| - d onto C = 0 [MHHR06, BMM17]:
///   n = (x_a - x_b) / |x_a - x_b|,  lambda = -C / ((w_a + w_b) |n|^2),
///   dx_a = +w_a lambda n,  dx_b = -w_b lambda n,
/// where w = 1/m is the inverse mass (0: the particle does not move). Heavier particles move
/// less; the corrections conserve the weighted centre of mass. |n|^2 is kept as computed (not
/// replaced by 1) and the arithmetic follows the page's order, so that with equal masses the
/// result is bit-identical to the page's. Returns zero corrections when the particles are
/// closer than kMinConstraintLength or both are immovable.
inline DistanceCorrection projectDistance(glm::dvec2 xa, glm::dvec2 xb, double wa, double wb,
                                          double restLength)
{
    const double dx = xa.x - xb.x;
    const double dy = xa.y - xb.y;
    const double length = std::sqrt(dx * dx + dy * dy);
    const double wSum = wa + wb;
    if (!(length > kMinConstraintLength) || wSum == 0.0)
        return {};
    const double c = length - restLength;
    const double nx = dx / length;
    const double ny = dy / length;
    const double lambda = -c / ((nx * nx + ny * ny) * wSum);
    return {{wa * lambda * nx, wa * lambda * ny}, {-(wb * lambda * nx), -(wb * lambda * ny)}};
}

} // namespace pbd
