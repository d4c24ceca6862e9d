// The colored solver's air by rows (air_rows.h) against the constraint sweep that the
// sequential solver runs (airForces() then airAccelerations()): the same bits for every
// build of the loops (scalar, SSE2, AVX2), every cut of the rows, torn cloths, gusts, fixed
// particles, constraints too short to feel the air, capped constraints, and cloths one
// particle wide or high.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "air/air.h"
#include "air/air_rows.h"
#include "pbd/cloth.h"
#include "pbd/simulation.h"
#include "sim_builders.h"

using pbd::detail::AirLanes;

namespace {

/// A width x height cloth's particles in motion, with some of its constraints removed
/// (`removeEvery` > 0: about one in that many) and two particles on top of each other.
struct Case {
    pbd::Particles particles;
    std::vector<pbd::DistanceConstraint> constraints;
    std::vector<std::uint8_t> alive;
};

Case makeCase(int width, int height, int removeEvery)
{
    pbd::Settings s = pbd::test::clothSettings(width, height, 2);
    s.windX = 3.0;
    s.airDrag = 0.4;
    pbd::Simulation sim(s);
    pbd::test::run(sim, 25); // falling and blown: velocities of every sign
    Case c;
    c.particles = sim.particles();
    c.constraints = pbd::buildClothGrid(width, height).constraints;
    c.alive.assign(c.constraints.size(), 1);
    std::mt19937 random(static_cast<unsigned>(width * 131 + height));
    if (removeEvery > 0)
        for (std::uint8_t& flag : c.alive)
            flag = random() % static_cast<unsigned>(removeEvery) == 0 ? 0 : 1;
    // A fixed particle's velocity must count as 0 whatever it holds.
    c.particles.velocity[0] = glm::dvec2(5.0, -7.0);
    if (c.particles.size() > 3) // a constraint of length 0 (or a diagonal of 0.1 mm)
        c.particles.position[2] = c.particles.position[1] + glm::dvec2(1e-4, 0.0);
    return c;
}

/// The sequential solver's accelerations for `c` in air `params`.
std::vector<glm::dvec2> sweep(const Case& c, const pbd::detail::AirParams& params,
                              bool removed)
{
    const pbd::Particles& p = c.particles;
    pbd::detail::AirIncidence incidence;
    incidence.prepare(p.size(), c.constraints);
    std::vector<glm::dvec2> windAt(p.size());
    pbd::detail::AirInputs in;
    in.x = p.position.data();
    in.v = p.velocity.data();
    in.w = p.inverseMass.data();
    in.constraints = c.constraints;
    in.alive = removed ? c.alive.data() : nullptr;
    in.drag = params.drag;
    in.wind = params.wind;
    in.cap = params.cap;
    if (params.gusts > 0.0) {
        pbd::detail::gustWinds(params, in.x, windAt.data(), 0, p.size());
        in.windAt = windAt.data();
    }
    std::vector<glm::dvec2> force(c.constraints.size());
    std::vector<glm::dvec2> accel(p.size());
    pbd::detail::airForces(in, force.data(), 0, force.size());
    pbd::detail::airAccelerations(in, incidence, force.data(), accel.data(), 0, p.size());
    return accel;
}

/// airRows() over `c` in pieces of `rowsPerPiece` rows.
std::vector<glm::dvec2> rows(const Case& c, int width, int height,
                             const pbd::detail::AirParams& params, bool removed,
                             int rowsPerPiece, AirLanes lanes)
{
    pbd::detail::AirGrid grid;
    grid.x = c.particles.position.data();
    grid.v = c.particles.velocity.data();
    grid.w = c.particles.inverseMass.data();
    grid.alive = removed ? c.alive.data() : nullptr;
    grid.width = width;
    grid.height = height;
    grid.params = params;
    std::vector<glm::dvec2> accel(c.particles.size(), glm::dvec2(123.0)); // all overwritten
    for (int row = 0; row < height; row += rowsPerPiece)
        pbd::detail::airRows(grid, row, std::min(height, row + rowsPerPiece), accel.data(),
                             lanes);
    return accel;
}

} // namespace

TEST_CASE("the air by rows gives the constraint sweep's bits in every build and every cut",
          "[air]")
{
    std::vector<AirLanes> builds{AirLanes::Scalar};
#if defined(__x86_64__)
    builds.push_back(AirLanes::Sse2);
    if (pbd::detail::bestAirLanes() == AirLanes::Avx2)
        builds.push_back(AirLanes::Avx2);
#endif
    struct Size {
        int width, height;
    };
    for (const Size size : {Size{9, 7}, Size{17, 11}, Size{1, 6}, Size{2, 5}, Size{13, 1},
                            Size{6, 2}}) {
        const Case c = makeCase(size.width, size.height, 6);
        // Uncapped, and a substep so long that c l (w_a + w_b) passes 1 / (2 h) for the
        // constraints longer than 0.23 m: the diagonals, not the sides.
        for (const pbd::detail::AirCap cap : {pbd::detail::AirCap{}, pbd::detail::airCap(0.6)})
        for (const bool removed : {false, true}) {
            for (const double gusts : {0.0, 0.7}) {
                const pbd::detail::AirParams params{{4.0, -1.5}, 0.9, gusts, 1.37, cap};
                const std::vector<glm::dvec2> expected = sweep(c, params, removed);
                for (const AirLanes lanes : builds) {
                    for (const int rowsPerPiece : {size.height, 1, 3}) {
                        CAPTURE(size.width, size.height, removed, gusts, cap.twoH,
                                static_cast<int>(lanes), rowsPerPiece);
                        CHECK(pbd::test::sameBits(
                            rows(c, size.width, size.height, params, removed, rowsPerPiece,
                                 lanes),
                            expected));
                    }
                }
            }
        }
    }
}

TEST_CASE("the air by rows caps some constraints of the cut test's cloth, not all", "[air]")
{
    // What the cut test's capped case relies on: both kinds of constraint in one cloth.
    const Case c = makeCase(17, 11, 0);
    const pbd::detail::AirCap cap = pbd::detail::airCap(0.6);
    std::size_t capped = 0;
    for (const pbd::DistanceConstraint& k : c.constraints) {
        const glm::dvec2 d = c.particles.position[k.b] - c.particles.position[k.a];
        capped += pbd::detail::airCapped(
            0.9, c.particles.inverseMass[k.a] + c.particles.inverseMass[k.b],
            d.x * d.x + d.y * d.y, cap);
    }
    CHECK(capped > c.constraints.size() / 4);
    CHECK(capped < c.constraints.size() * 3 / 4);
}

TEST_CASE("the air by rows is zero on fixed particles and nonzero on blown ones", "[air]")
{
    const Case c = makeCase(9, 7, 0);
    const pbd::detail::AirParams params{{4.0, 0.0}, 0.9, 0.0, 0.0, {}};
    const std::vector<glm::dvec2> accel = rows(c, 9, 7, params, false, 7, AirLanes::Scalar);
    CHECK(accel[0] == glm::dvec2(0.0)); // fixed corners
    CHECK(accel[8] == glm::dvec2(0.0));
    CHECK(accel[40] != glm::dvec2(0.0));
}
