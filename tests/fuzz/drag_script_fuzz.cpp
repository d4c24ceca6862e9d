// libFuzzer target: any bytes as a drag script. The parser must either return events that obey
// the format's rules or throw DragScriptError naming a line; a player must apply the events
// to a small cloth without leaving it non-finite.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "pbd/drag_script.h"
#include "pbd/simulation.h"

namespace {

void require(bool condition)
{
    if (!condition)
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::size_t particles = 12; // a 4x3 cloth
    std::vector<pbd::DragEvent> events;
    try {
        events = pbd::parseDragScript(text, particles);
    } catch (const pbd::DragScriptError& e) {
        require(e.line() >= 1);
        require(std::string_view(e.what()).find("allowed: ") != std::string_view::npos);
        return 0;
    }
    std::uint64_t last = 0;
    for (const pbd::DragEvent& e : events) {
        require(e.step >= last);
        last = e.step;
        if (e.kind == pbd::DragEvent::Kind::Drag) {
            require(e.particle < particles);
            require(std::isfinite(e.position.x) && std::isfinite(e.position.y));
            require(std::abs(e.position.x) <= pbd::kMaxDragCoordinate &&
                    std::abs(e.position.y) <= pbd::kMaxDragCoordinate);
        }
    }
    // Play the script for a few steps (events at later steps are skipped, as in a short run).
    pbd::Settings settings;
    settings.width = 4;
    settings.height = 3;
    pbd::Simulation simulation(settings);
    pbd::DragPlayer player(std::move(events));
    for (std::uint64_t step = 0; step < 8; ++step) {
        player.applyBefore(step, simulation);
        simulation.step();
    }
    for (const auto& p : simulation.particles().position)
        require(std::isfinite(p.x) && std::isfinite(p.y));
    return 0;
}
