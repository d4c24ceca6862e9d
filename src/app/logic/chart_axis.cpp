#include "logic/chart_axis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace pbd::app {
namespace {

/// The round step (1, 2 or 5 times a power of ten) closest above `rough`.
double roundStep(double rough)
{
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * power >= rough * (1.0 - 1e-9))
            return m * power;
    return 10.0 * power;
}

} // namespace

std::pair<double, double> finiteRange(std::span<const std::span<const float>> series)
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (std::span<const float> s : series)
        for (float v : s)
            if (std::isfinite(v)) {
                lo = std::min(lo, static_cast<double>(v));
                hi = std::max(hi, static_cast<double>(v));
            }
    return lo <= hi ? std::pair{lo, hi} : std::pair{0.0, 0.0};
}

ChartAxis linearAxis(double lo, double hi)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        lo = hi = 0.0;
    if (lo > hi)
        std::swap(lo, hi);
    if (hi - lo <= 1e-12 * std::max(std::abs(lo), std::abs(hi))) {
        const double half = lo != 0.0 ? 0.1 * std::abs(lo) : 1.0;
        lo -= half;
        hi += half;
    }
    ChartAxis axis;
    // Aim for 4 intervals; the round step then gives 2 to 5 of them after widening.
    const double step = roundStep((hi - lo) / 4.0);
    axis.lo = std::floor(lo / step + 1e-9) * step;
    axis.hi = std::ceil(hi / step - 1e-9) * step;
    if (axis.hi <= axis.lo)
        axis.hi = axis.lo + step;
    const auto intervals = static_cast<int>(std::lround((axis.hi - axis.lo) / step));
    for (int i = 0; i <= intervals; ++i)
        axis.ticks.push_back(axis.lo + i * step);
    return axis;
}

ChartAxis decadeAxis(double lo, double hi)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        lo = hi = 0.0;
    if (lo > hi)
        std::swap(lo, hi);
    ChartAxis axis;
    axis.decades = true;
    axis.lo = std::floor(lo);
    axis.hi = std::ceil(hi);
    if (axis.hi <= axis.lo)
        axis.hi = axis.lo + 1.0;
    const int decades = static_cast<int>(axis.hi - axis.lo);
    const int every = (decades + 4) / 5; // at most 6 ticks
    for (int d = 0; d <= decades; d += every)
        axis.ticks.push_back(axis.lo + d);
    return axis;
}

std::string tickLabel(const ChartAxis& axis, double tick)
{
    char text[32];
    if (axis.decades) {
        std::snprintf(text, sizeof text, "1e%+03d", static_cast<int>(std::lround(tick)));
        std::string label = text;
        if (label == "1e+00")
            return "1";
        return label;
    }
    const double step = axis.ticks.size() > 1 ? axis.ticks[1] - axis.ticks[0] : 1.0;
    if (std::abs(tick) < 1e-9 * step)
        return "0";
    // Enough significant digits that neighbouring ticks read differently (-17150 and -17100
    // are not both "-1.72e+04"), at least 3.
    const double largest = std::max(std::abs(axis.lo), std::abs(axis.hi));
    const int digits = std::clamp(
        static_cast<int>(std::floor(std::log10(largest)) - std::floor(std::log10(step))) + 1, 3, 12);
    std::snprintf(text, sizeof text, "%.*g", digits, tick);
    return text;
}

ChartAxis relativeErrorAxis(std::span<std::vector<float>* const> series, double floor)
{
    double lo = 1.0, hi = 1.0;
    for (std::vector<float>* values : series) {
        if (values->empty())
            continue;
        const bool zeroFirst = !(values->front() > 0.0f) || !std::isfinite(values->front());
        const double first = std::max(static_cast<double>(values->front()), floor);
        for (float& v : *values) {
            const double ratio = std::isfinite(v) && !zeroFirst
                                     ? std::max(static_cast<double>(v), floor) / first
                                     : 1.0;
            v = static_cast<float>(ratio);
            lo = std::min(lo, ratio);
            hi = std::max(hi, ratio);
        }
    }
    if (std::log10(hi) - std::log10(lo) < 1.0)
        return linearAxis(lo, hi);
    for (std::vector<float>* values : series)
        for (float& v : *values)
            v = std::log10(v);
    return decadeAxis(std::log10(lo), std::log10(hi));
}

float log10AtLeast(double value, double floor)
{
    return static_cast<float>(std::log10(std::max(value, floor)));
}

} // namespace pbd::app
