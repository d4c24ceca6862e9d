// Bending (Settings::bending, cloth/bending.h) on the 3D step pipeline: the energy of a sheet
// bent onto a cylinder is B/2 k^2 A whatever the cylinder's direction, the heavy elastica
// (a strip clamped at one end, drooping under its own weight) at three resolutions, a cut
// strip's loose end falls freely, and 2D ignores the setting bit for bit.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cloth/bending.h"
#include "elastica.h"
#include "pbd/simulation.h"
#include "sim_builders.h"
#include "step/step_solver.h"

namespace {

using V3 = pbd::Vec<3>;
constexpr double kPi = 3.14159265358979323846;

/// A du x dv sheet of w x h particles (rows down: (du j, 0, dv i)) wrapped onto a cylinder
/// of curvature `kappa` whose axis lies in the sheet at `angle` from the rows (radians),
/// then turned and moved as a rigid body.
std::vector<V3> wrapped(int w, int h, double du, double dv, double kappa, double angle)
{
    std::vector<V3> x;
    const double c = std::cos(angle), s = std::sin(angle), r = 1.0 / kappa;
    for (int i = 0; i < h; ++i)
        for (int j = 0; j < w; ++j) {
            const double u = du * j, v = dv * i;
            const double across = -u * s + v * c; // distance across the axis
            const double along = u * c + v * s;
            const V3 p(r * std::sin(across / r), r * (1.0 - std::cos(across / r)), along);
            // A rigid motion: the law does not depend on where the sheet lies.
            x.emplace_back(0.6 * p.x + 0.8 * p.y + 1.5, -0.8 * p.x + 0.6 * p.y - 2.0,
                           p.z + 0.25);
        }
    return x;
}

} // namespace

TEST_CASE("bending energy of a sheet on a cylinder is B/2 k^2 A in every direction",
          "[bending]")
{
    const double rigidity = 0.03; // N m
    const double kappa = 2.0;     // 1/m
    struct Grid {
        int w, h;
        double du, dv;
    };
    for (const Grid g : {Grid{41, 41, 0.02, 0.02}, Grid{61, 31, 0.01, 0.02}}) {
        const auto bending = pbd::detail::buildBending(g.w, g.h, g.du, g.dv, rigidity);
        const double area = (g.w - 1) * g.du * (g.h - 1) * g.dv;
        const double law = 0.5 * rigidity * kappa * kappa * area;
        // The stencils leave out half a spacing at each end of a line (the end particles have
        // no bend): the sheet's energy lacks up to one spacing in (w - 1) or (h - 1).
        const double missing = 1.0 / std::min(g.w - 1, g.h - 1);
        double lowest = 1e300, highest = 0.0;
        for (int degrees = 0; degrees < 180; degrees += 15) {
            const auto x = wrapped(g.w, g.h, g.du, g.dv, kappa, degrees * kPi / 180.0);
            const double ratio = pbd::detail::bendingEnergy(bending, x.data()) / law;
            CAPTURE(g.w, g.h, degrees, ratio);
            CHECK(ratio <= 1.0 + 1e-3);
            CHECK(ratio >= 1.0 - missing - 2e-3);
            lowest = std::min(lowest, ratio);
            highest = std::max(highest, ratio);
        }
        // Isotropic: every direction within the edges' share of the others.
        CHECK(highest - lowest <= missing);
        // Flat, wherever it lies, the sheet stores nothing.
        const auto flat = wrapped(g.w, g.h, g.du, g.dv, 1e-9, 0.3);
        CHECK(pbd::detail::bendingEnergy(bending, flat.data()) < 1e-12 * law);
    }
}

namespace {

/// A bend's own frequency omega (omega^2 = 6 B / (rho du^4)) times the substep: 0.5 with 4
/// iterations keeps the solver's share of the error below 0.1% at every resolution
/// (docs/physics.md, "Bending": the substeps grow as N^2).
constexpr double kOmegaH = 0.5;
constexpr int kIterations = 4;

/// The elastica strip of `along` particles for rho g L^3 / B = gamma, run until it has
/// settled (15 / omega_1 s, omega_1 its first mode's frequency, critically damped), with
/// omega h = `c`.
pbd::test::ElasticaStrip droop(double gamma, int along, double c, int* substepsRun = nullptr,
                               pbd::Solver solver = pbd::Solver::Sequential)
{
    const double length = 0.2, rho = 0.2, g = 9.81;
    const double rigidity = rho * g * length * length * length / gamma;
    const double du = length / (along - 1.5);
    const double omega = std::sqrt(6.0 * rigidity / (rho * du * du * du * du));
    const double h = c / omega;
    const double first = 3.516 * std::sqrt(rigidity / (rho * length * length * length * length));
    const int substeps = 20;
    pbd::test::ElasticaStrip strip(along, 3, length, 0.02, rho, rigidity, h, substeps,
                                   2.0 * first);
    strip.settings.iterations = kIterations;
    if (solver != pbd::Solver::Sequential)
        strip.use(solver);
    REQUIRE(strip.solver->kind() == solver);
    const int steps = static_cast<int>(std::ceil(15.0 / first / (h * substeps)));
    strip.step(steps);
    if (substepsRun != nullptr)
        *substepsRun = steps * substeps;
    return strip;
}

} // namespace

