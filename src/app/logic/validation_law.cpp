#include "logic/validation_law.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

#include <glm/geometric.hpp>

#include "pbd/scene.h"
#include "validate/laws.h"

namespace pbd::app {

namespace {

// pbd-sim validate's tolerances at the settings the scenes use (docs/physics.md, "Validation
// against closed-form laws": twice Richardson's estimate of the finest error): the catenary
// case's middle sag at 20 links and the hanging strip's extension at 8 substeps. The scenes
// measure the same: the middle joint is the one farthest from the cosh, the bottom particle
// the one farthest from its mark.
constexpr double kCatenaryTolerance = 1.43e-3;
constexpr double kHangingStripTolerance = 5.32e-7;

/// The indices of the pinned particles, ascending.
std::vector<std::size_t> pinnedIndices(const Particles& particles)
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < particles.size(); ++i)
        if (particles.pinned(i))
            out.push_back(i);
    return out;
}

/// The rest lengths of a cloth one particle wide or high, link i between particle i and
/// i + 1 (its constraints are those links, in that order), or nothing when one was removed.
std::optional<std::vector<double>> chainLinks(const Simulation& simulation)
{
    const auto constraints = simulation.constraints();
    const auto alive = simulation.alive();
    std::vector<double> rest;
    for (std::size_t i = 0; i < constraints.size(); ++i) {
        if (alive[i] == 0 || constraints[i].a != i || constraints[i].b != i + 1)
            return std::nullopt;
        rest.push_back(constraints[i].restLength);
    }
    if (rest.size() + 1 != simulation.particles().size())
        return std::nullopt;
    return rest;
}

double largestDistance(std::span<const glm::dvec2> points, std::span<const glm::dvec2> law)
{
    double out = 0.0;
    for (std::size_t i = 0; i < points.size() && i < law.size(); ++i)
        out = std::max(out, glm::distance(points[i], law[i]));
    return out;
}

std::string format(const char* pattern, double a, double b = 0.0, double c = 0.0)
{
    char text[160];
    std::snprintf(text, sizeof text, pattern, a, b, c);
    return text;
}

std::optional<LawOverlay> catenaryOverlay(const Simulation& simulation)
{
    const Particles& particles = simulation.particles();
    const Settings& s = simulation.settings();
    const auto links = chainLinks(simulation);
    const auto pins = pinnedIndices(particles);
    if (s.height != 1 || !links || pins != std::vector<std::size_t>{0, particles.size() - 1})
        return std::nullopt;
    double length = 0.0;
    for (double r : *links)
        length += r;
    const glm::dvec2 p = particles.position.front();
    const glm::dvec2 q = particles.position.back();
    const auto catenary = catenaryThrough(p, q, length);
    if (!catenary)
        return std::nullopt; // pulled taut, or one pin above the other
    LawOverlay out;
    out.name = "catenary";
    out.legend = format("catenary y = a cosh((x - x0)/a) + c: length %.4g m, span %.4g m, "
                        "a = %.4g m",
                        length, std::abs(q.x - p.x), catenary->a);
    const double x0 = std::min(p.x, q.x);
    const double x1 = std::max(p.x, q.x);
    for (int i = 0; i < kCatenaryCurvePoints; ++i) {
        const double x = x0 + (x1 - x0) * i / (kCatenaryCurvePoints - 1);
        out.curve.emplace_back(x, (*catenary)(x));
    }
    for (const glm::dvec2& at : particles.position)
        out.residual = std::max(out.residual, distanceToPolyline(at, out.curve));
    out.tolerance = kCatenaryTolerance;
    return out;
}

/// A chain one particle wide hung from its first particle alone, under gravity: its links'
/// rest lengths, or nothing.
std::optional<std::vector<double>> hungChain(const Simulation& simulation)
{
    const Settings& s = simulation.settings();
    const auto pins = pinnedIndices(simulation.particles());
    if (s.width != 1 || s.height < 2 || s.gravity >= 0.0 || pins != std::vector<std::size_t>{0})
        return std::nullopt;
    return chainLinks(simulation);
}

