#include "logic/fold_hint.h"

#include <algorithm>

#include "files/input_text.h"

namespace pbd::app {

std::string foldHintText(const FoldWatch& watch)
{
    if (!watch.showing())
        return "";
    return std::to_string(watch.inverted()) + " of " + std::to_string(watch.cells()) +
           " cells have stayed folded over for " + formatNumber(FoldWatch::kHoldSeconds) +
           " s; the distance constraints cannot unfold them. Area stiffness (Physics beyond "
           "the page) does:";
}

std::size_t invertedCells(const Simulation& simulation)
{
    const auto& x = simulation.particles().position;
    const std::size_t w = static_cast<std::size_t>(simulation.settings().width);
    const std::size_t h = static_cast<std::size_t>(simulation.settings().height);
    std::size_t inverted = 0;
    for (std::size_t i = 0; i + 1 < h; ++i)
        for (std::size_t j = 0; j + 1 < w; ++j) {
            const glm::dvec2 a = x[i * w + j];
            const glm::dvec2 b = x[(i + 1) * w + j];
            const glm::dvec2 c = x[(i + 1) * w + j + 1];
            const glm::dvec2 d = x[i * w + j + 1];
            // Twice the signed area (shoelace) of the quad a b c d.
            const double area = (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y) +
                                (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y);
            inverted += area < 0.0 ? 1 : 0;
        }
    return inverted;
}

bool FoldWatch::worthAHint(std::size_t inverted, std::size_t cells)
{
    return inverted > 0 && inverted >= std::min(kMinCells, cells) &&
           static_cast<double>(inverted) >= kMinFraction * static_cast<double>(cells);
}

void FoldWatch::observe(const Simulation& simulation)
{
    const double now = simulation.time();
    if (lastLook_ && now < *lastLook_) { // a restart, an undo or a load: start afresh
        lastLook_.reset();
        foldedSince_.reset();
        showing_ = false;
    }
    // Area constraints unfold the cloth by themselves.
    if (simulation.settings().areaStiffness > 0.0) {
        foldedSince_.reset();
        showing_ = false;
        inverted_ = 0;
        return;
    }
    if (simulation.stateOnDevice() || (lastLook_ && now < *lastLook_ + kCheckSeconds))
        return;
    lastLook_ = now;
    const Settings& s = simulation.settings();
    cells_ = static_cast<std::size_t>(s.width - 1) * static_cast<std::size_t>(s.height - 1);
    inverted_ = invertedCells(simulation);
    if (!worthAHint(inverted_, cells_)) {
        foldedSince_.reset();
        showing_ = false;
        return;
    }
    if (!foldedSince_)
        foldedSince_ = now;
    showing_ = now - *foldedSince_ >= kHoldSeconds;
}

} // namespace pbd::app
