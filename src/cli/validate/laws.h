#pragma once
/// \file
/// Closed-form laws that `pbd-sim validate` compares the simulation with. Each is the
/// textbook's, written here from its equation (cited per function), in SI units; none reads
/// the simulation.

#include <vector>

#include <glm/vec2.hpp>

namespace pbd::cli::laws {

/// Complete elliptic integral of the first kind K(k) = ∫0^{π/2} dφ / sqrt(1 - k² sin² φ),
/// 0 <= k < 1, by the arithmetic-geometric mean: K(k) = π / (2 AGM(1, sqrt(1 - k²))).
double ellipticK(double k);

/// Period in s of a rigid pendulum of length `length` (m) released from rest at `amplitude`
/// (radians from the vertical) under gravity `g` (m/s², > 0): 4 sqrt(L/g) K(sin(θ0/2)).
double pendulumPeriod(double length, double g, double amplitude);

/// Depth in m of the middle joint below the ends of a discrete chain: `links` (even) rigid
/// links of length `link`, equal point masses at the links' joints, the two ends pinned at
/// one height `span` apart (span < links * link). Force balance at each joint: the tension's
/// horizontal part H is the same in every link and link i's slope is
/// tan φ_i = ((links - 1)/2 - i) m g / H; H is the root of Σ link cos φ_i = span (bisection).
double discreteChainSag(int links, double link, double span);

/// Depth in m of the lowest point of the catenary y = a cosh(x / a) of length `length`
/// hung between two points at one height `span` apart: a solves 2 a sinh(span / 2a) = length,
/// the sag is a (cosh(span / 2a) - 1).
double catenarySag(double length, double span);

/// Total extension in m of a chain of `particles` equal masses `mass` (kg) hung from its top
/// one by springs of stiffness `stiffness` (N/m) under gravity `g` (> 0): each spring carries
/// the weight below it, Σ_j g m_below(j) / k = m g n (n - 1) / (2 k).
double hangingChainExtension(int particles, double mass, double stiffness, double g);

/// Equilibrium shape of a chain of `particles` (the first pinned at the origin) of rigid links
/// of length `link`, masses `mass` at the others, in a steady wind `wind` (m/s, along +x) with
/// air drag `drag` (N·s/m²): each link of length l and normal n feels F = c l (w · n) n,
/// half at each end, and gravity -g along y. From the bottom up the forces A on everything
/// below link i, with half of link i's own drag, point along the link:
/// tan θ_i = (A_x + c l w / 2) / (-A_y), θ_i from the vertical towards +x. Returns the
/// particles' positions (m), the pinned one first. One link gives tan θ = c l w / (2 m g).
std::vector<glm::dvec2> windRopeShape(int particles, double link, double mass, double drag,
                                      double wind, double g);

/// Angular frequency in rad/s of the transverse mode `mode` of a string of `links` links of
/// length `spacing` (m) under tension `tension` (N) with masses `mass` (kg) at its joints, its
/// ends fixed: the discrete dispersion ω = 2 sqrt(T / (m a)) sin(mode π / (2 links)).
double stringModeFrequency(int links, double spacing, double tension, double mass, int mode);

/// Droop in m of the tip of a horizontal strip of length `length` (m), clamped at one end,
/// under its own weight: areal density `rho` (kg/m²), gravity `g` (m/s², > 0), bending
/// rigidity per unit width `rigidity` (N·m). The small-droop (Euler-Bernoulli) cantilever
/// under a uniform load q = rho g: w(L) = q L⁴ / (8 B).
double cantileverDroop(double length, double rho, double g, double rigidity);

/// Where the tip of that strip ends by the heavy elastica, any droop: B θ''(s) =
/// -rho g (L - s) cos θ(s), θ(0) = 0 (clamped level), θ'(L) = 0 (a free end carries no
/// moment), θ the angle below the horizontal and s the arc length from the clamp; the tip
/// is at x = ∫ cos θ ds, drop = ∫ sin θ ds. Solved by shooting on θ'(0) (bisection) with
/// classical Runge-Kutta over `steps` equal steps; checked for rho g L³ / B up to 100
/// (tests/cli/validate_laws_test.cpp).
struct ElasticaTip {
    double drop = 0.0;  ///< m below the clamp
    double reach = 0.0; ///< m along the strip's direction from the clamp
};
ElasticaTip heavyElasticaTip(double length, double rho, double g, double rigidity,
                             int steps = 4000);

/// The same strip's whole shape: the clamp at (0, 0), then after each of the `steps` steps
/// the point (x, -drop) at that arc length (m): steps + 1 points, the last the tip.
std::vector<glm::dvec2> heavyElasticaShape(double length, double rho, double g, double rigidity,
                                           int steps = 4000);

/// Terminal speed in m/s of a flat sheet of mass `mass` (kg) and area `area` (m²) falling
/// face down in still air under the drag law F = c A ((w - v) · n) n with `drag` c
/// (N·s/m²) and gravity `g` (m/s², > 0): weight and drag balance at v = m g / (c A).
double sheetTerminalSpeed(double mass, double area, double drag, double g);

} // namespace pbd::cli::laws
