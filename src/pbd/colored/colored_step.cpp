// Solver::Colored behind the StepSolver interface: the ColoredSolver's substeps, with the
// Simulation's live flags, residual recording and tearing around them.

#include <functional>
#include <vector>

#include "air/air.h"
#include "air/air_rows.h"
#include "colored/colored_solver.h"
#include "world/ball_contacts.h"
#include "world/contacts.h"
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
        const int substeps = state.settings.substeps;
        std::function<void(int)> observe;
        if (state.recordResiduals)
            observe = [&state](int iteration) {
                state.residuals.resize(static_cast<std::size_t>(iteration) + 1);
                state.residuals[static_cast<std::size_t>(iteration)] = measureResidual(state);
            };
        const Tethers* tethers = state.tethers;
        if (tethers != nullptr)
            anchorPositions(*tethers, state.particles.position.data(), anchorAt_);
        solver_.setTethers(tethers, anchorAt_.data());
        const bool contacts = !state.obstacles.empty();
        solver_.setContacts(contacts ? &contacts_ : nullptr);
        const bool balls = !state.balls.empty();
        std::function<void(glm::dvec2*, const glm::dvec2*, const double*)> ballPhase;
        if (balls) // serial, in a fixed order: every thread count gives the same bits
            ballPhase = [&state, this, contacts](glm::dvec2* x, const glm::dvec2* x0,
                                                 const double* w) {
                resolveBallContacts(state.balls, x, x0, w, state.particles.size(),
                                    state.settings.thickness, state.settings.friction,
                                    contacts ? &contacts_ : nullptr);
            };
        solver_.setBallPhase(balls ? &ballPhase : nullptr);
        solver_.setSelfCollision(state.settings.selfCollision ? &selfCollision_ : nullptr,
                                 state.settings.thickness, state.settings.friction);
        const bool air = airOn(state.settings);
        if (air)
            airAccel_.resize(state.particles.size());
        // Each substep's air phase reads airGrid_, which prepareAir() sets before it.
        std::function<void(int, int)> airPhase = [this](int rowBegin, int rowEnd) {
            airRows(airGrid_, rowBegin, rowEnd, airAccel_.data(), lanes_);
        };
        solver_.setAir(air ? &airPhase : nullptr, airAccel_.data());
        for (int substep = 0; substep < substeps; ++substep) {
            if (contacts)
                prepareContacts(state.obstacles, state.settings.thickness,
                                state.settings.friction, substep, substeps, contacts_);
            if (balls)
                predictBalls(state.balls, params.h, params.gravity);
            solver_.setLive(state.alive, state.constraintsVersion);
            if (air)
                prepareAir(state, state.time + substep * params.h, params.h);
            solver_.substep(state.particles, params, state.areaLambda.data(),
                            substep + 1 == substeps && observe ? &observe : nullptr);
            if (balls)
                updateBallVelocities(state.balls, params.h, params.damping);
            if (state.settings.tearStrain > 0.0)
                tear(state, state.settings.tearStrain);
        }
        solver_.setAir(nullptr, nullptr); // airPhase ends here
    }

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

    int threads_; ///< Settings::threads it was made for
    ColoredSolver solver_;
    std::vector<glm::dvec2> anchorAt_; ///< the tethers' anchor positions in this step
    ContactWorld contacts_;            ///< the obstacles in the current substep
    SelfCollision selfCollision_;      ///< the self-collision phase's buffers
    AirGrid airGrid_;                  ///< what the air phase reads
    std::vector<glm::dvec2> airAccel_; ///< the air's acceleration per particle
    AirLanes lanes_ = bestAirLanes();  ///< airRows()' loops
};

} // namespace

std::unique_ptr<StepSolver> makeColoredSolver(const Settings& settings)
{
    return std::make_unique<ColoredStep>(settings);
}

} // namespace pbd::detail
