#include "pbd/run_start.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "pbd/simulation.h"
#include "pbd/state_file.h"

#include "files/input_text.h"

namespace pbd {

std::optional<StartError> startSettings(const RunStart& start, Settings& settings)
{
    if (start.scene && start.stateFile)
        return StartError{"--scene: cannot be given with --load; allowed: one of them"};
    Settings next = start.scene ? start.scene->settings : Settings{};
    std::optional<std::string> error;
    if (start.settings)
        error = start.settings(next);
    // A scene's obstacles, balls and positions are of its own dimensions. Another count
    // given over a 3D scene also makes its 3D settings (orientation, bending) invalid: the
    // flags over neutral settings of the scene's count say whether they changed it.
    if (start.scene) {
        const int own = start.scene->settings.dimensions;
        int asked = next.dimensions;
        if (error) {
            Settings probe;
            probe.dimensions = own;
            asked = start.settings(probe) ? own : probe.dimensions;
        }
        if (asked != own)
            return StartError{"--dimensions: '" + std::to_string(asked) +
                              "' is not allowed with --scene (a scene of dimensions = " +
                              std::to_string(own) + "); allowed: " + std::to_string(own) +
                              " (or leave --dimensions out)"};
    }
    if (error)
        return StartError{*error};
    settings = next;
    return std::nullopt;
}

void readStartFile(RunStart& start, Settings& settings)
{
    if (!start.stateFile)
        return;
    std::string text;
    if (readWholeFile(*start.stateFile, text, kMaxStateFileBytes + 1) ||
        text.size() > kMaxStateFileBytes)
        return;
    if (stateDimensions(text) == 3)
        settings.dimensions = 3;
    start.stateText = std::move(text);
}

namespace {

/// The state file, then the overlay's settings over its own, then the given obstacles and
/// balls instead of the file's.
template <glm::length_t D>
std::optional<StartError> loadStart(SimulationOf<D>& simulation, const RunStart& start)
{
    // A file that cannot be read is an input/output failure; one that is not a valid state,
    // a refused value.
    const std::string& path = *start.stateFile;
    if (!start.stateText) { // not read before (or unreadable then): the file, or why not
        if (std::FILE* file = std::fopen(path.c_str(), "rb"))
            std::fclose(file);
        else
            return StartError{"--load: cannot read " + path + ": " + std::strerror(errno),
                              true};
    }
    if (auto error = start.stateText ? loadStateText(simulation, *start.stateText, path)
                                     : loadStateFile(simulation, path))
        return StartError{"--load: " + *error};
    simulation.setInitialPins(std::nullopt); // a restart pins the fixed corners
    Settings loaded = simulation.settings();
    if (start.settings)
        if (auto error = start.settings(loaded))
            return StartError{*error};
    if (auto error = simulation.apply(loaded))
        return StartError{error->message};
    // The given obstacles replace the file's; either are what a restart puts back. The file's
    // stay as saved (a pending move, a held ball) so that the run continues exactly:
    // setInitial* settles what it takes, so they are put back after it.
    const auto& given = [&start]() -> const auto& {
        if constexpr (D == 2)
            return start.obstacles;
        else
            return start.obstacles3;
    }();
    const auto& givenBalls = [&start]() -> const auto& {
        if constexpr (D == 2)
            return start.balls;
        else
            return start.balls3;
    }();
    SimulationStateOf<D> loadedState = simulation.state();
    std::vector<ObstacleOf<D>> initial(simulation.obstacles().begin(), simulation.obstacles().end());
    simulation.setInitialObstacles(given ? *given : initial);
    std::vector<BallOf<D>> initialBalls(simulation.balls().begin(), simulation.balls().end());
    simulation.setInitialBalls(givenBalls ? *givenBalls : initialBalls);
    if (!given || !givenBalls) {
        if (given)
            loadedState.obstacles.assign(simulation.obstacles().begin(),
                                         simulation.obstacles().end());
        if (givenBalls)
            loadedState.balls.assign(simulation.balls().begin(), simulation.balls().end());
        simulation.restore(loadedState); // valid: it was just loaded
    }
    return std::nullopt;
}

} // namespace

std::optional<StartError> setUpStart(Simulation3& simulation, const RunStart& start)
{
    static const std::vector<Obstacle3> kNoObstacles;
    static const std::vector<BallOf<3>> kNoBalls;
    if (start.scene) {
        // The scene with the overlay's settings over its own, its obstacles then the given.
        Scene scene = *start.scene;
        scene.settings = simulation.settings();
        if (auto error = applyScene(simulation, scene,
                                    start.obstacles3 ? *start.obstacles3 : kNoObstacles,
                                    start.balls3 ? *start.balls3 : kNoBalls))
            return StartError{"--scene: " + *error};
        return std::nullopt;
    }
    if (auto error = simulation.setInitialObstacles(start.obstacles3 ? *start.obstacles3
                                                                     : kNoObstacles))
        return StartError{"--obstacle: " + *error};
    if (auto error = simulation.setInitialBalls(start.balls3 ? *start.balls3 : kNoBalls))
        return StartError{"--ball: " + *error};
    if (start.stateFile)
        return loadStart(simulation, start);
    return std::nullopt;
}

std::optional<StartError> setUpStart(Simulation& simulation, const RunStart& start)
{
    static const std::vector<Obstacle> kNoObstacles;
    static const std::vector<Ball> kNoBalls;
    const std::vector<Obstacle>& obstacles = start.obstacles ? *start.obstacles : kNoObstacles;
    const std::vector<Ball>& balls = start.balls ? *start.balls : kNoBalls;
    if (start.scene) {
        // The scene with the overlay's settings over its own, its obstacles then the given.
        Scene scene = *start.scene;
        scene.settings = simulation.settings();
        if (auto error = applyScene(simulation, scene, obstacles, balls))
            return StartError{"--scene: " + *error};
        return std::nullopt;
    }
    if (auto error = simulation.setInitialObstacles(obstacles))
        return StartError{"--obstacle: " + *error};
    if (auto error = simulation.setInitialBalls(balls))
        return StartError{"--ball: " + *error};
    if (start.stateFile)
        return loadStart(simulation, start);
    return std::nullopt;
}

namespace {

template <glm::length_t D>
std::optional<std::string> startFromStateOf(SimulationOf<D>& simulation,
                                            const SimulationStateOf<D>& state)
{
    if (auto error = simulation.restore(state))
        return error;
    // The state's obstacles and balls are what a restart puts back, and stay as saved (a
    // pending move, a held ball): setInitial* settles what it takes, so the state comes back
    // after it, as loadStart() does.
    simulation.setInitialPins(std::nullopt);
    simulation.setInitialObstacles(state.obstacles);
    simulation.setInitialBalls(state.balls);
    simulation.restore(state); // valid: it was just restored
    return std::nullopt;
}

} // namespace

std::optional<std::string> startFromState(Simulation& simulation, const SimulationState& state)
{
    return startFromStateOf<2>(simulation, state);
}

std::optional<std::string> startFromState(Simulation3& simulation, const SimulationState3& state)
{
    return startFromStateOf<3>(simulation, state);
}

void keepWorldAsStart(Simulation& simulation)
{
    const Settings& s = simulation.settings();
    std::vector<Index> pins;
    const Particles& particles = simulation.particles();
    for (Index i = 0; i < particles.size(); ++i)
        if (particles.pinned(i))
            pins.push_back(i);
    std::vector<Index> corners = fixedCorners(s.width, s.height, s.fixedCount);
    std::sort(corners.begin(), corners.end());
    if (pins == corners)
        simulation.setInitialPins(std::nullopt);
    else
        simulation.setInitialPins(std::move(pins));
    // The world as it is, settled (the obstacles' and balls' starts where they are now).
    const SimulationState state = simulation.state();
    simulation.setInitialObstacles(state.obstacles);
    simulation.setInitialBalls(state.balls);
    simulation.restore(state); // valid: it was just taken
}

Scene startScene(const Simulation& simulation)
{
    Scene scene;
    scene.settings = simulation.settings();
    scene.obstacles.assign(simulation.initialObstacles().begin(),
                           simulation.initialObstacles().end());
    scene.balls.assign(simulation.initialBalls().begin(), simulation.initialBalls().end());
    scene.pinned = simulation.initialPins();
    return scene;
}

Scene startScene(const Simulation3& simulation)
{
    Scene scene;
    scene.settings = simulation.settings();
    scene.obstacles3.assign(simulation.initialObstacles().begin(),
                            simulation.initialObstacles().end());
    scene.balls3.assign(simulation.initialBalls().begin(), simulation.initialBalls().end());
    scene.pinned = simulation.initialPins();
    return scene;
}

} // namespace pbd
