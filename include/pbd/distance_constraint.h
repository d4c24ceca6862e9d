#pragma once
/// \file
/// The distance-constraint projections of position-based dynamics (PBD) and of its compliant
/// extension XPBD, as pure functions.

#include <cmath>

#include "pbd/vec.h"

namespace pbd {

/// Constraints shorter than this (in metres) are skipped: their gradient is undefined. The
/// page uses the same guard.
inline constexpr double kMinConstraintLength = 0.001;

/// The two position corrections of one projection.
template <glm::length_t D>
struct Correction {
    Vec<D> da{0.0}; ///< added to x_a
    Vec<D> db{0.0}; ///< added to x_b
};
using DistanceCorrection = Correction<2>;

/// Projects C(x_a, x_b) = |x_a - x_b| - d onto C = 0 [MHHR06, BMM17]:
///   n = (x_a - x_b) / |x_a - x_b|,  lambda = -C / ((w_a + w_b) |n|^2),
///   dx_a = +w_a lambda n,  dx_b = -w_b lambda n,
/// where w = 1/m is the inverse mass (0: the particle does not move). Heavier particles move
/// less; the corrections conserve the weighted centre of mass. |n|^2 is kept as computed (not
/// replaced by 1) and the arithmetic follows the page's order, component by component, so
/// that with equal masses the 2D result is bit-identical to the page's. Returns zero
/// corrections when the particles are closer than kMinConstraintLength or both are
/// immovable.
template <glm::length_t D>
inline Correction<D> projectDistance(Vec<D> xa, Vec<D> xb, double wa, double wb,
                                     double restLength)
{
    const Vec<D> d = xa - xb;
    const double length = std::sqrt(squaredLength(d));
    const double wSum = wa + wb;
    if (!(length > kMinConstraintLength) || wSum == 0.0)
        return {};
    const double c = length - restLength;
    const Vec<D> n = d / length;
    const double lambda = -c / (squaredLength(n) * wSum);
    return {wa * lambda * n, -(wb * lambda * n)};
}

/// The XPBD form of the projection [MMC16, BMM17] for a constraint of compliance alpha
/// (1/stiffness, m/N; 0 = infinitely stiff) in a (sub)step of length h:
///   alphaTilde = alpha / h^2,  n = (x_a - x_b) / |x_a - x_b|,  C = |x_a - x_b| - d,
///   dlambda = -(C + alphaTilde lambda) / ((w_a + w_b) |n|^2 + alphaTilde),
///   lambda += dlambda,  dx_a = +w_a dlambda n,  dx_b = -w_b dlambda n.
/// `lambda` is the constraint's accumulated multiplier, reset to 0 at the start of each
/// (sub)step. The arithmetic follows the XPBD page's order, so that with equal masses the
/// result is bit-identical to it; with alphaTilde = 0 and lambda = 0 it is projectDistance().
/// Skipped (lambda untouched) when the particles are closer than kMinConstraintLength or both
/// are immovable.
template <glm::length_t D>
inline Correction<D> projectDistanceXpbd(Vec<D> xa, Vec<D> xb, double wa, double wb,
                                         double restLength, double alphaTilde, double& lambda)
{
    const Vec<D> d = xa - xb;
    const double length = std::sqrt(squaredLength(d));
    const double wSum = wa + wb;
    if (!(length > kMinConstraintLength) || wSum == 0.0)
        return {};
    const double c = length - restLength;
    const Vec<D> n = d / length;
    const double k = squaredLength(n) * wSum + alphaTilde;
    const double deltaLambda = -(c + alphaTilde * lambda) / k;
    lambda = lambda + deltaLambda;
    return {wa * deltaLambda * n, -(wb * deltaLambda * n)};
}

/// XPBD's alphaTilde = alpha / h^2 for a constraint of `stiffness` k in N/m (alpha = 1/k,
/// and alpha = 0 for k = 0, which makes XPBD exactly PBD) in a (sub)step of h seconds.
inline double complianceOverStepSquared(double stiffness, double h)
{
    const double alpha = stiffness != 0.0 ? 1.0 / stiffness : 0.0;
    return alpha / (h * h);
}

} // namespace pbd
