#pragma once
// The colored solver's scalar kernel: one constraint of a row, in the operation order of
// docs/core-api.md (section 2b, the colored form). It is the reference the lane kernels are
// written and tested against, and their fallback for the lanes they cannot take (skipped
// constraints), so it is inline: each kernel file compiles it with its own instruction set,
// which changes the encoding but not one rounding. Private to the core.

#include <cmath>
#include <cstddef>

#include "colored/colored_kernels.h"
#include "pbd/distance_constraint.h"

namespace pbd {

/// Projects constraint k of `row`, between particles a = row.a + Stride k and
/// b = row.b + Stride k [MHHR06, BMM17], with |grad C| = |n| = 1 taken exactly, which saves
/// the page's two divisions by the length:
///   C = L - d,  L = |x_a - x_b|,  s = (d - L) / (L (w_a + w_b)),
///   dx_a = +w_a s (x_a - x_b),   dx_b = -w_b s (x_a - x_b).
/// Skipped (positions untouched) when L <= kMinConstraintLength or w_a + w_b = 0, as the
/// sequential kernel does. Compliant: the XPBD form [MMC16] with at = compliance / h^2 and
/// the constraint's multiplier lambda = row.lambda[k]:
///   s = ((d - L) - at lambda) / (L (w_a + w_b + at)),  lambda += s L
/// (with at = 0 and lambda = 0 exactly the PBD s above). Masked: a removed constraint
/// (row.mask[k] == 0) is skipped.
/// In 3D (Dims 3) row.p holds x, y, z per particle and L = sqrt((dx dx + dy dy) + dz dz),
/// the same operations on x and y: with z = 0 throughout, the 2D kernel's bits and z = 0.
template <std::size_t Stride, bool Compliant, bool Masked, int Dims = 2>
inline void projectConstraint(const RowKernelContext& row, std::size_t k)
{
    static_assert(Dims == 2 || Dims == 3);
    if constexpr (Masked)
        if (!isLive(row.mask + k))
            return;
    double* const p = row.p;
    const std::size_t a = row.a + Stride * k;
    const std::size_t b = row.b + Stride * k;
    const double xa = p[Dims * a];
    const double ya = p[Dims * a + 1];
    const double xb = p[Dims * b];
    const double yb = p[Dims * b + 1];
    const double wa = row.w[a];
    const double wb = row.w[b];
    const double dx = xa - xb;
    const double dy = ya - yb;
    double squared = dx * dx + dy * dy;
    [[maybe_unused]] double za = 0.0;
    [[maybe_unused]] double zb = 0.0;
    [[maybe_unused]] double dz = 0.0;
    if constexpr (Dims == 3) {
        za = p[3 * a + 2];
        zb = p[3 * b + 2];
        dz = za - zb;
        squared = squared + dz * dz;
    }
    const double length = std::sqrt(squared);
    const double wSum = wa + wb;
    if (!(length > kMinConstraintLength) || wSum == 0.0)
        return;
    double s;
    if constexpr (Compliant) {
        double& lambda = row.lambda[k];
        s = ((row.rest - length) - row.alphaTilde * lambda) / (length * (wSum + row.alphaTilde));
        lambda = lambda + s * length;
    } else {
        s = (row.rest - length) / (length * wSum);
    }
    const double sa = wa * s;
    const double sb = wb * s;
    p[Dims * a] = xa + sa * dx;
    p[Dims * a + 1] = ya + sa * dy;
    p[Dims * b] = xb - sb * dx;
    p[Dims * b + 1] = yb - sb * dy;
    if constexpr (Dims == 3) {
        p[3 * a + 2] = za + sa * dz;
        p[3 * b + 2] = zb - sb * dz;
    }
}

} // namespace pbd
