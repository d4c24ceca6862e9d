#pragma once
/// \file
/// The start a recording begins with, so that it replays whatever the player started from
/// (docs/file-formats.md, Recordings): `0 scene NAME|FILE` (the world a restart brings back:
/// "page" for the cloth alone, a built-in scene's name when the start is exactly that scene,
/// else the start written beside the recording as a scene file), every setting as `0 set`,
/// and `0 restart`; or, for a recording of a loaded state, `0 load FILE`, the state written
/// beside the recording.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbd/drag_script.h"
#include "pbd/simulation.h"

namespace pbd::app {

/// The file beside the recording at `path` that holds its start: the recording's name
/// without its extension, then `suffix` (".scene.json", ".state.json"): rec.txt ->
/// rec.scene.json.
std::string recordingSideFile(const std::string& path, std::string_view suffix);

/// The lines (at step 0) a recording into `path` of `simulation` starts with, into `lines`:
/// with `fromState` the state as it is (saved beside the recording), else the start the
/// simulation, just restarted, came from (pbd::startScene), written beside the recording when
/// it is no built-in scene. Files beside are named in the lines by their file name alone (the
/// players read them from the recording's folder). Returns the reason (naming the file) when
/// the file beside cannot be written.
template <glm::length_t D>
std::optional<std::string> recordingStart(const std::string& path, const SimulationOf<D>& simulation,
                                          bool fromState, std::vector<DragEventOf<D>>& lines);

} // namespace pbd::app
