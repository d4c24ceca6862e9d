// Solver::Colored behind the StepSolver interface: the ColoredSolver's substeps, with the
// Simulation's live flags, residual recording and tearing around them.

#include <functional>
#include <vector>

#include "air/air.h"
#include "air/air_rows.h"
#include "colored/colored_solver.h"
#include "pbd/device/contacts.h"
#include "world/self_collision.h"
#include "step/step_solver.h"
#include "tethers/tether_projection.h"

namespace pbd::detail {
namespace {

class ColoredStep final : public StepSolver {
public:
    explicit ColoredStep(const Settings& settings)
        : threads_(settings.threads),
          solver_(settings.width, settings.height, resolveThreadCount(settings.threads),
                  ColoredSolver::Kernel::Best, 0, clothRestLengths(settings))
    {
    }

    Solver kind() const override { return Solver::Colored; }
    bool suits(const Settings& settings) const override
    {
        // Other threads are other workers: the next step makes a new solver (same bits).
        return settings.solver == Solver::Colored && settings.threads == threads_;
    }

    void step(StepState& state) override
    {
        const SubstepParams params = substepParams(state);
        std::function<void(int)> observe;
        if (state.recordResiduals)
            observe = [&state](int iteration) {
                state.residuals.resize(static_cast<std::size_t>(iteration) + 1);
                state.residuals[static_cast<std::size_t>(iteration)] = measureResidual(state);
            };
        ColoredSolver::World world;
        world.tethers = state.tethers;
        if (world.tethers != nullptr) {
            anchorPositions(*world.tethers, state.particles.position.data(), anchorAt_);
            world.anchorAt = anchorAt_.data();
        }
        if (!state.obstacles.empty())
            world.contacts = &contacts_;
        if (state.settings.selfCollision)
            world.selfCollision = &selfCollision_;
        world.thickness = state.settings.thickness;
        world.friction = state.settings.friction;
        if (airOn(state.settings)) {
            airAccel_.resize(state.particles.size());
            world.air = &airGrid_;
            world.airAccel = airAccel_.data();
        }
        world.balls = state.balls;
        const PhaseSet phases = substepPhases(phaseInputs(state));
        Substep now{state, params, world, 0, nullptr};
        now_ = &now;
        for (int substep = 0; substep < state.settings.substeps; ++substep) {
            now.index = substep;
            now.observe = substep + 1 == state.settings.substeps && observe ? &observe : nullptr;
            runSubstep(*this, phases);
        }
        now_ = nullptr;
    }

    // The phases (pbd/substep_pipeline.h): the ColoredSolver's, and tearing.
    void beginSubstep()
    {
        StepState& state = now_->state;
        const int substep = now_->index;
        if (!state.obstacles.empty())
            prepareContacts(state.obstacles, state.settings.thickness, state.settings.friction,
                            substep, state.settings.substeps, contacts_);
        solver_.setLive(state.alive, state.constraintsVersion);
        if (airOn(state.settings))
            prepareAir(state, state.time + substep * now_->params.h, now_->params.h);
        solver_.beginSubstep(state.particles, now_->params, state.areaLambda.data(),
                             now_->world, now_->observe);
    }
    void run(SubstepPhase phase)
    {
        solver_.run(phase);
        if (phase == SubstepPhase::Tear) // after every other phase, on the whole cloth
            tear(now_->state, now_->state.settings.tearStrain);
    }
    void endSubstep() { solver_.endSubstep(); }

private:
    /// The air of the next substep, which starts at simulated time `time` (s) and lasts h.
    void prepareAir(const StepState& state, double time, double h)
    {
        const Particles& p = state.particles;
        airGrid_.x = p.position.data();
        airGrid_.v = p.velocity.data();
        airGrid_.w = p.inverseMass.data();
        airGrid_.alive =
            state.liveCount == state.constraints.size() ? nullptr : state.alive.data();
        airGrid_.width = state.settings.width;
        airGrid_.height = state.settings.height;
        airGrid_.params = airParams(state.settings, time, h);
    }

    /// The substep being run, for the phases.
    struct Substep {
        StepState& state;
        const SubstepParams& params;
        const ColoredSolver::World& world;
        int index; ///< which substep of the step
        const std::function<void(int)>* observe; ///< residual recording, or null
    };

    int threads_; ///< Settings::threads it was made for
    ColoredSolver solver_;
    std::vector<glm::dvec2> anchorAt_; ///< the tethers' anchor positions in this step
    ContactWorld contacts_;            ///< the obstacles in the current substep
    SelfCollision selfCollision_;      ///< the self-collision phase's buffers
    AirGrid airGrid_;                  ///< what the air phase reads
    std::vector<glm::dvec2> airAccel_; ///< the air's acceleration per particle
    Substep* now_ = nullptr;           ///< the substep step() runs, for the phases
};

} // namespace

std::unique_ptr<StepSolver> makeColoredSolver(const Settings& settings)
{
    return std::make_unique<ColoredStep>(settings);
}

} // namespace pbd::detail
