#pragma once
// Plays an event script as `pbd-sim run --events FILE` does, for the app tests that compare
// the app's replay with pbd-sim's.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "pbd/drag_script.h"
#include "pbd/simulation.h"

namespace pbd::app::testing {

/// Plays a script as `pbd-sim run --events FILE` does (src/cli/run.cpp): a simulation with
/// pbd-sim's defaults, the end line's steps, each step's events before it, the events of the
/// last step after it. The files its scene and load lines name are read from `folder` (the
/// script's).
inline Simulation playAsPbdSim(const std::string& script, const std::string& folder = {})
{
    Simulation simulation{Settings{}};
    std::vector<DragEvent> events = parseEventScript(script, simulation.settings(), 0, 0, folder);
    std::uint64_t steps = 0;
    for (const DragEvent& e : events)
        if (e.kind == DragEvent::Kind::End) {
            steps = e.step;
            break;
        }
    DragPlayer player(std::move(events));
    for (std::uint64_t step = 0; step < steps; ++step) {
        player.applyBefore(step, simulation);
        simulation.step();
    }
    player.applyBefore(steps, simulation);
    return simulation;
}

} // namespace pbd::app::testing
