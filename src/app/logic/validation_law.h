#pragma once
/// \file
/// The validation scenes' laws over the cloth (issue 41): the catenary, the hanging strip and
/// the rope in wind, the built-in scenes of `pbd-sim validate`'s cases of those names. Each
/// law is computed from the cloth as it is set up now (its pins, rest lengths, masses,
/// stiffness, gravity, air), never from its motion, and compared with where the particles
/// are: the largest distance of a particle from the law is the scene's residual, which
/// shrinks as the scene settles. GL-free: the app draws what lawOverlay() returns.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "pbd/simulation.h"

namespace pbd::app {

/// A catenary y = a cosh((x - x0) / a) + c (metres, y up).
struct Catenary {
    double a = 0.0;  ///< m, > 0: the tension's horizontal part over the weight per length
    double x0 = 0.0; ///< m: where the lowest point is (it may lie outside the span)
    double c = 0.0;  ///< m
    /// Its height at x.
    double operator()(double x) const;
};

/// The catenary of length `length` (m) hung between `p` and `q` (either order): a solves
/// sqrt(L² - v²) = 2 a sinh(h / 2a) with h, v the horizontal and vertical distances between
/// the ends (bisection), x0 = (x_p + x_q) / 2 - a atanh(v / L), c through p. Nothing when the
/// chain cannot hang slack between them: length at most |q - p|, or the ends one above the
/// other (h = 0).
std::optional<Catenary> catenaryThrough(glm::dvec2 p, glm::dvec2 q, double length);

/// Where the law Σ g m_below / k puts each particle of a chain hung from `top` (m): link i of
/// rest length rest[i] (m) between particle i and i + 1 carries the weight of the particles
/// below it (masses[i + 1] onwards, kg) and stretches by that over `stiffness` (N/m; 0: a
/// rigid link, no stretch); `g` > 0 (m/s²) along -y. Returns one point per mass.
std::vector<glm::dvec2> hangingChainLaw(glm::dvec2 top, std::span<const double> rest,
                                        std::span<const double> masses, double stiffness,
                                        double g);

/// The angle (radians from the vertical) at time `t` (s, >= 0) of a rigid pendulum of length
/// `length` (m) under gravity `g` (> 0, m/s²) released from rest at `amplitude` (radians,
/// |amplitude| < pi): θ'' = -(g / L) sin θ integrated by classical Runge-Kutta over t
/// modulo the law's period 4 sqrt(L/g) K(sin(θ0/2)), in steps of at most a 4000th of it.
double pendulumAngle(double amplitude, double length, double g, double t);

/// The shortest distance (m) from `p` to the polyline through `line` (two points or more).
double distanceToPolyline(glm::dvec2 p, std::span<const glm::dvec2> line);

/// What a validation scene's law says over its cloth now.
struct LawOverlay {
    std::string name;                ///< the scene's (and validate case's) name: "catenary"
    std::string legend;              ///< one line: the law and its parameters
    std::vector<glm::dvec2> curve;   ///< the law's curve in metres, drawn as a polyline
    std::vector<glm::dvec2> marks;   ///< where the law puts particles (may be empty)
    std::vector<glm::dvec3> curve3;  ///< a 3D scene's curve in metres (then curve is empty)
    double residual = 0.0;           ///< m: the largest distance of a particle from the law
    /// m: `pbd-sim validate`'s tolerance for the same measurement of its case at the scene's
    /// setting (docs/physics.md's table); 0 where validate measures something else.
    double tolerance = 0.0;
};

/// Points a catenary's curve is drawn with (and the residual measured against).
inline constexpr int kCatenaryCurvePoints = 801;

/// The law of the built-in validation scene `sceneName` ("catenary", "hanging-strip",
/// "wind-rope", "pendulum", "incline") over `simulation`'s cloth as it is now (its CPU copy), or
/// nothing: another scene, or a cloth the law no longer describes (another shape or pins
/// than the scene's, a taut chain, wind or air on the strip, gusts on the rope, damping or
/// air on the pendulum). The pendulum's law is its motion from the scene file's start (its
/// "positions": the release angle) at the simulation's time since the restart: its residual
/// is the bob's distance from the law's bob, which grows as PBD's energy loss and period
/// error accumulate (docs/physics.md) instead of shrinking. The incline's is the slide
/// s = g (sin a - mu cos a) t² / 2 down the ground's line from its point, where the scene
/// starts the particle (0 where tan a <= mu: it sticks).
std::optional<LawOverlay> lawOverlay(std::string_view sceneName, const Simulation& simulation);

/// The law of the built-in 3D scene `sceneName` over `simulation`'s cloth now, or nothing:
/// "cantilever-3d", the heavy elastica B θ'' = -ρ g (L - s) cos θ of a strip laid flat
/// (horizontal) and clamped level by pinning its first two columns, L from the clamp's
/// middle to the tip, ρ the density, B the bending rigidity (pbd-sim validate's
/// elastica-large law). Its curve runs along the strip's middle, its residual is the largest
/// distance of a free particle from it in the strip's vertical plane (x, y).
std::optional<LawOverlay> lawOverlay3(std::string_view sceneName,
                                      const Simulation3& simulation);

} // namespace pbd::app
