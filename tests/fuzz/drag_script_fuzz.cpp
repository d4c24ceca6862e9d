// libFuzzer target: any bytes as an event script. The parser must either return events that obey
// the format's rules or throw DragScriptError naming a line; a player must apply the events
// (area grabs, undo and redo through its history too) to a small cloth without leaving it
// non-finite.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "pbd/ball.h"
#include "pbd/drag_script.h"
#include "pbd/obstacle.h"
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
    pbd::Settings start;
    start.width = 4;
    start.height = 3;
    std::vector<pbd::DragEvent> events;
    try {
        events = pbd::parseEventScript(text, start);
    } catch (const pbd::DragScriptError& e) {
        require(e.line() >= 1);
        require(std::string_view(e.what()).find("allowed: ") != std::string_view::npos);
        return 0;
    }
    std::uint64_t last = 0;
    bool costly = false; // a script may make the cloth or the step large: parse it, do not run it
    for (const pbd::DragEvent& e : events) {
        if (e.kind == pbd::DragEvent::Kind::Set &&
            ((e.field == "width" || e.field == "height") ? e.value > 64
             : (e.field == "iterations" || e.field == "substeps") ? e.value > 50
                                                                   : false))
            costly = true;
        // The GPU solver needs a backend that this target does not install.
        if (e.kind == pbd::DragEvent::Kind::Set && e.field == "solver" &&
            e.value == static_cast<int>(pbd::Solver::Gpu))
            costly = true;
        // What formatEvent writes parses back to the same line.
        // A row is bounded by the cloth's height, which parseDragScript's one-row cloth lacks.
        const std::string line = pbd::formatEvent(e);
        pbd::Settings tall;
        tall.height = pbd::kMaxClothSide;
        // An obstacle or ball index is bounded by how many there are: parse it alone as if
        // there were as many as allowed.
        const bool indexed = e.kind == pbd::DragEvent::Kind::MoveObstacle ||
                             e.kind == pbd::DragEvent::Kind::RemoveObstacle ||
                             e.kind == pbd::DragEvent::Kind::GrabBall ||
                             e.kind == pbd::DragEvent::Kind::RemoveBall;
        const pbd::DragEvent again =
            indexed ? pbd::parseEventScript(line, tall, pbd::kMaxObstacles, pbd::kMaxBalls).front()
            : e.kind == pbd::DragEvent::Kind::PinRow ? pbd::parseEventScript(line, tall).front()
                                                     : pbd::parseDragScript(line, 1u << 30).front();
        require(pbd::formatEvent(again) == line);
        require(e.step >= last);
        last = e.step;
        if (e.kind == pbd::DragEvent::Kind::Grab)
            require(e.radius > 0.0 && e.radius <= pbd::kMaxGrabRadius);
        if (e.kind == pbd::DragEvent::Kind::Drag || e.kind == pbd::DragEvent::Kind::Grab ||
            e.kind == pbd::DragEvent::Kind::Move) {
            // Below the cloth's size when the line was read (a `set` may have changed it).
            require(e.particle < std::size_t{pbd::kMaxClothSide} * pbd::kMaxClothSide);
            require(std::isfinite(e.position.x) && std::isfinite(e.position.y));
            require(std::abs(e.position.x) <= pbd::kMaxDragCoordinate &&
                    std::abs(e.position.y) <= pbd::kMaxDragCoordinate);
        }
    }
    if (costly)
        return 0;
    // Play the script for a few steps (events at later steps are skipped, as in a short run).
    pbd::Simulation simulation(start);
    pbd::DragPlayer player(std::move(events));
    for (std::uint64_t step = 0; step < 8; ++step) {
        player.applyBefore(step, simulation);
        simulation.step();
    }
    for (const auto& p : simulation.particles().position)
        require(std::isfinite(p.x) && std::isfinite(p.y));
    return 0;
}
