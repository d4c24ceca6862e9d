#pragma once
/// \file
/// The vertical axis of the panel's plots: its range and labelled ticks, linear or in decades
/// (ImGui 1.86's plots have no log axis: log-scale series are plotted as log10 of the values,
/// and the ticks are labelled with the values themselves). GL-free.

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace pbd::app {

/// A plot's vertical range and its ticks, in plotted units (log10 of the value for a decade
/// axis).
struct ChartAxis {
    double lo = 0.0;           ///< bottom of the plot
    double hi = 1.0;           ///< top of the plot, > lo
    std::vector<double> ticks; ///< from lo to hi, ascending
    bool decades = false;      ///< plotted values are log10 of the shown ones
};

/// Smallest and largest finite value over `series` (several series share an axis); {0, 0}
/// when there is none.
std::pair<double, double> finiteRange(std::span<const std::span<const float>> series);

/// A linear axis around [lo, hi]: ticks at a round step (1, 2 or 5 times a power of ten) giving
/// 2 to 5 intervals, the range widened to whole steps. An empty or one-value range is widened
/// around its value.
ChartAxis linearAxis(double lo, double hi);

/// A decade axis around [lo, hi] (log10 values): the range widened to whole decades, at least
/// one; a tick on every decade, or on every second (third, ...) one so that there are at most
/// 6 ticks.
ChartAxis decadeAxis(double lo, double hi);

/// A tick's label: "1e-06" style powers of ten on a decade axis (10^tick), else "%g" with as
/// many significant digits as neighbouring ticks need to differ (at least 3); "0" for a tick
/// within 1e-9 of the step of zero.
std::string tickLabel(const ChartAxis& axis, double tick);

/// The convergence plot: each series in `series` (errors in metres, iteration 0 first) is
/// replaced by its values relative to its first one (an error of 0 counts as `floor`; a first
/// value of 0 gives all ones), so every series starts at 1 and shows what each iteration buys.
/// When they span a decade or more they are replaced by log10 of the ratios, on a decade
/// axis; else (a few percent per step is common: Gauss-Seidel moves a long cloth's error
/// slowly) by the plain ratios on a linear axis, where a small change stays visible.
ChartAxis relativeErrorAxis(std::span<std::vector<float>* const> series, double floor);

/// log10 of `value` for a decade axis, at least log10(floor) (a zero residual is drawn at the
/// floor instead of minus infinity).
float log10AtLeast(double value, double floor);

} // namespace pbd::app
