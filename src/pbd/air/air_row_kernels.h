#pragma once
// The two loops of airRows() (air_rows.h) in three builds: scalar, SSE2 (two lanes, the
// x86-64 baseline) and AVX2 (four lanes). Every lane does the scalar loop's operations in
// its order, without FMA, so all three give the same bits; the scalar one is airForcesOf's
// arithmetic (air.cpp) and also takes the lane builds' last few constraints. Written with
// intrinsics because GCC vectorises neither loop by itself (their selects count as control
// flow while floating-point operations may trap). Private to the core.

#include <cstddef>
#include <cstdint>

#include <glm/vec2.hpp>

#include "air/air.h"

namespace pbd::detail {

/// Which build of the loops to run.
enum class AirLanes { Scalar, Sse2, Avx2 };

/// The lanes this CPU runs best: Avx2 where it has AVX2, Sse2 on other x86-64, else Scalar.
AirLanes bestAirLanes();

/// n particles' positions x and velocities v (AoS) into separate arrays, the velocity 0
/// where w is 0 (a particle that does not move counts at rest).
struct AirLoadRun {
    const glm::dvec2* x = nullptr;
    const glm::dvec2* v = nullptr;
    const double* w = nullptr;
    std::size_t n = 0;
    double *px = nullptr, *py = nullptr, *vx = nullptr, *vy = nullptr; ///< out
};

void airLoadLanes(const AirLoadRun& run, AirLanes lanes);

#if defined(__x86_64__)
/// The gust winds (gustWinds()) of the first particles of x[0, n), four at a time, into
/// windX, windY; returns how many it did (the rest, fewer than four, are the caller's). Only
/// where the CPU has AVX2 (AirLanes::Avx2). In air_gust_lanes.cpp.
std::size_t airGustWindsAvx2(const AirParams& params, const glm::dvec2* x, std::size_t n,
                             double* windX, double* windY);
#endif

/// n constraints, j from end a (arrays a*, element j) to end b (b*, element j): positions in
/// m, velocities in m/s (0 for a particle that does not move), winds in m/s (gusts only).
struct AirForceRun {
    const double *ax, *ay, *avx, *avy, *awx, *awy;
    const double *bx, *by, *bvx, *bvy, *bwx, *bwy;
    const std::uint8_t* alive = nullptr; ///< constraint j's flag at alive[j * stride]; null: live
    const double* aw = nullptr; ///< the ends' inverse masses in 1/kg (the cap's w_a + w_b)
    const double* bw = nullptr;
    std::size_t stride = 1;
    std::size_t n = 0;
    double drag = 0.0;      ///< c in N s/m^2
    AirCap cap{};           ///< the substep's cap on c l
    double meanWindX = 0.0; ///< without gusts: 0.5 (w.x + w.x), the mean of the ends' wind
    double meanWindY = 0.0;
    bool gusts = false;     ///< the wind is the mean of awx/awy and bwx/bwy
    double* fx = nullptr;   ///< out: the force's x in N, n entries
    double* fy = nullptr;
};

/// F_j = c ((w - v) . p) p / l per constraint (air.h), capped as airForce() caps it, +0 for
/// one shorter than 1 mm or removed. The lanes test the cap together and redo the capped
/// ones only when a lane is (never in an ordinary cloth).
void airForceLanes(const AirForceRun& run, AirLanes lanes);

/// n particles' accelerations: out_j = 0.5 w_j sum_t term_t[j] for the eight terms in their
/// order, x and y, each sum starting at +0; (0, 0) where w_j is 0.
struct AirSumRun {
    const double* termX[8];
    const double* termY[8];
    const double* w = nullptr; ///< inverse masses in 1/kg
    glm::dvec2* out = nullptr; ///< m/s^2
    std::size_t n = 0;
};

void airSumLanes(const AirSumRun& run, AirLanes lanes);

} // namespace pbd::detail
