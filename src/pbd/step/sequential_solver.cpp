// Solver::Sequential: the page's Gauss-Seidel order, one constraint after the other in array
// order, on the calling thread. With stiffness 0, one substep and no damping this is exactly
// the PBD page's step.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "air/air.h"
#include "air/air_triangles.h"
#include "cloth/bending.h"
#include "cloth/area_constraint.h"
#include "pbd/device/chebyshev.h"
#include "pbd/device/ball_contacts.h"
#include "pbd/device/contacts.h"
#include "pbd/cloth.h"
#include "world/element_contact.h"
#include "world/self_collision.h"
#include "pbd/substep_pipeline.h"
#include "step/step_solver.h"
#include "tethers/tether_projection.h"

namespace pbd::detail {
namespace {

template <glm::length_t D>
void projectSequential(StepStateOf<D>& state, double alphaTilde, const double* alphaTildes,
                       double areaAlphaTilde, double restArea)
{
    Vec<D>* x = state.particles.position.data();
    const double* w = state.particles.inverseMass.data();
    const DistanceConstraint* c = state.constraints.data();
    const std::size_t m = state.constraints.size();
    // Gauss-Seidel [MHHR06]: each projection sees the corrections of the ones before it, so
    // the loop is bound by the latency of one projection (a square root and three divisions
    // in a chain), not by its throughput. Both ends are read before either is written, so the
    // compiler need not reload x[b] in case a == b (a == b has length 0 and is skipped).
    const std::uint8_t* alive = state.liveCount == m ? nullptr : state.alive.data();
    // One sweep with the kernel `project(xa, xb, wa, wb, k)`; inlined once per kernel, so the
    // PBD sweep touches no multipliers.
    // The two particles the last projection wrote are kept in registers: the grid's rows
    // chain each constraint's a to the one before's b, its diagonals a to the one before's a,
    // and taking it from the register rather than back through memory shortens that chain
    // by a store's forwarding (the same values: they are what was stored).
    auto sweep = [&](auto project) {
        Index lastA = std::numeric_limits<Index>::max();
        Index lastB = lastA;
        Vec<D> lastXa{0.0};
        Vec<D> lastXb{0.0};
        for (std::size_t k = 0; k < m; ++k) {
            if (alive != nullptr && alive[k] == 0)
                continue;
            const Index a = c[k].a;
            const Index b = c[k].b;
            Vec<D> xa;
            if (a == lastB)
                xa = lastXb;
            else if (a == lastA)
                xa = lastXa;
            else
                xa = x[a];
            const Vec<D> xb = x[b];
            const Correction<D> d = project(xa, xb, w[a], w[b], k);
            lastXa = xa + d.da;
            lastXb = xb + d.db;
            lastA = a;
            lastB = b;
            x[a] = lastXa;
            x[b] = lastXb;
        }
    };
    if (alphaTildes != nullptr) { // each constraint its own compliance (edge or shear springs)
        double* lambda = state.lambda.data();
        sweep([c, lambda, alphaTildes](Vec<D> xa, Vec<D> xb, double wa, double wb,
                                       std::size_t k) {
            return projectDistanceXpbd(xa, xb, wa, wb, c[k].restLength, alphaTildes[k],
                                       lambda[k]);
        });
    } else if (alphaTilde == 0.0) {
        sweep([c](Vec<D> xa, Vec<D> xb, double wa, double wb, std::size_t k) {
            return projectDistance(xa, xb, wa, wb, c[k].restLength);
        });
    } else {
        double* lambda = state.lambda.data();
        sweep([c, lambda, alphaTilde](Vec<D> xa, Vec<D> xb, double wa, double wb,
                                      std::size_t k) {
            return projectDistanceXpbd(xa, xb, wa, wb, c[k].restLength, alphaTilde, lambda[k]);
        });
    }
    if constexpr (D == 2) {
        if (areaAlphaTilde < 0.0)
            return;
        // Then the cells' signed areas, cell by cell in the grid's order, each cell's two
        // triangles one after the other (the topology's area triangles, in that order).
        double* areaLambda = state.areaLambda.data();
        const ClothTopology& topology = *state.topology;
        for (std::size_t k = 0; k < 2 * topology.cellCount(); ++k) {
            const Triangle t = topology.areaTriangle(k);
            projectArea(x, w, t.a, t.b, t.c, restArea, areaAlphaTilde, *areaLambda++);
        }
    } else {
        (void)areaAlphaTilde;
        (void)restArea;
    }
}

/// The sequential solver in D dimensions.
template <glm::length_t D>
class SequentialSolver final : public StepSolverOf<D> {
public:
    Solver kind() const override { return Solver::Sequential; }
    bool suits(const Settings& settings) const override
    {
        return settings.solver == Solver::Sequential;
    }

