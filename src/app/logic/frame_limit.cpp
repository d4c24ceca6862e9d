#include "logic/frame_limit.h"

#include <cstdio>

namespace pbd::app {
namespace {

double drawing(const FrameTimes& t) { return t.upload + t.draw + t.swap; }

} // namespace

FrameLimit frameLimit(const FrameTimes& mean, double displayPeriodMs)
{
    // Under vsync the swap waits for the display, so a frame that keeps up measures about one
    // period in all; a few percent over is still the display's rate.
    if (mean.total() <= 1.05 * displayPeriodMs)
        return FrameLimit::Display;
    const double draw = drawing(mean);
    if (draw >= mean.simulation && draw >= mean.interface)
        return FrameLimit::Drawing;
    return mean.simulation >= mean.interface ? FrameLimit::Simulation : FrameLimit::Panel;
}

std::string frameLimitText(const FrameTimes& mean, double displayPeriodMs)
{
    const double total = mean.total();
    if (!(total > 0.0))
        return "-";
    char text[96];
    switch (frameLimit(mean, displayPeriodMs)) {
    case FrameLimit::Display:
        std::snprintf(text, sizeof text, "display: %.3g of %.3g ms used", total,
                      displayPeriodMs);
        break;
    case FrameLimit::Drawing:
        std::snprintf(text, sizeof text, "drawing: %.3g of %.3g ms", drawing(mean),
                      total);
        break;
    case FrameLimit::Simulation:
        std::snprintf(text, sizeof text, "simulation: %.3g of %.3g ms",
                      mean.simulation, total);
        break;
    case FrameLimit::Panel:
        std::snprintf(text, sizeof text, "panel: %.3g of %.3g ms", mean.interface,
                      total);
        break;
    }
    return text;
}

} // namespace pbd::app
