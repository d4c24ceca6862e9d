#pragma once
/// \file
/// Drag scripts: scripted grab, move and release events for headless runs and tests.
///
/// One event per line; blank lines and lines starting with '#' are ignored.
///   STEP drag INDEX X Y   before step STEP (0-based), particle INDEX becomes the grabbed
///                         particle if it is not already, and is placed at (X, Y) metres
///   STEP release          before step STEP, the grabbed particle is released
/// STEP never decreases.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/cloth.h"
#include "pbd/simulation.h"

namespace pbd {

/// Largest accepted |X| or |Y| in a drag event, in metres: what Simulation::moveGrabbed takes.
inline constexpr double kMaxDragCoordinate = kMaxGrabCoordinate;
/// Longest accepted line of a drag script, in characters.
inline constexpr std::size_t kMaxDragLineLength = 1024;

/// One scripted event.
struct DragEvent {
    enum class Kind { Drag, Release };
    std::uint64_t step = 0;  ///< applied before this step (0-based)
    Kind kind = Kind::Drag;
    Index particle = 0;      ///< Drag only
    glm::dvec2 position{0.0}; ///< Drag only, metres
};

/// A drag script that could not be parsed; what() names the line, the value and what is
/// allowed.
class DragScriptError : public std::runtime_error {
public:
    DragScriptError(std::size_t line, const std::string& message);
    /// 1-based line number.
    std::size_t line() const { return line_; }

private:
    std::size_t line_;
};

/// Parses a whole script. `particleCount` bounds the particle indices. Throws DragScriptError.
std::vector<DragEvent> parseDragScript(std::string_view text, std::size_t particleCount);

/// Feeds parsed events to a simulation step by step.
class DragPlayer {
public:
    explicit DragPlayer(std::vector<DragEvent> events) : events_(std::move(events)) {}
    /// Applies every event scheduled before `step` (all events with event.step <= step that
    /// have not been applied yet).
    void applyBefore(std::uint64_t step, Simulation& simulation);

private:
    std::vector<DragEvent> events_;
    std::size_t next_ = 0;
};

} // namespace pbd
