// XPBD [MMC16]: the scalar kernel against hand values, and the colored solver's compliant,
// damped, area-constrained substep against a plain scalar sweep over the same sets.

#include <cmath>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "cloth/area_constraint.h"
#include "colored/colored_solver.h"
#include "disturbed_cloth.h"
#include "grid_set_builders.h"
#include "kernel_choice.h"
#include "pbd/distance_constraint.h"
#include "step/step_phases.h"

using pbd::ColoredSolver;
using pbd::ConstraintSets;
using pbd::DistanceConstraint;
using pbd::Particles;
using pbd::test::bitIdentical;
using pbd::test::disturbedCloth;

TEST_CASE("the XPBD kernel moves a stretched pair by C w / (w_a + w_b + alphaTilde)", "[xpbd]")
{
    // Two particles 1 m apart, rest 0.6 m, w = 2 each, alphaTilde = 4: dlambda = -0.4 / 8,
    // so each end moves 2 * 0.05 = 0.1 m inwards, and lambda becomes -0.05.
    double lambda = 0.0;
    const auto d = pbd::projectDistanceXpbd<2>({1.0, 0.0}, {0.0, 0.0}, 2.0, 2.0, 0.6, 4.0, lambda);
    CHECK(d.da.x == Approx(-0.1));
    CHECK(d.db.x == Approx(0.1));
    CHECK(d.da.y == 0.0);
    CHECK(lambda == Approx(-0.05));
    // A second projection at the new length 0.8 carries the multiplier:
    // dlambda = -(0.2 + 4 * (-0.05)) / 8 = 0: the compliant constraint is in balance.
    const auto again = pbd::projectDistanceXpbd<2>({0.9, 0.0}, {0.1, 0.0}, 2.0, 2.0, 0.6, 4.0, lambda);
    CHECK(again.da.x == Approx(0.0).margin(1e-15));
    CHECK(lambda == Approx(-0.05));
}

TEST_CASE("with zero compliance the XPBD kernel is bit for bit the PBD kernel", "[xpbd]")
{
    const glm::dvec2 xa{0.31, -0.77};
    const glm::dvec2 xb{0.05, -0.5};
    for (double wa : {0.0, 2.0, 1.0 / 0.3})
        for (double wb : {0.0, 2.0, 0.7}) {
            double lambda = 0.0;
            const auto pbdCorrection = pbd::projectDistance(xa, xb, wa, wb, 0.2);
            const auto xpbdCorrection = pbd::projectDistanceXpbd(xa, xb, wa, wb, 0.2, 0.0, lambda);
            CHECK(pbdCorrection.da == xpbdCorrection.da);
            CHECK(pbdCorrection.db == xpbdCorrection.db);
        }
    CHECK(pbd::complianceOverStepSquared(0.0, 0.005) == 0.0);
    CHECK(pbd::complianceOverStepSquared(1000.0, 0.005) == Approx(1.0 / 1000.0 / 0.000025));
}

TEST_CASE("the signed-area kernel restores a flipped triangle's orientation", "[xpbd][area]")
{
    // Triangle (0,0), (0,-0.2), (0.2,0) is counter-clockwise with area 0.02; its last vertex
    // folded over to (-0.15, -0.05) makes it clockwise (area -0.015); repeated hard
    // projections restore area +0.02.
    std::vector<glm::dvec2> x{{0.0, 0.0}, {0.0, -0.2}, {-0.15, -0.05}};
    const std::vector<double> w{0.0, 2.0, 2.0};
    REQUIRE(pbd::detail::twiceSignedArea(x[0], x[1], x[2]) == Approx(-0.03));
    double lambda = 0.0;
    for (int k = 0; k < 20; ++k)
        pbd::detail::projectArea(x.data(), w.data(), 0, 1, 2, pbd::detail::kCellRestArea, 0.0,
                                 lambda);
    CHECK(0.5 * pbd::detail::twiceSignedArea(x[0], x[1], x[2]) ==
          Approx(pbd::detail::kCellRestArea).epsilon(1e-9));
    CHECK(x[0] == glm::dvec2(0.0, 0.0)); // immovable
}

