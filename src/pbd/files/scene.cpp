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

/// The optional flat array `key` ("positions" or "velocities"): `d` numbers per particle (the
/// scene's dimensions) of the `n`, each finite and within +-kMaxSceneCoordinate. A refusal
/// names the particle ("positions[3].y: ...") or the count.
std::optional<StateError> coordinatesFromJson(const Json& in, const char* key, std::size_t n,
                                              std::size_t d,
                                              std::optional<std::vector<double>>& out)
{
    const auto it = in.find(key);
    if (it == in.end())
        return std::nullopt;
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

/// The scene's obstacles and balls, of its dimensions: the other dimension's shapes (a
/// circle in 3D, a sphere in 2D) or members (a 2D box's width in 3D) are refused, the message
/// naming the scene's dimensions.
std::optional<StateError> worldFromJson(const Json& in, Scene& scene)
{
    const int d = scene.settings.dimensions;
    auto named = [d](StateError e) {
        if (e.message.find("dimensions") == std::string::npos)
            e.message += " (in a scene of dimensions = " + std::to_string(d) + ")";
        return e;
    };
    std::vector<Ball> balls;
    std::vector<BallOf<3>> balls3;
    if (d == 3) {
        if (auto e = detail::obstaclesFromJson(in, scene.obstacles3))
            return named(*e);
        if (auto e = detail::ballsFromJson(in, balls3))
            return named(*e);
    } else {
        if (auto e = detail::obstaclesFromJson(in, scene.obstacles))
            return named(*e);
        if (auto e = detail::ballsFromJson(in, balls))
            return named(*e);
    }
    const std::size_t count = d == 3 ? balls3.size() : balls.size();
    for (std::size_t i = 0; i < count; ++i)
        if (d == 3 ? balls3[i].held : balls[i].held)
            return fieldError("balls[" + std::to_string(i) + "].held",
                              "true is not allowed in a scene; allowed: false");
    scene.balls = std::move(balls);
    scene.balls3 = std::move(balls3);
    return std::nullopt;
}

} // namespace

std::string sceneToJson(const Scene& scene)
{
    Json out;
    out["format"] = kFormat;
    out["version"] = kVersion;
    out["settings"] = detail::settingsToJson(scene.settings);
    if (scene.settings.dimensions == 3) {
        out["obstacles"] = detail::obstaclesToJson(scene.obstacles3);
        out["balls"] = detail::ballsToJson(scene.balls3);
    } else {
        out["obstacles"] = detail::obstaclesToJson(scene.obstacles);
        out["balls"] = detail::ballsToJson(scene.balls);
    }
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
    if (auto e = worldFromJson(in, scene))
        return fail(*e);
    const std::size_t n = static_cast<std::size_t>(scene.settings.width) *
                          static_cast<std::size_t>(scene.settings.height);
    const auto d = static_cast<std::size_t>(scene.settings.dimensions);
    if (auto e = pinnedFromJson(in, n, scene.pinned))
        return fail(*e);
    if (auto e = coordinatesFromJson(in, "positions", n, d, scene.positions))
        return fail(*e);
    if (auto e = coordinatesFromJson(in, "velocities", n, d, scene.velocities))
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

namespace {

/// The scene's obstacles or balls of dimension D.
template <glm::length_t D>
const auto& sceneObstacles(const Scene& scene)
{
    if constexpr (D == 2)
        return scene.obstacles;
    else
        return scene.obstacles3;
}
template <glm::length_t D>
const auto& sceneBalls(const Scene& scene)
{
    if constexpr (D == 2)
        return scene.balls;
    else
        return scene.balls3;
}

template <glm::length_t D>
std::optional<std::string> applySceneOf(SimulationOf<D>& simulation, const Scene& scene,
                                        const std::vector<ObstacleOf<D>>& extra,
                                        const std::vector<BallOf<D>>& extraBalls)
{
    if (scene.settings.dimensions != static_cast<int>(D))
        return "scene: settings.dimensions: a scene of dimensions = " +
               std::to_string(scene.settings.dimensions) +
               " is not allowed in a simulation of dimensions = " + std::to_string(D) +
               "; allowed: a scene of dimensions " + std::to_string(D);
    // A scene put together in code may fill the other dimension's lists: refused, not lost.
    const bool otherWorld = D == 2 ? !scene.obstacles3.empty() || !scene.balls3.empty()
                                   : !scene.obstacles.empty() || !scene.balls.empty();
    if (otherWorld)
        return "scene: obstacles, balls: shapes or balls of dimensions = " +
               std::to_string(5 - static_cast<int>(D)) +
               " are not allowed in a scene of dimensions = " + std::to_string(D) +
               "; allowed: those of dimensions " + std::to_string(D);
    if (auto e = validate(scene.settings))
        return "scene: settings." + e->field + ": " + e->message;
    std::vector<ObstacleOf<D>> obstacles = sceneObstacles<D>(scene);
    obstacles.insert(obstacles.end(), extra.begin(), extra.end());
    if (auto e = checkObstacles(std::span<const ObstacleOf<D>>(obstacles)))
        return "scene: " + *e;
    std::vector<BallOf<D>> balls = sceneBalls<D>(scene);
    balls.insert(balls.end(), extraBalls.begin(), extraBalls.end());
    if (auto e = checkBalls(balls))
        return "scene: " + *e;
    const std::size_t n = static_cast<std::size_t>(scene.settings.width) *
                          static_cast<std::size_t>(scene.settings.height);
    if (scene.pinned && std::any_of(scene.pinned->begin(), scene.pinned->end(),
                                    [n](Index i) { return i >= n; }))
        return "scene: pinned: an index is not allowed; allowed: below " + std::to_string(n);
    const std::size_t d = D;
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
        auto state = simulation.state();
        auto at = [](const std::vector<double>& flat, std::size_t i) {
            constexpr auto count = static_cast<std::size_t>(D);
            Vec<D> v(0.0);
            for (std::size_t c = 0; c < count; ++c)
                v[static_cast<glm::length_t>(c)] = flat[count * i + c];
            return v;
        };
        for (std::size_t i = 0; i < n; ++i) {
            if (scene.positions)
                state.position[i] = at(*scene.positions, i);
            if (scene.velocities && (simulation.particles().flags[i] & kPinned) == 0)
                state.velocity[i] = at(*scene.velocities, i);
        }
        if (auto e = simulation.restore(state)) // checked above: finite, counted
            return "scene: " + *e;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> applyScene(Simulation& simulation, const Scene& scene,
                                      const std::vector<Obstacle>& extra,
                                      const std::vector<Ball>& extraBalls)
{
    return applySceneOf<2>(simulation, scene, extra, extraBalls);
}

std::optional<std::string> applyScene(Simulation3& simulation, const Scene& scene,
                                      const std::vector<Obstacle3>& extra,
                                      const std::vector<BallOf<3>>& extraBalls)
{
    return applySceneOf<3>(simulation, scene, extra, extraBalls);
}

} // namespace pbd
