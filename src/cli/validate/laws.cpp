#include "laws.h"

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

} // namespace pbd::cli::laws