std::optional<LawOverlay> hangingStripOverlay(const Simulation& simulation)
{
    const Settings& s = simulation.settings();
    const auto links = hungChain(simulation);
    const bool still = s.airDrag == 0.0 || (s.windX == 0.0 && s.windY == 0.0 && s.gusts == 0.0);
    if (!links || !still)
        return std::nullopt;
    const Particles& particles = simulation.particles();
    LawOverlay out;
    out.name = "hanging-strip";
    out.marks = hangingChainLaw(particles.position.front(), *links, particles.mass,
                                s.stiffness, -s.gravity);
    const double rest = particles.position.front().y - out.marks.back().y;
    double restLength = 0.0;
    for (double r : *links)
        restLength += r;
    out.legend = format("hanging strip: each spring stretched by g m_below / k (k = %.4g N/m): "
                        "extension %.6g m",
                        s.stiffness, rest - restLength);
    out.curve = {out.marks.front(), out.marks.back()};
    out.residual = largestDistance(particles.position, out.marks);
    out.tolerance = kHangingStripTolerance;
    return out;
}

std::optional<LawOverlay> windRopeOverlay(const Simulation& simulation)
{
    const Settings& s = simulation.settings();
    const auto links = hungChain(simulation);
    if (!links || s.stiffness != 0.0 || s.windY != 0.0 || s.gusts != 0.0)
        return std::nullopt;
    const Particles& particles = simulation.particles();
    // The law's rope: equal links, equal masses below the pin.
    const double link = links->front();
    const double mass = particles.mass[1];
    const bool even = std::all_of(links->begin(), links->end(), [&](double r) { return r == link; }) &&
                      std::all_of(particles.mass.begin() + 1, particles.mass.end(),
                                  [&](double m) { return m == mass; });
    if (!even)
        return std::nullopt;
    std::vector<glm::dvec2> shape =
        cli::laws::windRopeShape(static_cast<int>(particles.size()), link, mass, s.airDrag,
                                 s.windX, -s.gravity);
    for (glm::dvec2& at : shape)
        at += particles.position.front();
    LawOverlay out;
    out.name = "wind-rope";
    out.legend = format("rope in wind: tan theta = (A_x + c l w / 2) / (-A_y) link by link "
                        "(c = %.4g N s/m^2, w = %.4g m/s)",
                        s.airDrag, s.windX);
    out.curve = shape;
    out.marks = shape;
    out.residual = largestDistance(particles.position, shape);
    return out;
}

std::optional<LawOverlay> pendulumOverlay(const Simulation& simulation)
{
    const Settings& s = simulation.settings();
    const Particles& particles = simulation.particles();
    const auto links = chainLinks(simulation);
    const bool still = s.airDrag == 0.0 || (s.windX == 0.0 && s.windY == 0.0 && s.gusts == 0.0);
    const auto scene = builtInScene("pendulum");
    if (particles.size() != 2 || !links || pinnedIndices(particles) != std::vector<std::size_t>{0} ||
        s.stiffness != 0.0 || s.damping != 0.0 || !still || s.gravity >= 0.0 || !scene ||
        !scene->positions || scene->positions->size() != 4)
        return std::nullopt;
    // The release angle from the scene file's start; the pivot and length from the cloth.
    const std::vector<double>& start = *scene->positions;
    const double amplitude = std::atan2(start[2] - start[0], start[1] - start[3]);
    const double length = links->front();
    const double g = -s.gravity;
    const glm::dvec2 pivot = particles.position[0];
    const double theta = pendulumAngle(amplitude, length, g, simulation.time());
    LawOverlay out;
    out.name = "pendulum";
    out.legend = format("rigid pendulum from %.3g deg: theta'' = -(g/L) sin theta, period "
                        "4 sqrt(L/g) K(sin(theta0/2)) = %.5g s; the ring: the law's bob now",
                        amplitude * 180.0 / std::numbers::pi,
                        cli::laws::pendulumPeriod(length, g, std::abs(amplitude)));
    constexpr int kArcPoints = 121;
    for (int i = 0; i < kArcPoints; ++i) {
        const double a = -amplitude + 2.0 * amplitude * i / (kArcPoints - 1);
        out.curve.push_back(pivot + length * glm::dvec2(std::sin(a), -std::cos(a)));
    }
    out.marks = {pivot + length * glm::dvec2(std::sin(theta), -std::cos(theta))};
    out.residual = glm::distance(particles.position[1], out.marks[0]);
    return out;
}

