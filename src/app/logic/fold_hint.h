#pragma once
/// \file
/// The fold hint: a cloth that a fling folded over its pins stays folded for good under the
/// distance constraints alone (a mirrored cell has the same edge lengths); the signed-area
/// constraints (Settings::areaStiffness) unfold it. When cells stay turned over for a while in
/// a cloth without them, the hints' place over the canvas says so and offers to turn them on.

#include <cstddef>
#include <optional>
#include <string>

#include "pbd/simulation.h"

namespace pbd::app {

/// Cells (i, j) of the grid whose quad (i, j), (i+1, j), (i+1, j+1), (i, j+1) has a signed
/// area below zero: turned over (at rest every cell's is +spacing^2, counter-clockwise on
/// y-up axes). Over the CPU copy of the positions.
std::size_t invertedCells(const Simulation& simulation);

class FoldWatch;
/// The hint's text for the message place: how many cells stay turned over and which setting
/// unfolds them; empty while `watch` does not show it.
std::string foldHintText(const FoldWatch& watch);

/// Watches a simulation for cells that stay turned over.
class FoldWatch {
public:
    /// Simulated seconds that some cells must stay turned over before the hint shows.
    static constexpr double kHoldSeconds = 2.0;
    /// Simulated seconds between two looks at the cloth (a pass over its cells).
    static constexpr double kCheckSeconds = 0.25;
    /// The Area stiffness the hint's button sets, N/m: nearly hard at the page's time step
    /// (compliance / dt^2 = 0.04). The page's cloth folded by a fling (639 of 1131 cells)
    /// unfolds within 2 s with it; 1e5 leaves 585 folded after 20 s, 3e5 none (pbd-sim,
    /// docs/app.md).
    static constexpr double kSuggestedAreaStiffness = 1e6;
    /// Fewest cells turned over that make a fold worth a hint: kMinCells (or all of a smaller
    /// cloth's) and kMinFraction of the cells. Fewer are a kink where a strip wraps a peg or
    /// the crumples of a landed cloth (the drop scene: 16 of 3481 cells after 10 s), not a
    /// fold; the page's cloth flung over its pins turns about half of its cells over.
    static constexpr std::size_t kMinCells = 3;
    static constexpr double kMinFraction = 0.01;
    /// Whether `inverted` of `cells` cells turned over are a fold worth the hint.
    static bool worthAHint(std::size_t inverted, std::size_t cells);

    /// After a frame's steps: looks at the cloth every kCheckSeconds of simulated time (not
    /// while its state lives on a device: that would read it back; nor with area constraints
    /// on, which unfold it by themselves). Self-collision does not unfold a fold either (the
    /// page's cloth flung with it on: 553 cells stay turned over for 20 s; Area stiffness
    /// unfolds them within 5 s), so the watch looks with it on too. Time going back (a
    /// restart, an undo) starts afresh.
    void observe(const Simulation& simulation);
    /// Whether the hint shows: enough cells (worthAHint) have stayed turned over for
    /// kHoldSeconds or more, with Area stiffness 0.
    bool showing() const { return showing_; }
    /// Cells turned over at the last look, and the cloth's cells.
    std::size_t inverted() const { return inverted_; }
    std::size_t cells() const { return cells_; }

private:
    std::optional<double> lastLook_;  ///< simulated time of the last look
    std::optional<double> foldedSince_; ///< simulated time since which cells are turned over
    std::size_t inverted_ = 0;
    std::size_t cells_ = 0;
    bool showing_ = false;
};

} // namespace pbd::app
