#pragma once
// A free 20 x 20 sheet, 1 m wide, dropped over a sphere on the colored CPU solver until its
// sides fold (250 steps): the state that the GPU's pair searches are compared on
// (element_pairs_gpu_test.cpp, particle_pairs_gpu_test.cpp).
#include <catch2/catch.hpp>

#include <string>

#include "pbd/simulation.h"

/// The sheet's settings, `thickness` m thick.
inline pbd::Settings foldedSheetSettings(double thickness)
{
    pbd::Settings s = pbd::Simulation3::defaultSettings();
    s.width = s.height = 20;
    s.clothWidth = s.clothHeight = 1.0;
    s.orientation = pbd::Orientation::Horizontal;
    s.fixedCount = 1; // unpinned below: free
    s.thickness = thickness;
    s.friction = 0.3;
    s.bending = 0.0005;
    s.selfCollision = true;
    s.solver = pbd::Solver::Colored;
    s.threads = 1;
    return s;
}

/// The sphere added to `sim` (made of foldedSheetSettings()), the corner let go, 250 steps.
inline void foldOverSphere(pbd::Simulation3& sim)
{
    std::string error;
    const auto sphere = pbd::parseObstacle3Spec("sphere:0.5,-0.4,0.5,0.25", error);
    REQUIRE(sphere.has_value());
    REQUIRE_FALSE(sim.addObstacle(*sphere));
    REQUIRE(sim.unpin(0));
    for (int k = 0; k < 250; ++k)
        sim.step();
}