    void setSelfContactSwitches(SelfContactSwitches switches) override { switches_ = switches; }

    void step(StepStateOf<D>& state) override
    {
        const SubstepParams params = substepParams(state);
        const Tethers* tethers =
            state.tethers != nullptr && state.tethers->slots > 0 ? state.tethers : nullptr;
        if (tethers != nullptr)
            anchorPositions(*tethers, state.particles.position.data(), anchorAt_);
        const double* alphaTildes = edgeCompliances(state, params);
        if constexpr (D == 3)
            prepareBending(state.settings);
        Substep now{state, params, tethers, alphaTildes, 0};
        const PhaseSet phases = substepPhases(phaseInputs(state));
        for (int substep = 0; substep < state.settings.substeps; ++substep) {
            now.index = substep;
            now_ = &now;
            runSubstep(*this, phases);
        }
        now_ = nullptr;
    }

    // The phases (pbd/substep_pipeline.h), one after the other on the calling thread.
    void beginSubstep()
    {
        StepStateOf<D>& state = now_->state;
        if (!state.obstacles.empty()) // the obstacles' poses in this substep
            prepareContacts(state.obstacles, state.settings.thickness, state.settings.friction,
                            now_->index, state.settings.substeps, contacts_);
    }
    void endSubstep() {}
    void run(SubstepPhase phase)
    {
        StepStateOf<D>& state = now_->state;
        const SubstepParams& params = now_->params;
        ParticlesOf<D>& p = state.particles;
        Vec<D>* x = p.position.data();
        Vec<D>* x0 = p.stepStart.data();
        Vec<D>* v = p.velocity.data();
        const double* w = p.inverseMass.data();
        const std::size_t n = p.size();
        const Settings& settings = state.settings;
        const bool obstacles = !state.obstacles.empty();
        switch (phase) {
        case SubstepPhase::Air: // the air's force, from the substep's start
            if constexpr (D == 2) {
                const AirParams air =
                    airParams<2>(settings, state.time + now_->index * params.h, params.h);
                const AirInputs in = air_.prepare(state, air);
                if (in.windAt != nullptr)
                    gustWinds(air, x, air_.windAt.data(), 0, n);
                airForces(in, air_.force.data(), 0, state.constraints.size());
                airAccelerations(in, air_.incidence, air_.force.data(), air_.accel.data(), 0,
                                 n);
            } else { // a force per surface triangle (air_triangles.h)
                const AirParamsOf<3> air =
                    airParams<3>(settings, state.time + now_->index * params.h, params.h);
                const Vec<3>* windAt = nullptr;
                if (air.gusts > 0.0) {
                    windAt3_.resize(n);
                    gustWinds(air, x, windAt3_.data(), 0, n);
                    windAt = windAt3_.data();
                }
                accel3_ = airTriangles_.accelerations(
                    *state.topology, x, v, w, n, air.wind, windAt, air.drag, air.cap,
                    state.liveCount == state.constraints.size() ? nullptr : state.alive.data());
            }
            break;
        case SubstepPhase::Predict:
            if constexpr (D == 2)
                predict(x, x0, v, w, params.h, params.gravity, 0, n,
                        airOn(settings) ? air_.accel.data() : nullptr);
            else
                predict(x, x0, v, w, params.h, params.gravity, 0, n,
                        airOn(settings) ? accel3_ : nullptr);
            if (!state.balls.empty())
                predictBalls(state.balls, params.h, params.gravity);
            if (params.compliant())
                std::fill(state.lambda.begin(), state.lambda.end(), 0.0);
            if (params.area)
                std::fill(state.areaLambda.begin(), state.areaLambda.end(), 0.0);
            break;
        case SubstepPhase::Sweeps:
            sweeps(state, params, now_->alphaTildes,
                   now_->index + 1 == settings.substeps && state.recordResiduals);
            break;
        case SubstepPhase::Bending: // `iterations` passes after the sweeps (3D only)
            if constexpr (D == 3) {
                bendingLambda_.assign(bending_.size(), Vec<3>(0.0));
                const std::uint8_t* alive =
                    state.liveCount == state.constraints.size() ? nullptr : state.alive.data();
                for (int pass = 0; pass < std::max(1, params.iterations); ++pass)
                    projectBending(bending_, x, w, params.h, alive, bendingLambda_.data());
            }
            break;
        case SubstepPhase::Tethers: // after the sweeps, as hard limits also with XPBD
            projectTethers(x, w, *now_->tethers, anchorAt_.data(), 0, n);
            break;
        case SubstepPhase::SelfCollision: // before the contacts, which win
            if (obstacles)
                selfCollision_.resolveWithContacts(contacts_, x, x0, w, n, settings.width,
                                                   settings.thickness, settings.friction, 1, {});
            else
                selfCollision_.resolve(x, x0, w, n, settings.width, settings.thickness,
                                       settings.friction, 1, {});
            if constexpr (D == 3) { // then the elements (the particles' alone let layers through)
                elementContact_.setCapsules(state.obstacles, now_->index, settings.substeps);
                elementContact_.resolve(
                    x, x0, w, n, *state.topology,
                    state.liveCount == state.constraints.size() ? nullptr : state.alive.data(),
                    settings.thickness, settings.friction, switches_);
            }
            break;
        case SubstepPhase::Balls: // before the obstacles' own: those win last
            resolveBallContacts(state.balls, x, x0, w, n, settings.thickness, settings.friction,
                                obstacles ? &contacts_ : nullptr);
            break;
        case SubstepPhase::Contacts:
            resolveContacts(contacts_, x, x0, w, 0, n);
            break;
        case SubstepPhase::SelfContactBound: // after every other move of the substep (3D only)
            if constexpr (D == 3)
                elementContact_.bound(x, w, n);
            break;
        case SubstepPhase::Velocities:
            updateVelocities(x, x0, v, w, params.h, params.damping, 0, n);
            if (!state.balls.empty())
                updateBallVelocities(state.balls, params.h, params.damping);
            break;
        case SubstepPhase::Tear:
            tear(state, settings.tearStrain);
            break;
        }
    }

private:
    /// The substep being run, for the phases.
    struct Substep {
        StepStateOf<D>& state;
        const SubstepParams& params;
        const Tethers* tethers;     ///< null: none
        const double* alphaTildes;  ///< edgeCompliances()
        int index;                  ///< which substep of the step
    };