namespace {

/// One substep of the colored order written plainly, with the arithmetic of the colored form
/// in docs/core-api.md: predict; multipliers 0; per iteration the eight distance sets in list
/// order, then the eight triangle sets; velocities; damping.
void referenceSubstep(Particles& particles, const ConstraintSets& sets, int width, int height,
                      const pbd::detail::SubstepParams& params)
{
    auto& x = particles.position;
    const auto& w = particles.inverseMass;
    pbd::detail::predict(x.data(), particles.stepStart.data(), particles.velocity.data(),
                         w.data(), params.h, params.gravity, 0, x.size());
    std::vector<double> lambda(sets.constraints.size(), 0.0);
    std::vector<double> areaLambda(
        2 * static_cast<std::size_t>(std::max(0, width - 1) * std::max(0, height - 1)), 0.0);
    const double at = params.alphaTilde;
    // A sized cloth's edge springs: their own compliance (0: the same as the others').
    const std::vector<double> ats = pbd::test::edgeCompliances(
        sets, width, height, at, params.edgeAlphaTilde != 0.0 ? params.edgeAlphaTilde : at);
    for (int iteration = 0; iteration < params.iterations; ++iteration) {
        pbd::test::referenceSweep(x, w, sets, at, lambda, nullptr, &ats);
        if (!params.area)
            continue;
        for (int q = 0; q < 8; ++q)
            for (int i = q >> 2; i < height - 1; i += 2)
                for (int j = (q >> 1) & 1; j < width - 1; j += 2) {
                    const int t = q & 1;
                    const auto tri = pbd::detail::cellTriangle(static_cast<pbd::Index>(width),
                                                               static_cast<pbd::Index>(i),
                                                               static_cast<pbd::Index>(j), t);
                    pbd::detail::projectArea(x.data(), w.data(), tri.p0, tri.p1, tri.p2,
                                             pbd::detail::kCellRestArea, params.areaAlphaTilde,
                                             areaLambda[2 * (static_cast<std::size_t>(i) * (width - 1) + j) + t]);
                }
    }
    pbd::detail::updateVelocities(x.data(), particles.stepStart.data(),
                                  particles.velocity.data(), w.data(), params.h, params.damping,
                                  0, x.size());
}

/// `kernel`'s compliant substeps, with and without damping, area constraints and a sized
/// cloth's edge springs at twice the compliance, against referenceSubstep, for every chunking
/// and thread count.
void checkXpbdAgainstPlainSweep(ColoredSolver::Kernel kernel)
{
    pbd::detail::SubstepParams params;
    params.h = 0.005 / 3;
    params.gravity = -9.81;
    for (auto [w, h] : {std::pair{1, 1}, {9, 1}, {2, 2}, {5, 3}, {13, 11}, {31, 23}}) {
        for (double stiffness : {1.0, 1000.0, 1e9})
            for (const auto& [area, edges] :
                 {std::pair{false, false}, {true, false}, {false, true}, {true, true}}) {
                params.iterations = 3;
                params.alphaTilde = pbd::complianceOverStepSquared(stiffness, params.h);
                params.edgeAlphaTilde = edges ? 2.0 * params.alphaTilde : 0.0;
                params.damping = area ? 7.0 : 0.0;
                params.area = area;
                params.areaAlphaTilde = pbd::complianceOverStepSquared(1e4, params.h);
                Particles expected = disturbedCloth(w, h);
                const ConstraintSets sets = pbd::test::expandGridSets(w, h);
                for (int step = 0; step < 6; ++step)
                    referenceSubstep(expected, sets, w, h, params);
                for (int rows : {0, 1, 2}) {
                    for (unsigned threads : {1u, 3u}) {
                        CAPTURE(w, h, stiffness, area, edges, rows, threads);
                        Particles particles = disturbedCloth(w, h);
                        const auto cells =
                            static_cast<std::size_t>(std::max(0, w - 1) * std::max(0, h - 1));
                        std::vector<double> areaLambda(2 * cells + 1);
                        ColoredSolver solver(w, h, threads, kernel, rows);
                        for (int step = 0; step < 6; ++step)
                            solver.substep(particles, params, areaLambda.data(), nullptr);
                        CHECK(bitIdentical(particles.position, expected.position));
                        CHECK(bitIdentical(particles.velocity, expected.velocity));
                    }
                }
            }
    }
}

} // namespace

TEST_CASE("the colored solver's XPBD substep with the SSE2 kernels does exactly the plain "
          "sweep, with damping and area constraints, for every chunking and thread count",
          "[colored][xpbd]")
{
    checkXpbdAgainstPlainSweep(ColoredSolver::Kernel::Sse2);
}

TEST_CASE("the colored solver's XPBD substep with the AVX2 kernels does exactly the plain "
          "sweep, with damping and area constraints, for every chunking and thread count",
          "[colored][xpbd][avx2]")
{
    PBD_REQUIRE_AVX2_OR_SKIP();
    checkXpbdAgainstPlainSweep(ColoredSolver::Kernel::Best);
}
