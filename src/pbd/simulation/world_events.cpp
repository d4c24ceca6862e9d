#include "simulation/world_events.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "pbd/state_file.h"

#include "files/input_text.h"
#include "simulation/item_index.h"

namespace pbd::detail {
void requireScriptCount(std::size_t line, const std::vector<std::string_view>& fields,
                        std::size_t least, std::size_t most, const std::string& usage,
                        int dimensions)
{
    const std::size_t got = fields.size() - 2;
    if (got == least || got == most)
        return;
    throw DragScriptError(line, "'" + std::string(fields[1]) + "' takes " +
                                    std::to_string(least) +
                                    (most > least ? " or " + std::to_string(most) : "") +
                                    " values, got " + std::to_string(got) + "; allowed: '" +
                                    usage + "'" +
                                    otherDimensionsNote(fields[1], dimensions, got));
}

void countScriptAddition(std::size_t line, ScriptItems& items, std::size_t limit,
                         const char* what)
{
    if (items.now >= limit && !items.travelled)
        throw DragScriptError(line, std::string(what) + ": more than " + std::to_string(limit) +
                                        " " + what + "s are not allowed; allowed: at most " +
                                        std::to_string(limit));
    items.set(items.now + 1);
}

std::size_t readScriptIndex(std::size_t line, std::string_view text, const char* what,
                            std::size_t count)
{
    std::uint64_t index = 0;
    if (!parseNumber(text, index) || index >= count)
        throw DragScriptError(line, std::string(what) + " index " + quoteInput(text) +
                                        " is not allowed; allowed: " +
                                        itemIndexRange(what, count));
    return static_cast<std::size_t>(index);
}

std::size_t readScriptRemoval(std::size_t line, std::string_view text, const char* what,
                              ScriptItems& items)
{
    const std::size_t index = readScriptIndex(line, text, what, items.bound());
    if (!items.travelled)
        items.set(items.now - 1);
    return index;
}

double readScriptNumber(std::size_t line, std::string_view text, const char* what,
                        double limit, const char* unit)
{
    double value = 0.0;
    if (!parseNumber(text, value) || !std::isfinite(value) || std::abs(value) > limit)
        throw DragScriptError(line, std::string(what) + " " + quoteInput(text) +
                                        " is not allowed; allowed: a finite number from -" +
                                        formatNumber(limit) + " to " + formatNumber(limit) +
                                        " " + unit);
    return value;
}

namespace {

/// `path` as a script names it: read from `folder` unless absolute.
std::string scriptPath(std::string_view folder, std::string_view path)
{
    const std::filesystem::path named(path);
    if (folder.empty() || named.is_absolute())
        return std::string(path);
    return (std::filesystem::path(folder) / named).string();
}

} // namespace

template <glm::length_t D>
void parseSceneEvent(std::size_t line, const std::vector<std::string_view>& fields,
                     std::string_view folder, DragEventOf<D>& event)
{
    event.kind = DragEvent::Kind::Scene;
    requireScriptCount(line, fields, 1, 1, "STEP scene NAME|FILE");
    const std::vector<std::string>& names = builtInSceneNames();
    const bool builtIn = std::find(names.begin(), names.end(), fields[2]) != names.end();
    std::string error;
    auto scene = loadScene(builtIn ? std::string(fields[2]) : scriptPath(folder, fields[2]), error);
    if (!scene)
        throw DragScriptError(line, error);
    event.sceneName = std::string(fields[2]);
    event.scene = std::move(*scene);
}

template void parseSceneEvent<2>(std::size_t, const std::vector<std::string_view>&,
                                 std::string_view, DragEvent&);
template void parseSceneEvent<3>(std::size_t, const std::vector<std::string_view>&,
                                 std::string_view, DragEvent3&);

template <glm::length_t D>
void parseLoadEvent(std::size_t line, const std::vector<std::string_view>& fields,
                    std::string_view folder, DragEventOf<D>& event)
{
    event.kind = DragEvent::Kind::Load;
    requireScriptCount(line, fields, 1, 1, "STEP load FILE");
    const std::string path = scriptPath(folder, fields[2]);
    // A device or a folder is no state file (and /dev/zero would be read to the limit).
    std::error_code code;
    const auto type = std::filesystem::status(path, code).type();
    if (!code && type != std::filesystem::file_type::regular)
        throw DragScriptError(line, "load: " + path + " is not a regular file; allowed: a "
                                        "readable state file");
    std::string text;
    if (auto error = readWholeFile(path, text, kMaxStateFileBytes + 1))
        throw DragScriptError(line, "load: cannot read " + path + ": " + error->reason +
                                        "; allowed: a readable state file");
    if (text.size() > kMaxStateFileBytes)
        throw DragScriptError(line, "load: " + path + ": more than " +
                                        std::to_string(kMaxStateFileBytes) +
                                        " bytes; allowed: at most that");
    StateParseOf<D> parsed = stateFromJson<D>(text);
    if (parsed.error)
        throw DragScriptError(line, "load: " + path + ": " + parsed.error->message);
    event.stateName = std::string(fields[2]);
    event.state = std::make_shared<const SimulationStateOf<D>>(std::move(*parsed.state));
}

template void parseLoadEvent<2>(std::size_t, const std::vector<std::string_view>&,
                                std::string_view, DragEvent&);
template void parseLoadEvent<3>(std::size_t, const std::vector<std::string_view>&,
                                std::string_view, DragEvent3&);

Settings sceneSettingsOver(const Settings& scene, const Settings& current)
{
    Settings settings = scene;
    settings.solver = current.solver;
    settings.threads = current.threads;
    settings.gpuPrecision = current.gpuPrecision;
    return settings;
}

bool worldVerb(std::string_view verb)
{
    return verb == "obstacle" || verb == "move-obstacle" || verb == "remove-obstacle";
}

template <glm::length_t D>
void parseWorldEvent(std::size_t line, const std::vector<std::string_view>& fields,
                     ScriptItems& obstacles, DragEventOf<D>& event)
{
    constexpr int kD = static_cast<int>(D);
    const std::string_view verb = fields[1];
    if (verb == "obstacle") {
        event.kind = DragEvent::Kind::AddObstacle;
        requireScriptCount(line, fields, 1, 1, "STEP obstacle SPEC");
        if constexpr (D == 2)
            event.obstacle = readScriptAddition(line, fields[2], parseObstacleSpec, obstacles,
                                                kMaxObstacles, "obstacle");
        else
            event.obstacle = readScriptAddition(line, fields[2], parseObstacle3Spec, obstacles,
                                                kMaxObstacles, "obstacle");
    } else if (verb == "move-obstacle") {
        event.kind = DragEvent::Kind::MoveObstacle;
        // 2D: I X Y [DEG]; 3D: I X Y Z [AX AY AZ].
        requireScriptCount(line, fields, 1 + D, D == 2 ? 4 : 7, scriptUsage<D>(verb), kD);
        event.obstacleIndex = readScriptIndex(line, fields[2], "obstacle", obstacles.bound());
        event.position = readScriptPointOf<D>(line, fields, 3, {"X", "Y", "Z"},
                                              kMaxObstacleCoordinate, "m");
        if constexpr (D == 2) {
            if (fields.size() == 6)
                event.angle =
                    readScriptNumber(line, fields[5], "DEG", kMaxObstacleAngle, "degrees");
        } else {
            if (fields.size() == 9)
                event.angle = readScriptPointOf<3>(line, fields, 6, {"AX", "AY", "AZ"},
                                                   kMaxObstacleAngle, "degrees");
        }
    } else {
        event.kind = DragEvent::Kind::RemoveObstacle;
        requireScriptCount(line, fields, 1, 1, "STEP remove-obstacle I");
        event.obstacleIndex = readScriptRemoval(line, fields[2], "obstacle", obstacles);
    }
}

template void parseWorldEvent<2>(std::size_t, const std::vector<std::string_view>&,
                                 ScriptItems&, DragEvent&);
template void parseWorldEvent<3>(std::size_t, const std::vector<std::string_view>&,
                                 ScriptItems&, DragEvent3&);

} // namespace pbd::detail