    /// The substep's `iterations` sweeps, with Chebyshev weights; `record`: residuals before
    /// and after each.
    void sweeps(StepStateOf<D>& state, const SubstepParams& params, const double* alphaTildes,
                bool record)
    {
        ParticlesOf<D>& p = state.particles;
        Vec<D>* x = p.position.data();
        const double* w = p.inverseMass.data();
        const std::size_t n = p.size();
        if (record)
            state.residuals.assign(1, measureResidual(state));
        ChebyshevSchedule chebyshev(params.chebyshev, params.iterations);
        if (chebyshev.active()) {
            previous_.resize(n);
            current_.resize(n);
        }
        for (int iteration = 0; iteration < params.iterations; ++iteration) {
            projectSequential(state, params.alphaTilde, alphaTildes,
                              params.area ? params.areaAlphaTilde : -1.0, params.cellRestArea);
            if (chebyshev.active())
                accelerate(chebyshev, iteration, x, w, n);
            if (record)
                state.residuals.push_back(measureResidual(state));
        }
    }

    /// Weighs sweep `iteration` and keeps the iterates, as `chebyshev` says [Wang 2015].
    void accelerate(ChebyshevSchedule& chebyshev, int iteration, Vec<D>* x, const double* w,
                    std::size_t n)
    {
        double omega = 1.0;
        if (chebyshev.weighs(iteration))
            omega = chebyshev.omega(iteration,
                                    largestCorrection(x, current_.data(), w, 0, n));
        const bool keep = chebyshev.keeps(iteration);
        if (omega != 1.0 || keep)
            weighSweep(x, previous_.data(), current_.data(), w, omega, keep, 0, n);
    }

