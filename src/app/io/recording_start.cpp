#include "io/recording_start.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "io/recorder.h"
#include "pbd/run_start.h"
#include "pbd/scene.h"
#include "pbd/settings_table.h"
#include "pbd/state_file.h"

namespace pbd::app {
namespace {

/// The built-in scene `start` is, by name: one whose obstacles, balls and pins are the
/// start's, and whose settings are too but for the solver, threads and GPU precision (which a
/// scene line keeps); "page" (nothing but the cloth) with any settings.
std::optional<std::string> builtInStart(const Scene& start)
{
    const std::string wanted = sceneToJson(start);
    for (const std::string& name : builtInSceneNames()) {
        Scene scene = *builtInScene(name);
        if (name == "page") {
            scene.settings = start.settings;
        } else {
            scene.settings.solver = start.settings.solver;
            scene.settings.threads = start.settings.threads;
            scene.settings.gpuPrecision = start.settings.gpuPrecision;
        }
        if (sceneToJson(scene) == wanted) // as files write them (no internal members)
            return name;
    }
    return std::nullopt;
}

/// Writes `text` to `path` whole, naming the path and the reason on failure.
std::optional<std::string> writeTextFile(const std::string& path, const std::string& text)
{
    std::FILE* file = std::fopen(path.c_str(), "w");
    if (!file)
        return "cannot write " + path + ": " + std::strerror(errno);
    const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    const int writeErrno = errno;
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed)
        return "cannot write " + path + ": " + std::strerror(written ? errno : writeErrno);
    return std::nullopt;
}

std::string fileName(const std::string& path)
{
    return std::filesystem::path(path).filename().string();
}

} // namespace

std::string recordingSideFile(const std::string& path, std::string_view suffix)
{
    std::filesystem::path side(path);
    if (side.has_stem() && side.has_extension())
        side.replace_extension();
    side += std::string(suffix);
    if (side == std::filesystem::path(path)) // rec.scene.json is its own recording's name
        side = std::filesystem::path(path + std::string(suffix));
    return side.string();
}

template <glm::length_t D>
std::optional<std::string> recordingStart(const std::string& path,
                                          const SimulationOf<D>& simulation, bool fromState,
                                          std::vector<DragEventOf<D>>& lines)
{
    lines.clear();
    if (fromState) {
        const std::string side = recordingSideFile(path, ".state.json");
        if (auto error = saveStateFile(simulation, side))
            return error;
        DragEventOf<D> load;
        load.kind = DragEventKind::Load;
        load.stateName = fileName(side);
        lines.push_back(load);
        return std::nullopt;
    }
    // The world a restart brings back: a built-in scene by name when it is exactly that one
    // ("page", the cloth alone, whatever its settings: the `set` lines give them), else the
    // whole start as a scene file beside the recording.
    const Scene start = startScene(simulation);
    DragEventOf<D> scene;
    scene.kind = DragEventKind::Scene;
    Settings base; // the settings the scene line leaves, the `set` lines' starting point
    if (auto name = builtInStart(start)) {
        scene.sceneName = *name;
        if (*name != "page")
            base = builtInScene(*name)->settings;
    } else {
        const std::string side = recordingSideFile(path, ".scene.json");
        if (auto error = writeTextFile(side, sceneToJson(start)))
            return error;
        scene.sceneName = fileName(side);
        base = start.settings;
    }
    // The player's solver, threads and GPU precision stay through a scene line.
    base.solver = Settings{}.solver;
    base.threads = Settings{}.threads;
    base.gpuPrecision = Settings{}.gpuPrecision;
    lines.push_back(scene);
    const Settings& settings = simulation.settings();
    for (const SettingField* field : settingsChangeOrder(base, settings, true)) {
        DragEventOf<D> set;
        set.kind = DragEventKind::Set;
        set.field = field->name;
        set.value = field->get(settings);
        lines.push_back(set);
    }
    DragEventOf<D> restart;
    restart.kind = DragEventKind::Restart;
    lines.push_back(restart);
    return std::nullopt;
}

template std::optional<std::string> recordingStart(const std::string&, const SimulationOf<2>&,
                                                   bool, std::vector<DragEventOf<2>>&);
template std::optional<std::string> recordingStart(const std::string&, const SimulationOf<3>&,
                                                   bool, std::vector<DragEventOf<3>>&);

} // namespace pbd::app