std::optional<LawOverlay> inclineOverlay(const Simulation& simulation)
{
    const Settings& s = simulation.settings();
    const Particles& particles = simulation.particles();
    const auto obstacles = simulation.obstacles();
    const bool still = s.airDrag == 0.0 || (s.windX == 0.0 && s.windY == 0.0 && s.gusts == 0.0);
    if (particles.size() != 1 || particles.flags[0] != 0 || obstacles.size() != 1 ||
        obstacles[0].shape != ObstacleShape::Ground || s.damping != 0.0 || !still ||
        s.gravity >= 0.0)
        return std::nullopt;
    // The scene starts the particle at rest on the ground's point; downhill along its line.
    const Obstacle& ground = obstacles[0];
    const double angle = ground.angle * std::numbers::pi / 180.0;
    const glm::dvec2 along(std::cos(angle), std::sin(angle));
    const glm::dvec2 down = along.y <= 0.0 ? along : -along;
    const double slope = std::abs(std::asin(down.y));
    const double g = -s.gravity;
    const double acceleration =
        std::max(0.0, g * (std::sin(slope) - s.friction * std::cos(slope)));
    const double t = simulation.time();
    const glm::dvec2 law = ground.a + 0.5 * acceleration * t * t * down;
    LawOverlay out;
    out.name = "incline";
    out.legend = format("Coulomb friction on a %.3g deg slope, mu = %.3g: s = g (sin a - mu "
                        "cos a) t^2 / 2 = %.6g m",
                        slope * 180.0 / std::numbers::pi, s.friction,
                        glm::distance(law, ground.a));
    out.curve = {ground.a, law};
    out.marks = {law};
    out.residual = glm::distance(particles.position[0], law);
    return out;
}

} // namespace

double pendulumAngle(double amplitude, double length, double g, double t)
{
    const double period = cli::laws::pendulumPeriod(length, g, std::abs(amplitude));
    const double tau = std::fmod(std::max(t, 0.0), period);
    const int steps = std::max(1, static_cast<int>(std::ceil(4000.0 * tau / period)));
    const double h = tau / steps;
    const double w2 = g / length;
    double theta = amplitude;
    double omega = 0.0;
    for (int i = 0; i < steps; ++i) {
        const double k1t = omega, k1w = -w2 * std::sin(theta);
        const double k2t = omega + 0.5 * h * k1w, k2w = -w2 * std::sin(theta + 0.5 * h * k1t);
        const double k3t = omega + 0.5 * h * k2w, k3w = -w2 * std::sin(theta + 0.5 * h * k2t);
        const double k4t = omega + h * k3w, k4w = -w2 * std::sin(theta + h * k3t);
        theta += h / 6.0 * (k1t + 2.0 * k2t + 2.0 * k3t + k4t);
        omega += h / 6.0 * (k1w + 2.0 * k2w + 2.0 * k3w + k4w);
    }
    return theta;
}

double Catenary::operator()(double x) const { return a * std::cosh((x - x0) / a) + c; }

std::optional<Catenary> catenaryThrough(glm::dvec2 p, glm::dvec2 q, double length)
{
    if (q.x < p.x)
        std::swap(p, q);
    const double h = q.x - p.x;
    const double v = q.y - p.y;
    if (!(h > 0.0) || !(length > std::hypot(h, v)) || !std::isfinite(length))
        return std::nullopt;
    // 2 a sinh(h / 2a) falls from +inf (a -> 0) to h (a -> inf): bisect on it, in a's
    // logarithm, to the last bit.
    const double slack = std::sqrt(length * length - v * v);
    const auto chord = [h](double a) { return 2.0 * a * std::sinh(h / (2.0 * a)); };
    double low = h * 1e-6; // chord(low) overflows to inf: above any slack
    double high = h;
    while (chord(high) > slack && high < 1e12 * h)
        high *= 2.0;
    for (int i = 0; i < 4000; ++i) {
        const double mid = std::sqrt(low * high);
        if (mid <= low || mid >= high)
            break;
        (chord(mid) > slack ? low : high) = mid;
    }
    Catenary out;
    out.a = std::sqrt(low * high);
    out.x0 = 0.5 * (p.x + q.x) - out.a * std::atanh(v / length);
    out.c = p.y - out.a * std::cosh((p.x - out.x0) / out.a);
    return out;
}

