#pragma once
/// \file
/// Saved states: the whole of a simulation (settings, time, positions, velocities, masses,
/// pins, the grab, removed constraints) as versioned JSON, written and read exactly (a loaded
/// state continues bit for bit as the saved one would have).
///
/// Format (version 1): one JSON object
///   {"format": "pbd-cloth-state", "version": 1,
///    "settings": {"width": 40, ..., "solver": "sequential", ..., "gpuPrecision": "float"},
///        (every setting by name; numbers as numbers, choices by their word, on/off as
///        true/false; a choice's number, as earlier files wrote "gpuPrecision": 0, reads too)
///    "time": 1.5, "steps": 300, "grabbed": null or an index,
///    "particles": N, "position": B, "velocity": B, "mass": B,
///    "pinned": [indices], "removed": [constraint indices],
///    "areaGrab": {"x": X, "y": Y, "radius": R, "particles": [indices], "offsets": [[dx, dy],
///        ...]} (only while an area grab holds particles: the grab point, and each held
///        particle's offset from it, metres),
///    "budgetSubsteps": N, "budgetPeak": P (only with the strain budget on: the substeps
///        the next step takes first, and the largest strain of its window so far)}
/// where B is base64 of the IEEE-754 doubles, little-endian (x then y per particle for
/// position and velocity; x, y, z in 3D, whose areaGrab has "z" and [dx, dy, dz] offsets): exact, and a 1000 x 1000 cloth saves and loads in well under a
/// second. Numbers in "settings" and "time" round-trip exactly (17 significant digits).

#include <optional>
#include <string>
#include <string_view>

#include "pbd/simulation.h"

namespace pbd {

/// Largest state file accepted, in bytes: a 2048 x 2048 cloth's is about 230 MB.
inline constexpr std::size_t kMaxStateFileBytes = std::size_t{512} << 20;

/// The state as JSON text.
template <glm::length_t D>
std::string stateToJson(const SimulationStateOf<D>& state);

/// Why a state file was refused.
struct StateError {
    std::string field;   ///< the JSON field, e.g. "settings.width" or "position"; "" for the file
    std::string message; ///< names the field, the value and what is allowed
};

/// Reads a state from JSON text. Checks everything (format, version, types, counts against the
/// size, finite numbers, ranges, index order); returns the state or the first problem.
/// The dimensions a state file's settings say: 3 when "settings" holds "dimensions": 3, else
/// 2 (the files written before 3D, and anything that is not a state: stateFromJson() says why).
int stateDimensions(std::string_view text);

/// A file whose settings say the other dimensions is refused naming settings.dimensions.
template <glm::length_t D>
struct StateParseOf {
    std::optional<SimulationStateOf<D>> state;
    std::optional<StateError> error;
};
using StateParse = StateParseOf<2>;
template <glm::length_t D = 2>
StateParseOf<D> stateFromJson(std::string_view text);

/// Writes the simulation's state to `path` through a temporary file in the same folder that is
/// renamed over the target only when complete, so a failed save leaves an existing file as it
/// was. Returns the reason on failure (the path and the system's message).
template <glm::length_t D>
std::optional<std::string> saveStateFile(const SimulationOf<D>& simulation,
                                         const std::string& path);
/// The same for a state taken earlier (Simulation::state()): the app's autosave takes the
/// snapshot on its frame thread and writes it on another.
template <glm::length_t D>
std::optional<std::string> saveStateFile(const SimulationStateOf<D>& state,
                                         const std::string& path);

/// Loads the state in `path` into `simulation`. On any problem (unreadable, too large, not a
/// state file, invalid) nothing changes and the reason is returned, naming the field.
template <glm::length_t D>
std::optional<std::string> loadStateFile(SimulationOf<D>& simulation, const std::string& path);
/// The same for the text of a state file read already; `path` names it in the messages.
template <glm::length_t D>
std::optional<std::string> loadStateText(SimulationOf<D>& simulation, std::string_view text,
                                         const std::string& path);

} // namespace pbd