    /// Each constraint's compliance / h^2 when some have their own: the edge springs'
    /// (params.edgeAlphaTilde, isEdgeSpring()) or the diagonals' (params.shear,
    /// isShearSpring()), the others alphaTilde; else null. Rebuilt only when the cloth or the
    /// compliances change.
    const double* edgeCompliances(const StepStateOf<D>& state, const SubstepParams& params)
    {
        if (params.edgeAlphaTilde == 0.0 && !params.shear)
            return nullptr;
        const int width = state.settings.width;
        const int height = state.settings.height;
        const std::size_t m = state.constraints.size();
        const double shearAlphaTilde = params.shear ? params.shearAlphaTilde : params.alphaTilde;
        if (alphaTildes_.size() != m || width != edgeWidth_ || height != edgeHeight_ ||
            params.alphaTilde != alphaTilde_ || params.edgeAlphaTilde != edgeAlphaTilde_ ||
            shearAlphaTilde != shearAlphaTilde_) {
            alphaTildes_.resize(m);
            for (std::size_t k = 0; k < m; ++k) {
                double a = params.alphaTilde;
                if (params.edgeAlphaTilde != 0.0 && state.topology->edgeSpring(k))
                    a = params.edgeAlphaTilde;
                else if (isShearSpring(width, height, k))
                    a = shearAlphaTilde;
                alphaTildes_[k] = a;
            }
            edgeWidth_ = width;
            edgeHeight_ = height;
            alphaTilde_ = params.alphaTilde;
            edgeAlphaTilde_ = params.edgeAlphaTilde;
            shearAlphaTilde_ = shearAlphaTilde;
        }
        return alphaTildes_.data();
    }

    /// The bending constraints of the settings' cloth and rigidity (3D), rebuilt when either
    /// changes.
    void prepareBending(const Settings& settings)
    {
        if (settings.bending <= 0.0)
            return;
        const ClothRestLengths rest = clothRestLengths(settings);
        if (!bending_.matches(settings.width, settings.height, rest.horizontal, rest.vertical,
                              settings.bending))
            bending_ = buildBending(settings.width, settings.height, rest.horizontal,
                                    rest.vertical, settings.bending);
    }

    BendingConstraints bending_;      ///< prepareBending()
    std::vector<Vec<3>> bendingLambda_; ///< their multipliers in the current substep
    std::vector<double> alphaTildes_; ///< edgeCompliances(), for the cloth and values below
    int edgeWidth_ = 0;
    int edgeHeight_ = 0;
    double alphaTilde_ = 0.0;
    double edgeAlphaTilde_ = 0.0;
    double shearAlphaTilde_ = 0.0;
    std::vector<Vec<D>> anchorAt_;     ///< the tethers' anchor positions in this step
    ContactWorldOf<D> contacts_;       ///< the obstacles in the current substep
    SelfCollisionOf<D> selfCollision_; ///< the self-collision phase's buffers
    ElementContact elementContact_;    ///< the 3D self-contact's buffers
    SelfContactSwitches switches_;     ///< all on but in tests
    AirBuffers air_;                   ///< the air's lists and buffers (2D)
    AirTriangles airTriangles_;        ///< the air's triangles and buffers (3D)
    std::vector<Vec<3>> windAt3_;      ///< the gust wind per particle (3D)
    const Vec<3>* accel3_ = nullptr;   ///< the air's acceleration per particle (3D)
    Substep* now_ = nullptr;           ///< the substep step() runs, for run()
    std::vector<Vec<D>> previous_;     ///< Chebyshev: the iterate before current_
    std::vector<Vec<D>> current_;      ///< Chebyshev: the positions before the last sweep
};

} // namespace

template <glm::length_t D>
std::unique_ptr<StepSolverOf<D>> makeSequentialSolver()
{
    return std::make_unique<SequentialSolver<D>>();
}

template std::unique_ptr<StepSolverOf<2>> makeSequentialSolver();
template std::unique_ptr<StepSolverOf<3>> makeSequentialSolver();

} // namespace pbd::detail
