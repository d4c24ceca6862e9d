#pragma once
// The air's constants and its cap on a constraint's coefficient (air.h's file comment and
// docs/physics.md#air say why), the same operations in the same order in every build: the
// CPU's sweep and row kernels and the GPU's shader (src/gpu/gpu_air.cpp).
// Part of the device contract (pbd/device/): a device backend (src/gpu) reuses or repeats it;
// namespace detail: not for users of the library.

#include <cmath>
#include <cstdint>
#include <limits>

namespace pbd::detail {

/// Spatial period of the gusts' noise lattice in metres: gusts a few metres across.
inline constexpr double kGustLength = 4.0;
/// Temporal period of the gusts' noise lattice in seconds: a gust rises and falls in about
/// a second.
inline constexpr double kGustPeriod = 1.0;

/// The odd multipliers of the gusts' lattice hash (air.cpp's latticeHash(): i, j, k, then
/// the two mixing rounds), shared with its AVX2 build (air_gust_lanes.cpp).
inline constexpr std::uint32_t kGustHashI = 0x8da6b343u;
inline constexpr std::uint32_t kGustHashJ = 0xd8163841u;
inline constexpr std::uint32_t kGustHashK = 0xcb1ab31fu;
inline constexpr std::uint32_t kGustMix1 = 0x7feb352du;
inline constexpr std::uint32_t kGustMix2 = 0x846ca68bu;

/// The cap on a constraint's coefficient c l in a substep h (see the file comment): held
/// at 1 / (twoH (w_a + w_b)) where (c (w_a + w_b))^2 l^2 > limitSquared. The default caps
/// nothing.
struct AirCap {
    double twoH = 0.0;         ///< 2 h in s
    double limitSquared = std::numeric_limits<double>::infinity(); ///< (1 / (2 h))^2 in 1/s^2
};

/// The cap of a substep of h seconds.
inline AirCap airCap(double h)
{
    const double limit = 0.5 / h;
    return {2.0 * h, limit * limit};
}

/// Whether a constraint of squared length `lengthSquared` between ends of inverse masses
/// summing to `wSum` is capped: the one test every build of the air makes, in this order.
inline bool airCapped(double drag, double wSum, double lengthSquared, const AirCap& cap)
{
    const double q = drag * wSum;
    return q * q * lengthSquared > cap.limitSquared;
}

/// The force's scale s (F = s p) of a capped constraint: across = (w - v) . p over
/// 2 h (w_a + w_b) l^2, in the order every build computes it.
inline double airHeldScale(double across, double wSum, double lengthSquared, const AirCap& cap)
{
    return across / (cap.twoH * wSum * lengthSquared);
}

/// The force's scale s (F = s p) of a constraint, capped or not: c across / l below the cap.
inline double airScale(double drag, double across, double wSum, double lengthSquared,
                       const AirCap& cap)
{
    return airCapped(drag, wSum, lengthSquared, cap)
               ? airHeldScale(across, wSum, lengthSquared, cap)
               : drag * across / std::sqrt(lengthSquared);
}

} // namespace pbd::detail
