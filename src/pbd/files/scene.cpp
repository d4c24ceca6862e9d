#include "pbd/scene.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <nlohmann/json.hpp>

#include "world/ball_json.h"
#include "files/input_text.h"
#include "files/json_fields.h"
#include "world/obstacle_json.h"
#include "pbd/simulation.h"
#include "settings/settings_json.h"

namespace pbd {
namespace {

using Json = nlohmann::json;

constexpr const char* kFormat = "pbd-cloth-scene";
constexpr int kVersion = 1;

/// Scene files are small (settings and at most kMaxObstacles shapes); this bounds a pinned
/// list of a whole large cloth too.
constexpr std::size_t kMaxSceneFileBytes = std::size_t{64} << 20;

using detail::fieldError;

std::string namesList()
{
    std::string out;
    for (const std::string& name : builtInSceneNames())
        out += (out.empty() ? "" : ", ") + name;
    return out;
}

/// The "pinned" member: absent (the fixed corners) or ascending indices below `n`.
std::optional<StateError> pinnedFromJson(const Json& in, std::size_t n,
                                         std::optional<std::vector<Index>>& out)
{
    const auto it = in.find("pinned");
    if (it == in.end())
        return std::nullopt;
    const std::string allowed = "allowed: ascending particle indices below " + std::to_string(n);
    if (!it->is_array())
        return fieldError("pinned", "is not an array; " + allowed);
    std::vector<Index> pins;
    for (const Json& value : *it) {
        if (!value.is_number_unsigned() || value.get<std::uint64_t>() >= n ||
            (!pins.empty() && value.get<std::uint64_t>() <= pins.back()))
            return fieldError("pinned", quoteInput(value.dump()) + " is not allowed; " + allowed);
        pins.push_back(static_cast<Index>(value.get<std::uint64_t>()));
    }
    out = std::move(pins);
    return std::nullopt;
}

/// Largest |coordinate| of a scene's positions (m) and velocities (m/s).
constexpr double kMaxSceneCoordinate = 1e6;

/// The optional flat array `key` ("positions" or "velocities"): kSceneCoordinates numbers per
/// particle of the `n`, each finite and within +-kMaxSceneCoordinate. A refusal names the
/// particle ("positions[3].y: ...") or the count.
std::optional<StateError> coordinatesFromJson(const Json& in, const char* key, std::size_t n,
                                              std::optional<std::vector<double>>& out)
{
    const auto it = in.find(key);
    if (it == in.end())
        return std::nullopt;
    const std::size_t d = kSceneCoordinates;
    const std::string allowed = "allowed: a flat array of " + std::to_string(d * n) +
                                " numbers (" + std::to_string(d) + " per particle, " +
                                std::to_string(n) + " particles, in index order)";
    if (!it->is_array())
        return fieldError(key, quoteInput(it->dump()) + " is not an array; " + allowed);
    if (it->size() != d * n)
        return fieldError(key, "has " + std::to_string(it->size()) + " numbers; " + allowed);
    static constexpr const char* kAxes[] = {"x", "y", "z"};
    std::vector<double> values;
    values.reserve(d * n);
    for (std::size_t k = 0; k < it->size(); ++k) {
        const Json& value = (*it)[k];
        const double number = value.is_number() ? value.get<double>() : 0.0;
        if (!value.is_number() || !std::isfinite(number) ||
            std::abs(number) > kMaxSceneCoordinate)
            return fieldError(std::string(key) + "[" + std::to_string(k / d) + "]." +
                                  kAxes[k % d],
                              quoteInput(value.dump()) + " is not allowed; allowed: a number "
                                                         "from -1e6 to 1e6");
        values.push_back(number);
    }
    out = std::move(values);
    return std::nullopt;
}

/// The optional "description" (one line of text) and "notes" (text, or an array of lines):
/// for the reader of the file (`pbd-sim scenes` lists the built-in scenes' descriptions); they
/// do not change the scene.
std::optional<StateError> textFromJson(const Json& in)
{
    if (const auto it = in.find("description"); it != in.end() && !it->is_string())
        return fieldError("description", quoteInput(it->dump()) +
                                             " is not allowed; allowed: a string");
    if (const auto it = in.find("notes"); it != in.end()) {
        const bool lines = it->is_array() && std::all_of(it->begin(), it->end(), [](const Json& l) {
                               return l.is_string();
                           });
        if (!it->is_string() && !lines)
            return fieldError("notes", quoteInput(it->dump()) +
                                           " is not allowed; allowed: a string or an array of "
                                           "strings");
    }
    return std::nullopt;
}

} // namespace

std::string sceneToJson(const Scene& scene)
{
    Json out;
    out["format"] = kFormat;
    out["version"] = kVersion;
    out["settings"] = detail::settingsToJson(scene.settings);
    out["obstacles"] = detail::obstaclesToJson(scene.obstacles);
    out["balls"] = detail::ballsToJson(scene.balls);
    if (scene.pinned)
        out["pinned"] = *scene.pinned;
    if (scene.positions)
        out["positions"] = *scene.positions;
    if (scene.velocities)
        out["velocities"] = *scene.velocities;
    return out.dump(1) + "\n";
}

SceneParse sceneFromJson(std::string_view text)
{
    auto fail = [](StateError e) { return SceneParse{std::nullopt, std::move(e)}; };
    if (text.size() > kMaxSceneFileBytes)
        return fail({"", "the file has " + std::to_string(text.size()) +
                             " bytes; allowed: at most " + std::to_string(kMaxSceneFileBytes)});
    Json in;
    try {
        in = Json::parse(text.begin(), text.end());
    } catch (const Json::exception& e) {
        return fail({"", std::string("not a scene file: not JSON (") + e.what() + ")"});
    }
    if (!in.is_object() || !in.contains("format") || in["format"] != kFormat)
        return fail(fieldError("format", (in.is_object() && in.contains("format")
                                              ? quoteInput(in["format"].dump())
                                              : std::string("missing")) +
                                             " is not allowed; allowed: \"" + kFormat + "\""));
    if (!in.contains("version") || !in["version"].is_number_integer() ||
        in["version"].get<long long>() != kVersion)
        return fail(fieldError("version", (in.contains("version") ? quoteInput(in["version"].dump())
                                                                    : std::string("missing")) +
                                              " is not supported; allowed: " +
                                              std::to_string(kVersion)));
    for (const auto& [key, value] : in.items())
        if (key != "format" && key != "version" && key != "description" && key != "notes" &&
            key != "settings" && key != "obstacles" && key != "balls" && key != "pinned" &&
            key != "positions" && key != "velocities")
            return fail(fieldError(key, "is not a member of a scene file; allowed: format, "
                                        "version, description, notes, settings, obstacles, "
                                        "balls, pinned, positions, velocities"));
    if (auto e = textFromJson(in))
        return fail(*e);
    Scene scene;
    if (in.contains("settings")) {
        if (auto e = detail::settingsFromJson(in["settings"], scene.settings))
            return fail(*e);
        if (auto e = validate(scene.settings))
            return fail(fieldError("settings." + e->field, e->message));
    }
    if (auto e = detail::obstaclesFromJson(in, scene.obstacles))
        return fail(*e);
    if (auto e = detail::ballsFromJson(in, scene.balls))
        return fail(*e);
    for (std::size_t i = 0; i < scene.balls.size(); ++i)
        if (scene.balls[i].held)
            return fail(fieldError("balls[" + std::to_string(i) + "].held",
                                   "true is not allowed in a scene; allowed: false"));
    const std::size_t n = static_cast<std::size_t>(scene.settings.width) *
                          static_cast<std::size_t>(scene.settings.height);
    if (auto e = pinnedFromJson(in, n, scene.pinned))
        return fail(*e);
    if (auto e = coordinatesFromJson(in, "positions", n, scene.positions))
        return fail(*e);
    if (auto e = coordinatesFromJson(in, "velocities", n, scene.velocities))
        return fail(*e);
    return {std::move(scene), std::nullopt};
}

std::optional<Scene> loadScene(std::string_view nameOrFile, std::string& error)
{
    if (auto scene = builtInScene(nameOrFile))
        return scene;
    std::string text;
    const std::string path(nameOrFile);
    if (auto failure = readWholeFile(path, text, kMaxSceneFileBytes + 1)) {
        error = "scene: " + quoteInput(nameOrFile) +
                " is not a built-in scene or a readable file (" + failure->reason +
                "); allowed: " + namesList() + " or a scene file";
        return std::nullopt;
    }
    SceneParse parsed = sceneFromJson(text);
    if (parsed.error) {
        error = "scene: " + path + ": " + parsed.error->message;
        return std::nullopt;
    }
    return std::move(parsed.scene);
}

std::optional<std::string> applyScene(Simulation& simulation, const Scene& scene,
                                      const std::vector<Obstacle>& extra,
                                      const std::vector<Ball>& extraBalls)
{
    if (auto e = validate(scene.settings))
        return "scene: settings." + e->field + ": " + e->message;
    std::vector<Obstacle> obstacles = scene.obstacles;
    obstacles.insert(obstacles.end(), extra.begin(), extra.end());
    if (auto e = checkObstacles(obstacles))
        return "scene: " + *e;
    std::vector<Ball> balls = scene.balls;
    balls.insert(balls.end(), extraBalls.begin(), extraBalls.end());
    if (auto e = checkBalls(balls))
        return "scene: " + *e;
    const std::size_t n = static_cast<std::size_t>(scene.settings.width) *
                          static_cast<std::size_t>(scene.settings.height);
    if (scene.pinned && std::any_of(scene.pinned->begin(), scene.pinned->end(),
                                    [n](Index i) { return i >= n; }))
        return "scene: pinned: an index is not allowed; allowed: below " + std::to_string(n);
    const std::size_t d = kSceneCoordinates;
    for (const auto* values : {&scene.positions, &scene.velocities})
        if (*values && (*values)->size() != d * n)
            return "scene: " +
                   std::string(values == &scene.positions ? "positions" : "velocities") +
                   ": " + std::to_string((*values)->size()) + " numbers; allowed: " +
                   std::to_string(d * n) + " (" + std::to_string(d) + " per particle)";
    if (auto e = simulation.apply(scene.settings))
        return "scene: " + e->message;
    simulation.setInitialObstacles(std::move(obstacles)); // checked above
    simulation.setInitialBalls(std::move(balls));         // likewise
    simulation.setInitialPins(scene.pinned);
    simulation.restart();
    if (scene.positions || scene.velocities) {
        SimulationState state = simulation.state();
        for (std::size_t i = 0; i < n; ++i) {
            if (scene.positions)
                state.position[i] = {(*scene.positions)[d * i], (*scene.positions)[d * i + 1]};
            if (scene.velocities && (simulation.particles().flags[i] & kPinned) == 0)
                state.velocity[i] = {(*scene.velocities)[d * i], (*scene.velocities)[d * i + 1]};
        }
        if (auto e = simulation.restore(state)) // checked above: finite, counted
            return "scene: " + *e;
    }
    return std::nullopt;
}

} // namespace pbd
