#include "laws.h"

#include <array>
#include <cmath>
#include <numbers>

namespace pbd::cli::laws {
namespace {

/// The root of the increasing function f on [low, high] (f(low) <= 0 <= f(high)), to the last
/// bit: bisection until the midpoint no longer moves.
template <class F>
double bisect(F f, double low, double high)
{
    for (int i = 0; i < 2000; ++i) {
        const double mid = 0.5 * (low + high);
        if (mid <= low || mid >= high)
            break;
        (f(mid) <= 0.0 ? low : high) = mid;
    }
    return 0.5 * (low + high);
}

} // namespace

double ellipticK(double k)
{
    double a = 1.0;
    double b = std::sqrt(1.0 - k * k);
    for (int i = 0; i < 64 && std::abs(a - b) > 1e-16 * a; ++i) {
        const double next = 0.5 * (a + b);
        b = std::sqrt(a * b);
        a = next;
    }
    return std::numbers::pi / (a + b);
}

double pendulumPeriod(double length, double g, double amplitude)
{
    return 4.0 * std::sqrt(length / g) * ellipticK(std::sin(0.5 * amplitude));
}

double discreteChainSag(int links, double link, double span)
{
    // u = H / (m g): the horizontal tension in weights of one joint.
    auto slopeTan = [links](int i, double u) { return (0.5 * (links - 1) - i) / u; };
    auto spanOf = [&](double u) {
        double sum = 0.0;
        for (int i = 0; i < links; ++i)
            sum += link / std::sqrt(1.0 + slopeTan(i, u) * slopeTan(i, u));
        return sum;
    };
    const double u = bisect([&](double v) { return spanOf(v) - span; }, 1e-12, 1e12);
    double sag = 0.0;
    for (int i = 0; i < links / 2; ++i) {
        const double t = slopeTan(i, u);
        sag += link * t / std::sqrt(1.0 + t * t);
    }
    return sag;
}

double catenarySag(double length, double span)
{
    // 2 a sinh(span / 2a) decreases towards span as a grows: solve in 1/a, increasing.
    const double b = bisect(
        [&](double inv) {
            return inv <= 0.0 ? span - length : 2.0 * std::sinh(0.5 * span * inv) / inv - length;
        },
        0.0, 1e3 / span);
    const double a = 1.0 / b;
    return a * (std::cosh(0.5 * span / a) - 1.0);
}

double hangingChainExtension(int particles, double mass, double stiffness, double g)
{
    const double n = particles;
    return mass * g * n * (n - 1.0) / (2.0 * stiffness);
}

std::vector<glm::dvec2> windRopeShape(int particles, double link, double mass, double drag,
                                      double wind, double g)
{
    const int links = particles - 1;
    std::vector<double> angle(static_cast<std::size_t>(links));
    glm::dvec2 below(0.0); // forces on the particles below the link, full drag of links below
    for (int i = links - 1; i >= 0; --i) {
        below.y -= mass * g; // particle i + 1, the link's lower end
        const double theta = std::atan2(below.x + 0.5 * drag * link * wind, -below.y);
        angle[static_cast<std::size_t>(i)] = theta;
        // The link's whole drag, c l w cos θ along n = (cos θ, sin θ), joins what the next
        // link up carries.
        const double force = drag * link * wind * std::cos(theta);
        below += force * glm::dvec2(std::cos(theta), std::sin(theta));
    }
    std::vector<glm::dvec2> shape(static_cast<std::size_t>(particles), glm::dvec2(0.0));
    for (int i = 0; i < links; ++i) {
        const double theta = angle[static_cast<std::size_t>(i)];
        const glm::dvec2 along(std::sin(theta), -std::cos(theta));
        shape[static_cast<std::size_t>(i + 1)] = shape[static_cast<std::size_t>(i)] + link * along;
    }
    return shape;
}

double stringModeFrequency(int links, double spacing, double tension, double mass, int mode)
{
    return 2.0 * std::sqrt(tension / (mass * spacing)) *
           std::sin(mode * std::numbers::pi / (2.0 * links));
}

double cantileverDroop(double length, double rho, double g, double rigidity)
{
    return rho * g * std::pow(length, 4) / (8.0 * rigidity);
}

namespace {

/// The heavy elastica from the clamp with θ'(0) = `curvature`: y = (θ, θ', x, drop) along s,
/// θ'' = -q (L - s) cos θ with q = rho g / B, by classical Runge-Kutta over `steps` equal
/// steps; appends (x, -drop) after each step to `shape` when given.
std::array<double, 4> integrateElastica(double length, double q, int steps, double curvature,
                                        std::vector<glm::dvec2>* shape)
{
    const double ds = length / steps;
    auto slope = [&](double s, const std::array<double, 4>& y) {
        return std::array<double, 4>{y[1], -q * (length - s) * std::cos(y[0]), std::cos(y[0]),
                                     std::sin(y[0])};
    };
    auto plus = [](const std::array<double, 4>& a, double f, const std::array<double, 4>& b) {
        return std::array<double, 4>{a[0] + f * b[0], a[1] + f * b[1], a[2] + f * b[2],
                                     a[3] + f * b[3]};
    };
    std::array<double, 4> y = {0.0, curvature, 0.0, 0.0};
    for (int i = 0; i < steps; ++i) {
        const double s = i * ds;
        const auto k1 = slope(s, y);
        const auto k2 = slope(s + ds / 2, plus(y, ds / 2, k1));
        const auto k3 = slope(s + ds / 2, plus(y, ds / 2, k2));
        const auto k4 = slope(s + ds, plus(y, ds, k3));
        for (int c = 0; c < 4; ++c)
            y[c] += ds / 6.0 * (k1[c] + 2.0 * k2[c] + 2.0 * k3[c] + k4[c]);
        if (shape)
            shape->emplace_back(y[2], -y[3]);
    }
    return y;
}

/// θ'(0) of the clamped strip, by shooting on θ'(L) = 0.
double elasticaCurvature(double length, double q, int steps)
{
    // θ'(L) = θ'(0) + ∫ θ'' ds: below 0 at θ'(0) = 0, and at least 0 at θ'(0) = q L² / 2
    // (|∫ θ''| <= q L² / 2 while cos θ <= 1): the root lies between.
    double lo = 0.0, hi = 0.5 * q * length * length;
    for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (integrateElastica(length, q, steps, mid, nullptr)[1] < 0.0 ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

} // namespace

ElasticaTip heavyElasticaTip(double length, double rho, double g, double rigidity, int steps)
{
    const double q = rho * g / rigidity;
    const auto y =
        integrateElastica(length, q, steps, elasticaCurvature(length, q, steps), nullptr);
    return {y[3], y[2]};
}

std::vector<glm::dvec2> heavyElasticaShape(double length, double rho, double g,
                                           double rigidity, int steps)
{
    const double q = rho * g / rigidity;
    std::vector<glm::dvec2> shape{glm::dvec2(0.0)};
    integrateElastica(length, q, steps, elasticaCurvature(length, q, steps), &shape);
    return shape;
}

double sheetTerminalSpeed(double mass, double area, double drag, double g)
{
    return mass * g / (drag * area);
}

} // namespace pbd::cli::laws