TEST_CASE("a clamped strip droops as the heavy elastica at 11, 21 and 41 particles",
          "[bending][elastica]")
{
    const double length = 0.2, rho = 0.2, g = 9.81;
    // gamma = rho g L^3 / B: 0.08 droops 1% of L (the small droop, rho g L^4 / (8 B)),
    // 5 droops by about half of L.
    for (const double gamma : {0.08, 5.0}) {
        const double rigidity = rho * g * length * length * length / gamma;
        const pbd::test::ElasticaTip law = pbd::test::elasticaLaw(length, rho, g, rigidity);
        if (gamma < 1.0) // the ODE agrees with the small-droop law
            REQUIRE(law.drop == Approx(rho * g * std::pow(length, 4) / (8.0 * rigidity))
                                    .epsilon(1e-3));
        double previous = 1e300;
        for (const int along : {11, 21, 41}) {
            const pbd::test::ElasticaStrip strip = droop(gamma, along, kOmegaH);
            const pbd::test::ElasticaTip tip = strip.tip();
            const double error = std::abs(tip.drop - law.drop) / law.drop;
            CAPTURE(gamma, along, tip.drop, law.drop, error, tip.reach, law.reach);
            REQUIRE(strip.fastest() < 1e-4); // settled
            CHECK(error < previous);         // converging
            if (along == 41) {
                CHECK(error < 0.03);
                CHECK(tip.reach == Approx(law.reach).epsilon(0.03));
            }
            previous = error;
        }
    }
}

TEST_CASE("on the colored solver a clamped strip droops as the heavy elastica at 41 particles",
          "[bending][elastica]")
{
    // The bending's ten independent sets instead of one pass in order: the same law, within
    // the sequential solver's tolerance at the finest resolution.
    const double length = 0.2, rho = 0.2, g = 9.81;
    for (const double gamma : {0.08, 5.0}) {
        const double rigidity = rho * g * length * length * length / gamma;
        const pbd::test::ElasticaTip law = pbd::test::elasticaLaw(length, rho, g, rigidity);
        const pbd::test::ElasticaStrip strip =
            droop(gamma, 41, kOmegaH, nullptr, pbd::Solver::Colored);
        const pbd::test::ElasticaTip tip = strip.tip();
        const double error = std::abs(tip.drop - law.drop) / law.drop;
        CAPTURE(gamma, tip.drop, law.drop, error, tip.reach, law.reach);
        REQUIRE(strip.fastest() < 1e-4); // settled
        CHECK(error < 0.03);
        CHECK(tip.reach == Approx(law.reach).epsilon(0.03));
    }
}

TEST_CASE("a strip cut across bends no more there: its loose end falls freely", "[bending]")
{
    // The strip of the small droop, 21 along, clamped; every constraint between columns 10
    // and 11 cut. The bends and twists across the cut go with it, so the loose part's
    // centre of mass falls as in vacuum, g h^2 n (n + 1) / 2 after n substeps.
    const double length = 0.2, rho = 0.2, g = 9.81;
    const double rigidity = rho * g * length * length * length / 0.08;
    const int along = 21;
    const double du = length / (along - 1.5);
    const double h = kOmegaH / std::sqrt(6.0 * rigidity / (rho * du * du * du * du));
    pbd::test::ElasticaStrip strip(along, 3, length, 0.02, rho, rigidity, h, 20, 0.0);
    strip.settings.iterations = kIterations;
    const int w = along, rows = 3;
    const std::size_t diagonals =
        static_cast<std::size_t>(rows * (w - 1) + (rows - 1) * w);
    std::vector<std::size_t> cut;
    for (int r = 0; r < rows; ++r)
        cut.push_back(static_cast<std::size_t>(r * (w - 1) + 10));
    for (int r = 0; r + 1 < rows; ++r)
        for (std::size_t d = 0; d < 2; ++d)
            cut.push_back(diagonals + 2 * static_cast<std::size_t>(r * (w - 1) + 10) + d);
    for (std::size_t k : cut) {
        strip.alive[k] = 0;
        --strip.liveCount;
    }
    ++strip.constraintsVersion;
    auto loose = [&] { // the loose part's centre of mass height
        double my = 0.0, m = 0.0;
        for (int r = 0; r < rows; ++r)
            for (int j = 11; j < w; ++j) {
                const std::size_t i = static_cast<std::size_t>(r * w + j);
                my += strip.particles.mass[i] * strip.particles.position[i].y;
                m += strip.particles.mass[i];
            }
        return my / m;
    };
    const double before = loose();
    const int steps = 25;
    strip.step(steps);
    const double n = steps * 20.0;
    const double vacuum = g * h * h * n * (n + 1.0) / 2.0;
    CAPTURE(before - loose(), vacuum);
    CHECK(before - loose() == Approx(vacuum).epsilon(1e-9));
    // The clamped part still holds itself up: its tip (column 10) hangs by less than the
    // whole strip's droop.
    const double tip = -strip.particles.position[10].y;
    CHECK(tip < 0.002);
}

