// The closed-form laws of `pbd-sim validate` (src/cli/validate/laws.h) against independent
// forms of the same physics: special values, limits and exactly solvable cases.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "validate/laws.h"

using namespace pbd::cli::laws;
using Catch::Detail::Approx;

TEST_CASE("K(k) meets its special values and the pendulum its small-swing period", "[validate]")
{
    CHECK(ellipticK(0.0) == Approx(std::numbers::pi / 2).epsilon(1e-15));
    // K(1/sqrt 2) = Γ(1/4)² / (4 sqrt π), the lemniscate case.
    const double gamma = std::tgamma(0.25);
    CHECK(ellipticK(std::sqrt(0.5)) ==
          Approx(gamma * gamma / (4.0 * std::sqrt(std::numbers::pi))).epsilon(1e-14));
    // Small swings: 2 π sqrt(L/g) (1 + θ0²/16).
    const double small = 0.01;
    CHECK(pendulumPeriod(2.0, 9.81, small) ==
          Approx(2 * std::numbers::pi * std::sqrt(2.0 / 9.81) * (1 + small * small / 16))
              .epsilon(1e-9));
    // Larger swings take longer.
    CHECK(pendulumPeriod(1.0, 9.81, 1.5) > pendulumPeriod(1.0, 9.81, 0.5));
}

TEST_CASE("the discrete chain's sag is the triangle's for two links and tends to the cosh's "
          "as 1/links²", "[validate]")
{
    // Two links of 1 m between pins 1.6 m apart: the joint hangs sqrt(1 - 0.8²) = 0.6 m down.
    CHECK(discreteChainSag(2, 1.0, 1.6) == Approx(0.6).epsilon(1e-12));
    const double cosh = catenarySag(2.0, 1.6);
    // The catenary's own equation: a cosh with 2 a sinh(D / 2a) = L and sag a (cosh - 1).
    const double a = [&] {
        double lo = 0.01, hi = 100.0;
        for (int i = 0; i < 200; ++i) {
            const double mid = 0.5 * (lo + hi);
            (2 * mid * std::sinh(0.8 / mid) > 2.0 ? lo : hi) = mid;
        }
        return lo;
    }();
    CHECK(cosh == Approx(a * (std::cosh(0.8 / a) - 1)).epsilon(1e-9));
    const double e100 = discreteChainSag(100, 0.02, 1.6) - cosh;
    const double e200 = discreteChainSag(200, 0.01, 1.6) - cosh;
    CHECK(e100 > 0.0);
    CHECK(e100 / e200 == Approx(4.0).epsilon(0.01));
}

TEST_CASE("the hanging chain's extension carries each particle's weight on the springs above "
          "it", "[validate]")
{
    CHECK(hangingChainExtension(2, 0.5, 100.0, 10.0) == Approx(0.05).epsilon(1e-15));
    // Three particles: the top spring carries two, the next one.
    CHECK(hangingChainExtension(3, 0.5, 100.0, 10.0) == Approx(3 * 0.05).epsilon(1e-15));
}

TEST_CASE("a rope in wind: one link at tan θ = c l w / (2 m g), none without wind, and every "
          "joint in force balance", "[validate]")
{
    const auto one = windRopeShape(2, 0.2, 0.5, 1.0, 4.0, 9.81);
    CHECK(one[1].x / -one[1].y == Approx(1.0 * 0.2 * 4.0 / (2 * 0.5 * 9.81)).epsilon(1e-14));
    const auto still = windRopeShape(5, 0.2, 0.5, 1.0, 0.0, 9.81);
    CHECK(still[4].x == 0.0);
    CHECK(still[4].y == Approx(-0.8).epsilon(1e-15));
    // Each joint of a long rope: its weight, half of each adjacent link's drag and the two
    // links' tensions (along the links) sum to zero, so the net force has no component across
    // both links' directions: the joint's two tensions are the only unknowns.
    const double c = 1.0, w = 10.0, m = 0.5, g = 9.81, l = 0.2;
    const auto rope = windRopeShape(21, l, m, c, w, g);
    auto drag = [&](glm::dvec2 a, glm::dvec2 b) {
        const glm::dvec2 t = (b - a) / l;
        const glm::dvec2 n(-t.y, t.x);
        return c * l * (w * n.x) * n;
    };
    for (std::size_t i = 1; i + 1 < rope.size(); ++i) {
        const glm::dvec2 up = rope[i - 1] - rope[i];
        const glm::dvec2 down = rope[i + 1] - rope[i];
        CHECK(glm::length(up) == Approx(l).epsilon(1e-12));
        const glm::dvec2 f = glm::dvec2(0.0, -m * g) + 0.5 * drag(rope[i - 1], rope[i]) +
                             0.5 * drag(rope[i], rope[i + 1]);
        // f + T_up û + T_down d̂ = 0 has a solution with T_up > 0: solve the 2 x 2 system.
        const glm::dvec2 u = up / l, d = down / l;
        const double det = u.x * d.y - u.y * d.x;
        const double tUp = (-f.x * d.y + f.y * d.x) / det;
        const double tDown = (-u.x * f.y + u.y * f.x) / det;
        CHECK(tUp > 0.0);
        CHECK(tDown > 0.0);
        CHECK(tUp > tDown); // the link above carries this joint's weight too
    }
}

TEST_CASE("the string's discrete dispersion tends to the continuous string's frequency",
          "[validate]")
{
    // 2 m of string at 10 N, 0.05 kg/m: ω1 = (π / L) sqrt(T / μ).
    const double continuous = std::numbers::pi / 2.0 * std::sqrt(10.0 / 0.05);
    const int n = 1000;
    const double discrete = stringModeFrequency(n, 2.0 / n, 10.0, 0.05 * 2.0 / n, 1);
    CHECK(discrete == Approx(continuous).epsilon(1e-5));
    CHECK(discrete < continuous); // sin x < x
}

