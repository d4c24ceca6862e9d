// The built-in scenes: the registry of scene files embedded at build time
// (src/pbd/files/scenes/: one NAME.json per scene, their order in scenes.cmake; the folder's
// README.md says how they are laid out). Names and scenes both come from it.

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "builtin_scenes_embedded.h"
#include "pbd/scene.h"

namespace pbd {

std::span<const BuiltInScene> builtInScenes() { return detail::kBuiltInScenes; }

const std::vector<std::string>& builtInSceneNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const BuiltInScene& scene : builtInScenes())
            out.emplace_back(scene.name);
        return out;
    }();
    return names;
}

std::optional<Scene> builtInScene(std::string_view name)
{
    const auto scenes = builtInScenes();
    const auto it = std::find_if(scenes.begin(), scenes.end(),
                                 [name](const BuiltInScene& s) { return s.name == name; });
    if (it == scenes.end())
        return std::nullopt;
    SceneParse parsed = sceneFromJson(it->text);
    if (parsed.error)
        throw std::logic_error("built-in scene " + std::string(name) + ": " +
                               parsed.error->message);
    return std::move(parsed.scene);
}

} // namespace pbd
