// Solver::Colored behind the StepSolver interface: the ColoredSolver's substeps, with the
// Simulation's live flags, residual recording and tearing around them, in D dimensions (in
// 3D also the air per triangle and the bending's constraints).

#include <functional>
#include <vector>

#include "air/air.h"
#include "air/air_rows.h"
#include "air/air_triangles.h"
#include "cloth/bending.h"
#include "colored/colored_solver.h"
#include "pbd/device/contacts.h"
#include "world/element_contact.h"
#include "world/self_collision.h"
#include "step/step_solver.h"
#include "tethers/tether_projection.h"

namespace pbd::detail {
namespace {

template <glm::length_t D>
class ColoredStep final : public StepSolverOf<D> {
public:
    explicit ColoredStep(const Settings& settings)
        : threads_(settings.threads),
          solver_(settings.width, settings.height, resolveThreadCount(settings.threads),
                  ColoredKernel::Best, 0, clothRestLengths(settings))
    {
    }

    Solver kind() const override { return Solver::Colored; }
    bool suits(const Settings& settings) const override
    {
        // Other threads are other workers: the next step makes a new solver (same bits).
        return settings.solver == Solver::Colored && settings.threads == threads_;
    }

    void setSelfContactSwitches(SelfContactSwitches switches) override { switches_ = switches; }