TEST_CASE("bending is refused in 2D, naming both settings", "[bending]")
{
    // A cloth in its plane has nothing to bend out of it: the step never sees bending there.
    pbd::Settings bent = pbd::test::clothSettings(14, 11, 2, 3);
    bent.bending = 0.05;
    const auto e = pbd::validate(bent);
    REQUIRE(e.has_value());
    CHECK(e->field == "bending");
    CHECK(e->message ==
          "bending = 0.05 N m is not allowed with dimensions = 2 (a cloth in its plane cannot "
          "bend out of it); allowed: bending 0, or dimensions 3");
    CHECK_THROWS_AS(pbd::Simulation(bent), std::invalid_argument);
    bent.dimensions = 3;
    CHECK_FALSE(pbd::validate(bent).has_value());
}

TEST_CASE("bending is refused out of range and on a cloth one particle wide or tall",
          "[bending][settings]")
{
    pbd::Settings s;
    s.dimensions = 3;
    for (double bad : {-1.0, 2e6, std::nan(""), 1.0 / 0.0}) {
        s.bending = bad;
        const auto e = pbd::validate(s);
        REQUIRE(e.has_value());
        CHECK(e->field == "bending");
        CHECK(e->message.find("bending") != std::string::npos);
        CHECK(e->message.find("0 to 1e+06 N m") != std::string::npos);
    }
    s.bending = 1e-5;
    CHECK_FALSE(pbd::validate(s).has_value());
    for (int side = 0; side < 2; ++side) {
        pbd::Settings narrow = s;
        (side == 0 ? narrow.width : narrow.height) = 1;
        const auto e = pbd::validate(narrow);
        REQUIRE(e.has_value());
        CAPTURE(e->message);
        CHECK(e->field == "bending");
        CHECK(e->message.find("bending = 1e-05") != std::string::npos);
        CHECK(e->message.find(side == 0 ? "width = 1" : "height = 1") != std::string::npos);
        narrow.bending = 0.0; // without bending the same cloth is fine
        CHECK_FALSE(pbd::validate(narrow).has_value());
    }
}

TEST_CASE("bending moves no momentum: a free sheet without gravity keeps its own",
          "[bending]")
{
    // Each stencil's weights sum to 0: a projection moves the particles' momentum by
    // sum_i k_i dlambda = 0. A free 12 x 9 sheet thrown with random velocities (across the
    // sheet too) keeps its momentum while bending changes its shape.
    auto thrown = [](double rigidity) {
        pbd::test::ElasticaStrip sheet(12, 9, 0.3, 0.2, 0.2, rigidity, 1e-4, 10, 0.0);
        sheet.settings.gravity = 0.0;
        sheet.settings.iterations = 2;
        std::uint64_t seed = 12345;
        auto random = [&seed] { // a fixed linear congruential sequence in [-1, 1)
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            return static_cast<double>(seed >> 11) / 4503599627370496.0 - 1.0;
        };
        for (std::size_t i = 0; i < sheet.particles.size(); ++i) {
            sheet.particles.flags[i] = 0;
            sheet.particles.inverseMass[i] = 1.0 / sheet.particles.mass[i];
            sheet.particles.velocity[i] = V3(random(), random(), random());
        }
        return sheet;
    };
    auto momentum = [](const pbd::test::ElasticaStrip& s) {
        V3 p(0.0);
        for (std::size_t i = 0; i < s.particles.size(); ++i)
            p += s.particles.mass[i] * s.particles.velocity[i];
        return p;
    };
    pbd::test::ElasticaStrip bent = thrown(2e-3);
    pbd::test::ElasticaStrip limp = thrown(0.0);
    const V3 before = momentum(bent);
    bent.step(100);
    limp.step(100);
    const V3 after = momentum(bent);
    for (glm::length_t c = 0; c < 3; ++c)
        CHECK(std::abs(after[c] - before[c]) < 1e-12);
    // The bending acted: the sheet moved otherwise than without it.
    double apart = 0.0;
    for (std::size_t i = 0; i < bent.particles.size(); ++i)
        apart = std::max(apart, std::sqrt(pbd::squaredLength(
                                    V3(bent.particles.position[i] - limp.particles.position[i]))));
    CHECK(apart > 1e-3);
}