std::vector<glm::dvec2> hangingChainLaw(glm::dvec2 top, std::span<const double> rest,
                                        std::span<const double> masses, double stiffness,
                                        double g)
{
    std::vector<glm::dvec2> out{top};
    double below = 0.0; // kg below link i
    for (std::size_t i = 1; i < masses.size(); ++i)
        below += masses[i];
    for (std::size_t i = 0; i + 1 < masses.size() && i < rest.size(); ++i) {
        const double stretch = stiffness > 0.0 ? g * below / stiffness : 0.0;
        out.push_back(out.back() - glm::dvec2(0.0, rest[i] + stretch));
        below -= masses[i + 1];
    }
    return out;
}

double distanceToPolyline(glm::dvec2 p, std::span<const glm::dvec2> line)
{
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        const glm::dvec2 a = line[i];
        const glm::dvec2 d = line[i + 1] - a;
        const double length2 = glm::dot(d, d);
        const double t = length2 > 0.0 ? std::clamp(glm::dot(p - a, d) / length2, 0.0, 1.0) : 0.0;
        best = std::min(best, glm::distance(p, a + t * d));
    }
    return best;
}

std::optional<LawOverlay> lawOverlay(std::string_view sceneName, const Simulation& simulation)
{
    if (simulation.particles().size() == 0)
        return std::nullopt;
    if (sceneName == "catenary")
        return catenaryOverlay(simulation);
    if (sceneName == "hanging-strip")
        return hangingStripOverlay(simulation);
    if (sceneName == "wind-rope")
        return windRopeOverlay(simulation);
    if (sceneName == "pendulum")
        return pendulumOverlay(simulation);
    if (sceneName == "incline")
        return inclineOverlay(simulation);
    return std::nullopt;
}

std::optional<LawOverlay> lawOverlay3(std::string_view sceneName,
                                      const Simulation3& simulation)
{
    if (sceneName != "cantilever-3d")
        return std::nullopt;
    const Settings& s = simulation.settings();
    const auto& particles = simulation.particles();
    const auto width = static_cast<std::size_t>(s.width);
    const auto height = static_cast<std::size_t>(s.height);
    const bool still = s.airDrag == 0.0 || (s.windX == 0.0 && s.windY == 0.0 && s.windZ == 0.0 &&
                                            s.gusts == 0.0);
    if (s.orientation != Orientation::Horizontal || width < 3 || s.bending <= 0.0 ||
        s.density <= 0.0 || s.gravity >= 0.0 || !still || particles.size() != width * height)
        return std::nullopt;
    // Clamped level by its first two columns, and nothing else pinned.
    for (std::size_t i = 0; i < particles.size(); ++i)
        if (particles.pinned(i) != (i % width < 2))
            return std::nullopt;
    // The clamp's middle between those columns (row 0), L from it to the tip at rest.
    const glm::dvec3 first = particles.position[0];
    const glm::dvec3 second = particles.position[1];
    const double spacing = glm::distance(first, second);
    const double length = (static_cast<double>(width) - 1.5) * spacing;
    double z = 0.0;
    for (std::size_t row = 0; row < height; ++row)
        z += particles.position[row * width].z / static_cast<double>(height);
    const glm::dvec2 clamp(0.5 * (first.x + second.x), first.y);
    const auto shape = cli::laws::heavyElasticaShape(length, s.density, -s.gravity, s.bending);
    LawOverlay out;
    out.name = "cantilever-3d";
    out.legend = format("heavy elastica B theta'' = -rho g (L - s) cos theta: L = %.4g m, "
                        "rho g L^3 / B = %.3g, tip %.4g m down",
                        length, s.density * -s.gravity * length * length * length / s.bending,
                        -shape.back().y);
    std::vector<glm::dvec2> plane;
    for (std::size_t i = 0; i < shape.size(); i += 20) // 201 of the 4001 points
        plane.push_back(clamp + shape[i]);
    if (plane.back() != clamp + shape.back())
        plane.push_back(clamp + shape.back());
    for (const glm::dvec2& at : plane)
        out.curve3.emplace_back(at.x, at.y, z);
    for (std::size_t i = 0; i < particles.size(); ++i)
        if (!particles.pinned(i))
            out.residual = std::max(
                out.residual,
                distanceToPolyline({particles.position[i].x, particles.position[i].y}, plane));
    return out;
}

} // namespace pbd::app