    void step(StepStateOf<D>& state) override
    {
        const SubstepParams params = substepParams(state);
        std::function<void(int)> observe;
        if (state.recordResiduals)
            observe = [&state](int iteration) {
                state.residuals.resize(static_cast<std::size_t>(iteration) + 1);
                state.residuals[static_cast<std::size_t>(iteration)] = measureResidual(state);
            };
        typename ColoredSolverOf<D>::World world;
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
        if constexpr (D == 2) {
            if (airOn(state.settings)) {
                airAccel_.resize(state.particles.size());
                world.air = &airGrid_;
                world.airOut = airAccel_.data();
                world.airAccel = airAccel_.data();
            }
        } else if (state.settings.bending > 0.0) {
            const ClothRestLengths rest = clothRestLengths(state.settings);
            if (!bending_.matches(state.settings.width, state.settings.height, rest.horizontal,
                                  rest.vertical, state.settings.bending))
                bending_ = buildBending(state.settings.width, state.settings.height,
                                        rest.horizontal, rest.vertical, state.settings.bending);
            world.bending = &bending_;
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
        StepStateOf<D>& state = now_->state;
        const int substep = now_->index;
        if (!state.obstacles.empty())
            prepareContacts(state.obstacles, state.settings.thickness, state.settings.friction,
                            substep, state.settings.substeps, contacts_);
        solver_.setLive(state.alive, state.constraintsVersion);
        const bool torn = state.liveCount != state.constraints.size();
        now_->world.alive = torn ? state.alive.data() : nullptr;
        if constexpr (D == 2)
            if (airOn(state.settings))
                prepareAir(state, state.time + substep * now_->params.h, now_->params.h);
        solver_.beginSubstep(state.particles, now_->params, state.areaLambda.data(),
                             now_->world, now_->observe);
    }
    void run(SubstepPhase phase)
    {
        if constexpr (D == 3)
            if (phase == SubstepPhase::Air) // per triangle, from the substep's start, serially
                solver_.setAirAcceleration(airTriangles());
        solver_.run(phase);
        if constexpr (D == 3) {
            // The elements' self-contact, after the particles' (which flushed): its passes
            // over every particle or element on the pool on fixed ranges, the rest in index
            // order on the calling thread, so that its result cannot depend on the threads.
            StepStateOf<D>& state = now_->state;
            ParticlesOf<D>& p = state.particles;
            const ThreadRun pool = [this](const std::function<void(unsigned, unsigned)>& job) {
                solver_.runOnPool(job);
            };
            if (phase == SubstepPhase::SelfCollision) {
                elementContact_.setCapsules(state.obstacles, now_->index,
                                            state.settings.substeps);
                elementContact_.resolve(
                    p.position.data(), p.stepStart.data(), p.inverseMass.data(), p.size(),
                    *state.topology,
                    state.liveCount == state.constraints.size() ? nullptr : state.alive.data(),
                    state.settings.thickness, state.settings.friction, switches_,
                    solver_.threadCount(), pool);
            } else if (phase == SubstepPhase::SelfContactBound) { // flushed: the contacts are done
                elementContact_.bound(p.position.data(), p.inverseMass.data(), p.size(),
                                      solver_.threadCount(), pool);
            }
        }
        if (phase == SubstepPhase::Tear) // after every other phase, on the whole cloth
            tear(now_->state, now_->state.settings.tearStrain);
    }
    void endSubstep() { solver_.endSubstep(); }

private:
    /// The air of the next substep, which starts at simulated time `time` (s) and lasts h.
    void prepareAir(const StepStateOf<D>& state, double time, double h)
    {
        const ParticlesOf<D>& p = state.particles;
        airGrid_.x = p.position.data();
        airGrid_.v = p.velocity.data();
        airGrid_.w = p.inverseMass.data();
        airGrid_.alive =
            state.liveCount == state.constraints.size() ? nullptr : state.alive.data();
        airGrid_.width = state.settings.width;
        airGrid_.height = state.settings.height;
        airGrid_.params = airParams<2>(state.settings, time, h);
    }

    /// The 3D air's acceleration per particle at the substep's start, as the sequential
    /// solver computes it (air_triangles.h).
    const Vec<D>* airTriangles()
    {
        const StepStateOf<D>& state = now_->state;
        const Settings& settings = state.settings;
        const ParticlesOf<D>& p = state.particles;
        const std::size_t n = p.size();
        const double h = now_->params.h;
        const AirParamsOf<3> air = airParams<3>(settings, state.time + now_->index * h, h);
        const Vec<3>* windAt = nullptr;
        if (air.gusts > 0.0) {
            windAt3_.resize(n);
            gustWinds(air, p.position.data(), windAt3_.data(), 0, n);
            windAt = windAt3_.data();
        }
        return airTriangles_.accelerations(
            *state.topology, p.position.data(), p.velocity.data(), p.inverseMass.data(), n,
            air.wind, windAt, air.drag, air.cap,
            state.liveCount == state.constraints.size() ? nullptr : state.alive.data());
    }

    /// The substep being run, for the phases.
    struct Substep {
        StepStateOf<D>& state;
        const SubstepParams& params;
        typename ColoredSolverOf<D>::World& world;
        int index; ///< which substep of the step
        const std::function<void(int)>* observe; ///< residual recording, or null
    };

    int threads_; ///< Settings::threads it was made for
    ColoredSolverOf<D> solver_;
    std::vector<Vec<D>> anchorAt_;     ///< the tethers' anchor positions in this step
    ContactWorldOf<D> contacts_;       ///< the obstacles in the current substep
    SelfCollisionOf<D> selfCollision_; ///< the self-collision phase's buffers
    ElementContact elementContact_;    ///< the 3D self-contact's buffers
    SelfContactSwitches switches_;     ///< all on but in tests
    AirGrid airGrid_;                  ///< what the air phase reads (2D)
    std::vector<Vec<D>> airAccel_;     ///< the air's acceleration per particle (2D)
    AirTriangles airTriangles_;        ///< the air's triangles and buffers (3D)
    std::vector<Vec<3>> windAt3_;      ///< the gust wind per particle (3D)
    BendingConstraints bending_;       ///< the bending's constraints (3D)
    Substep* now_ = nullptr;           ///< the substep step() runs, for the phases
};

} // namespace

template <glm::length_t D>
std::unique_ptr<StepSolverOf<D>> makeColoredSolver(const Settings& settings)
{
    return std::make_unique<ColoredStep<D>>(settings);
}

template std::unique_ptr<StepSolverOf<2>> makeColoredSolver(const Settings&);
template std::unique_ptr<StepSolverOf<3>> makeColoredSolver(const Settings&);

} // namespace pbd::detail
