#include "scene_run.h"

#include <cstdio>
#include <stdexcept>

#include "pbd/scene.h"

namespace pbd::cli::validate {

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

std::string numbers(const std::vector<double>& values)
{
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? ", " : "") + number(values[i]);
    return out + "]";
}

namespace {

template <class SimulationType>
SimulationType sceneSimulationOf(const std::string& sceneText, const RunContext& context)
{
    SceneParse parsed = sceneFromJson(sceneText);
    if (parsed.error)
        throw std::logic_error("validate: a case's scene is refused: " + parsed.error->message);
    Scene scene = std::move(*parsed.scene);
    scene.settings.solver = context.solver;
    scene.settings.threads = context.threads;
    SimulationType simulation(scene.settings);
    if (auto error = applyScene(simulation, scene))
        throw std::logic_error("validate: a case's scene is refused: " + *error);
    return simulation;
}

} // namespace

Simulation sceneSimulation(const std::string& sceneText, const RunContext& context)
{
    return sceneSimulationOf<Simulation>(sceneText, context);
}

Simulation3 sceneSimulation3(const std::string& sceneText, const RunContext& context)
{
    return sceneSimulationOf<Simulation3>(sceneText, context);
}

double crossingTime(double t0, double f0, double t1, double f1)
{
    return t0 + (t1 - t0) * f0 / (f0 - f1);
}

} // namespace pbd::cli::validate
