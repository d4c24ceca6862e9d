#pragma once
// A 3D step state copied from a 2D Simulation, stepped by a CPU solver of the one factory:
// what the 3D step tests (step3d_test.cpp, self_contact3d_test.cpp) drive.

#include <cstdint>
#include <memory>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/obstacle3.h"
#include "pbd/simulation.h"
#include "step/step_solver.h"

namespace pbd::test {

/// The 3D state of a cloth, beside a 2D Simulation it was copied from.
struct State3 {
    pbd::Settings settings;
    pbd::ParticlesOf<3> particles;
    std::vector<pbd::DistanceConstraint> constraints;
    std::vector<double> lambda;
    std::vector<double> areaLambda;
    std::vector<std::uint8_t> alive;
    std::size_t liveCount = 0;
    std::uint64_t constraintsVersion = 0;
    std::vector<pbd::Residual> residuals;
    pbd::Tethers tethers;
    std::vector<pbd::Obstacle3> obstacles;
    std::vector<pbd::BallOf<3>> balls;

    /// `place` maps each 2D position to its 3D one.
    template <typename Place>
    State3(pbd::Simulation& sim, Place place) : settings(sim.settings())
    {
        const pbd::Particles& p = sim.particles();
        for (std::size_t i = 0; i < p.size(); ++i) {
            particles.position.push_back(place(p.position[i]));
            particles.stepStart.push_back(place(p.stepStart[i]));
            particles.velocity.push_back(pbd::Vec<3>(p.velocity[i], 0.0));
        }
        particles.mass = p.mass;
        particles.flags = p.flags;
        particles.inverseMass = p.inverseMass;
        constraints.assign(sim.constraints().begin(), sim.constraints().end());
        lambda.assign(constraints.size(), 0.0);
        alive.assign(constraints.size(), 1);
        liveCount = constraints.size();
        tethers = sim.tethers();
    }

    pbd::detail::StepStateOf<3> view(const pbd::ClothTopology& topology)
    {
        return {settings,           particles,
                constraints,        lambda,
                areaLambda,         alive,
                liveCount,          constraintsVersion,
                false,              residuals,
                settings.tethers ? &tethers : nullptr,
                1,                  obstacles,
                balls,              0.0,
                &topology};
    }
};

/// The CPU solver `kind` for the state's settings (the colored one on two threads): the one
/// factory's, checked to be the solver asked for.
inline std::unique_ptr<pbd::detail::StepSolverOf<3>> cpuSolver(State3& s3, pbd::Solver kind)
{
    s3.settings.solver = kind;
    s3.settings.threads = 2;
    auto solver = pbd::detail::makeStepSolver<3>(s3.settings, {});
    INFO("asked for the " << pbd::solverName(kind) << " solver, made the "
                          << pbd::solverName(solver->kind()));
    REQUIRE(solver->kind() == kind);
    return solver;
}


} // namespace pbd::test
