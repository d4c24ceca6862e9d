// libFuzzer target: any bytes as an event script, read for a 2D run and for a 3D one. The parser
// must either return events that obey the format's rules or throw DragScriptError naming a
// line; a player must apply the events (area grabs, undo and redo through its history too) to
// a small cloth without leaving it non-finite.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

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

/// The event line parsed back alone, as its own script: obstacle and ball indices bounded by
/// as many as allowed, particle indices and rows by the largest cloth, `set` lines checked on
/// their own value only (after an undo a script's settings are unknown).
template <glm::length_t D>
pbd::DragEventOf<D> parsedAgain(const std::string& line, const pbd::DragEventOf<D>& e)
{
    pbd::Settings tall;
    tall.height = pbd::kMaxClothSide;
    if constexpr (D == 3) {
        tall.dimensions = 3;
        tall.width = pbd::kMaxClothSide;
    }
    const bool indexed = e.kind == pbd::DragEventKind::MoveObstacle ||
                         e.kind == pbd::DragEventKind::RemoveObstacle ||
                         e.kind == pbd::DragEventKind::GrabBall ||
                         e.kind == pbd::DragEventKind::RemoveBall;
    if (indexed)
        return pbd::parseEventScript<D>(line, tall, pbd::kMaxObstacles, pbd::kMaxBalls).front();
    if constexpr (D == 2) {
        // A row is bounded by the cloth's height, which parseDragScript's one-row cloth lacks.
        if (e.kind == pbd::DragEventKind::PinRow)
            return pbd::parseEventScript(line, tall).front();
        return pbd::parseDragScript(line, 1u << 30).front();
    } else {
        // A `set` line is the same in both dimensions: read it without settings to check.
        if (e.kind == pbd::DragEventKind::Set) {
            const pbd::DragEvent set = pbd::parseDragScript(line, 1u << 30).front();
            pbd::DragEventOf<3> again = e;
            again.field = set.field;
            again.value = set.value;
            return again;
        }
        return pbd::parseEventScript<3>(line, tall).front();
    }
}

/// Parses `text` as a script of a run in D dimensions (a 4x3 cloth) and checks the events;
/// plays them for 8 steps unless that would be costly.
template <glm::length_t D>
void fuzzScript(std::string_view text)
{
    pbd::Settings start;
    start.width = 4;
    start.height = 3;
    start.dimensions = static_cast<int>(D);
    std::vector<pbd::DragEventOf<D>> events;
    try {
        events = pbd::parseEventScript<D>(text, start);
    } catch (const pbd::DragScriptError& e) {
        require(e.line() >= 1);
        require(std::string_view(e.what()).find("allowed: ") != std::string_view::npos);
        return;
    }
    std::uint64_t last = 0;
    bool costly = false; // a script may make the cloth or the step large: parse it, do not run it
    for (const pbd::DragEventOf<D>& e : events) {
        if (e.kind == pbd::DragEventKind::Set &&
            ((e.field == "width" || e.field == "height") ? e.value > 64
             : (e.field == "iterations" || e.field == "substeps") ? e.value > 50
                                                                   : false))
            costly = true;
        // The GPU solver needs a backend that this target does not install.
        if (e.kind == pbd::DragEventKind::Set && e.field == "solver" &&
            e.value == static_cast<int>(pbd::Solver::Gpu))
            costly = true;
        // What formatEvent writes parses back to the same line.
        const std::string line = pbd::formatEvent(e);
        require(pbd::formatEvent(parsedAgain<D>(line, e)) == line);
        require(e.step >= last);
        last = e.step;
        if (e.kind == pbd::DragEventKind::Grab)
            require(e.radius > 0.0 && e.radius <= pbd::kMaxGrabRadius);
        if (e.kind == pbd::DragEventKind::Drag || e.kind == pbd::DragEventKind::Grab ||
            e.kind == pbd::DragEventKind::Move || e.kind == pbd::DragEventKind::Cut) {
            // Below the cloth's size when the line was read (a `set` may have changed it).
            require(e.particle < std::size_t{pbd::kMaxClothSide} * pbd::kMaxClothSide);
            for (glm::length_t c = 0; c < D; ++c)
                require(std::isfinite(e.position[c]) &&
                        std::abs(e.position[c]) <= pbd::kMaxDragCoordinate &&
                        std::isfinite(e.to[c]) && std::isfinite(e.direction[c]));
        }
    }
    if (costly)
        return;
    // Play the script for a few steps (events at later steps are skipped, as in a short run).
    pbd::SimulationOf<D> simulation(start);
    pbd::DragPlayerOf<D> player(std::move(events));
    for (std::uint64_t step = 0; step < 8; ++step) {
        player.applyBefore(step, simulation);
        simulation.step();
    }
    for (const auto& p : simulation.particles().position)
        for (glm::length_t c = 0; c < D; ++c)
            require(std::isfinite(p[c]));
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // Every input is read as a 2D script and as a 3D one (the run's dimensions decide).
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    fuzzScript<2>(text);
    fuzzScript<3>(text);
    return 0;
}