namespace {

/// The heavy elastica by another route: the bending moment at s is the moment of the weight
/// beyond s, B θ'(s) = rho g ∫_s^L (x(t) - x(s)) dt, iterated to its fixed point on a grid
/// of `n` intervals (trapezoids, relaxed by half) from the straight strip. Returns the drop.
double elasticaDropByMoments(double length, double rho, double g, double rigidity, int n)
{
    const double ds = length / n;
    std::vector<double> theta(n + 1, 0.0), x(n + 1), y(n + 1), moment(n + 1);
    for (int iteration = 0; iteration < 2000; ++iteration) {
        x[0] = y[0] = 0.0;
        for (int i = 1; i <= n; ++i) {
            x[i] = x[i - 1] + ds * 0.5 * (std::cos(theta[i - 1]) + std::cos(theta[i]));
            y[i] = y[i - 1] + ds * 0.5 * (std::sin(theta[i - 1]) + std::sin(theta[i]));
        }
        // ∫_s^L x dt - (L - s) x(s), from the tip back.
        double integral = 0.0;
        moment[n] = 0.0;
        for (int i = n - 1; i >= 0; --i) {
            integral += ds * 0.5 * (x[i] + x[i + 1]);
            moment[i] = rho * g * (integral - (length - i * ds) * x[i]);
        }
        double change = 0.0, next = 0.0;
        for (int i = 1; i <= n; ++i) {
            next += ds * 0.5 * (moment[i - 1] + moment[i]) / rigidity;
            const double relaxed = 0.5 * (theta[i] + next);
            change = std::max(change, std::abs(relaxed - theta[i]));
            theta[i] = relaxed;
        }
        if (change < 1e-14)
            break;
    }
    return y[n];
}

} // namespace

TEST_CASE("the heavy elastica droops as the small-droop cantilever when stiff, as the weight's "
          "moment says at any droop, and hangs down when limp", "[validate]")
{
    const double length = 0.2, rho = 0.2, g = 9.81;
    auto rigidityFor = [&](double gamma) { return rho * g * std::pow(length, 3) / gamma; };
    // Stiff: q L⁴ / (8 B), to the nonlinearity's O(gamma²).
    CHECK(heavyElasticaTip(length, rho, g, rigidityFor(0.01)).drop ==
          Approx(cantileverDroop(length, rho, g, rigidityFor(0.01))).epsilon(1e-5));
    CHECK(cantileverDroop(length, rho, g, rigidityFor(0.08)) == Approx(0.08 * length / 8));
    // Any droop: the moments' fixed point, a different equation and method, to its grid's
    // O(ds²) (2e-7 of the droop at 2000 intervals).
    for (const double gamma : {0.08, 1.0, 5.0}) {
        CAPTURE(gamma);
        const double drop = heavyElasticaTip(length, rho, g, rigidityFor(gamma)).drop;
        CHECK(drop == Approx(elasticaDropByMoments(length, rho, g, rigidityFor(gamma), 2000))
                          .epsilon(1e-5));
        CHECK(drop < cantileverDroop(length, rho, g, rigidityFor(gamma))); // stiffens as it turns
    }
    // Limp (gamma = 100): most of it hangs down; its length is inextensible.
    const ElasticaTip limp = heavyElasticaTip(length, rho, g, rigidityFor(100.0));
    CAPTURE(limp.drop, limp.reach);
    CHECK(limp.drop > 0.8 * length);
    CHECK(limp.drop * limp.drop + limp.reach * limp.reach < length * length);
}

TEST_CASE("the heavy elastica's shape runs from the clamp, level, to the tip with the strip's "
          "length",
          "[validate]")
{
    const double length = 0.5, rho = 0.2, g = 9.81, rigidity = 0.245; // cantilever-3d's
    const auto shape = heavyElasticaShape(length, rho, g, rigidity);
    const ElasticaTip tip = heavyElasticaTip(length, rho, g, rigidity);
    REQUIRE(shape.size() == 4001);
    CHECK(shape.front() == glm::dvec2(0.0));
    CHECK(shape.back() == glm::dvec2(tip.reach, -tip.drop)); // the same integration
    // Level at the clamp: the first step's slope is that of θ ~ θ'(0) s, nearly flat.
    CHECK(std::abs(shape[1].y) < 1e-3 * std::abs(shape[1].x));
    // Inextensible: the polyline through its points is L, to the chords' O(ds²).
    double arc = 0.0;
    for (std::size_t i = 1; i < shape.size(); ++i)
        arc += glm::distance(shape[i - 1], shape[i]);
    CHECK(arc == Approx(length).epsilon(1e-8));
    // Drooping all the way: each point lower than the last.
    CHECK(std::adjacent_find(shape.begin(), shape.end(), [](glm::dvec2 a, glm::dvec2 b) {
              return b.y >= a.y;
          }) == shape.end());
}

TEST_CASE("a sheet's terminal speed balances its weight with the drag", "[validate]")
{
    // c A v = m g: 0.2 kg on 1 m² at c = 2 falls at 0.981 m/s; doubling the drag halves it.
    CHECK(sheetTerminalSpeed(0.2, 1.0, 2.0, 9.81) == Approx(0.981).epsilon(1e-15));
    CHECK(sheetTerminalSpeed(0.2, 1.0, 4.0, 9.81) ==
          Approx(0.5 * sheetTerminalSpeed(0.2, 1.0, 2.0, 9.81)).epsilon(1e-15));
}
