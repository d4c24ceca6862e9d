#include "logic/validation_law.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include <glm/geometric.hpp>

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

} // namespace

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
    if (simulation.particles().size() < 2)
        return std::nullopt;
    if (sceneName == "catenary")
        return catenaryOverlay(simulation);
    if (sceneName == "hanging-strip")
        return hangingStripOverlay(simulation);
    if (sceneName == "wind-rope")
        return windRopeOverlay(simulation);
    return std::nullopt;
}

} // namespace pbd::app
