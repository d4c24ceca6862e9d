#pragma once
// Scenes as simulations, and a scene text's refusal, shared by the scene tests.

#include <catch2/catch.hpp>

#include <string>

#include "pbd/scene.h"
#include "pbd/simulation.h"

namespace pbd::test {

/// The 2D simulation a scene sets up (its settings, world and events' start).
inline Simulation sceneSimulation(const Scene& scene)
{
    Simulation simulation(scene.settings);
    const auto error = pbd::applyScene(simulation, scene);
    INFO((error ? *error : std::string()));
    REQUIRE_FALSE(error);
    return simulation;
}

/// The 3D simulation a scene sets up.
inline Simulation3 sceneSimulation3(const Scene& scene)
{
    REQUIRE(scene.settings.dimensions == 3);
    Simulation3 simulation(scene.settings);
    const auto error = pbd::applyScene(simulation, scene);
    INFO((error ? *error : std::string()));
    REQUIRE_FALSE(error);
    return simulation;
}

/// The message refusing a scene file's text (which must be refused).
inline std::string sceneRefusal(const std::string& text)
{
    const SceneParse parsed = sceneFromJson(text);
    REQUIRE(parsed.error);
    CHECK_FALSE(parsed.scene);
    return parsed.error->message;
}

/// The message refusing a scene file of version 1 with these members.
inline std::string sceneMembersRefusal(const std::string& members)
{
    return sceneRefusal(R"({"format": "pbd-cloth-scene", "version": 1, )" + members + "}");
}

} // namespace pbd::test
