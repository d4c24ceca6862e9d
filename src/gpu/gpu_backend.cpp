#include "gpu_backend.h"

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "gpu_contacts.h"
#include "gpu_self_collision.h"
#include "gpu_self_contact3.h"
#include "gpu_solver.h"
#include "pbd/simulation.h"

namespace pbd::gpu {
namespace {

class GpuBackend final : public SolverBackend {
public:
    GpuBackend(std::shared_ptr<HeadlessGl> gl, std::unique_ptr<GpuSolver> solver,
               std::string renderer)
        : gl_(std::move(gl)), solver_(std::move(solver)), renderer_(std::move(renderer))
    {
    }
    ~GpuBackend() override
    {
        contacts_.reset(); // frees the buffers while the context still exists
        selfCollision_.reset();
        solver_.reset();
    }

    void upload(const Particles& p) override
    {
        solver_->upload(p.position.data(), p.stepStart.data(), p.velocity.data(),
                        p.inverseMass.data());
    }

    void upload3(const ParticlesOf<3>& p) override
    {
        solver_->upload(p.position.data(), p.stepStart.data(), p.velocity.data(),
                        p.inverseMass.data());
    }

    void download3(ParticlesOf<3>& p) override
    {
        solver_->download(p.position, p.stepStart, p.velocity);
    }

    void writeParticle3(Index index, const glm::dvec3* position, const glm::dvec3* velocity,
                        const double* inverseMass) override
    {
        write(index, position, velocity, inverseMass);
    }

    /// One particle's given values into the solver's buffers (2D or 3D vectors).
    template <class Vector>
    void write(Index index, const Vector* position, const Vector* velocity,
               const double* inverseMass)
    {
        if (position != nullptr)
            solver_->setPosition(index, *position);
        if (velocity != nullptr)
            solver_->setVelocity(index, *velocity);
        if (inverseMass != nullptr)
            solver_->setInverseMass(index, *inverseMass);
    }

    void setTime(double time) override { time_ = time; }

    void step(const Settings& settings) override
    {
        checkContext();
        GpuStepParameters parameters = parametersOf(settings);
        setSelfCollision(parameters, settings, {});
        solver_->step(parameters);
    }

    void stepInWorld(const Settings& settings, const BackendWorld& world) override
    {
        stepWith(settings, world);
    }

    void stepInWorld3(const Settings& settings, const BackendWorldOf<3>& world) override
    {
        stepWith(settings, world);
    }

    /// A step with the world's contacts (its kernels made on the first such step).
    template <glm::length_t D>
    void stepWith(const Settings& settings, const BackendWorldOf<D>& world)
    {
        checkContext();
        if (contacts_ == nullptr) {
            std::string why;
            contacts_ = GpuContacts::create(solver_->precision() == GpuPrecision::Double, why,
                                            solver_->dimensions());
            if (contacts_ == nullptr)
                throw std::runtime_error(why);
        }
        contacts_->prepare(settings, world.obstacles, world.balls, world.inverseMass);
        GpuStepParameters parameters = parametersOf(settings);
        parameters.contacts = contacts_.get();
        if constexpr (D == 3)
            setSelfCollision(parameters, settings, world.obstacles);
        else
            setSelfCollision(parameters, settings, {});
        solver_->step(parameters);
    }

    GpuStepParameters parametersOf(const Settings& settings) const
    {
        GpuStepParameters parameters;
        parameters.settings = settings;
        parameters.time = time_;
        return parameters;
    }

    /// The self-collision phase of the cloth's dimensions, prepared for the next step, when
    /// the settings have it on (made on the first such step); `obstacles` the 3D world's.
    void setSelfCollision(GpuStepParameters& parameters, const Settings& settings,
                          std::span<const Obstacle3> obstacles)
    {
        if (!settings.selfCollision)
            return;
        if (solver_->dimensions() == 3) {
            if (selfContact3_ == nullptr)
                selfContact3_ = std::make_unique<GpuSelfContact3>();
            selfContact3_->prepare(*solver_, settings, obstacles);
            parameters.selfContact3 = selfContact3_.get();
            return;
        }
        parameters.selfCollision = selfCollisionOf(settings);
    }

    /// The 2D self-collision phase prepared for the next step (made on the first such step).
    GpuSelfCollision* selfCollisionOf(const Settings& settings)
    {
        if (selfCollision_ == nullptr) {
            std::string why;
            selfCollision_ =
                GpuSelfCollision::create(solver_->precision() == GpuPrecision::Double, why);
            if (selfCollision_ == nullptr)
                throw std::runtime_error(why);
        }
        selfCollision_->prepare(*solver_, settings.thickness, settings.friction,
                                settings.threads);
        return selfCollision_.get();
    }

    void uploadTethers(const Tethers& tethers) override
    {
        // Each slot's anchor as a particle index: the kernel reads the anchor's position from
        // the positions themselves (no invocation writes a pinned particle's).
        std::vector<std::uint32_t> anchor(tethers.anchorOf.size());
        for (std::size_t k = 0; k < anchor.size(); ++k)
            anchor[k] = tethers.anchors.empty() ? 0u : tethers.anchors[tethers.anchorOf[k]];
        solver_->uploadTethers(anchor.data(), tethers.length.data(),
                               static_cast<std::size_t>(tethers.slots));
    }

    void uploadAlive(std::span<const std::uint8_t> alive) override
    {
        solver_->uploadAlive(alive.data(), alive.size());
    }

    bool downloadAlive(std::vector<std::uint8_t>& alive) override
    {
        return solver_->downloadAliveIfTorn(alive);
    }

    void download(Particles& p) override
    {
        solver_->download(p.position, p.stepStart, p.velocity);
    }

    void finish() override
    {
        solver_->finish();
        checkContext();
    }

    bool writesParticles() const override { return true; }

    void writeParticle(Index index, const glm::dvec2* position, const glm::dvec2* velocity,
                       const double* inverseMass) override
    {
        write(index, position, velocity, inverseMass);
    }

    GpuSolver& solver() { return *solver_; }
    GpuSelfContact3* selfContact3() { return selfContact3_.get(); }

    std::string description() const override
    {
        return renderer_ + ", " + gpuPrecisionName(solver_->precision());
    }

private:
    /// On the headless context (pbd-sim): a lost context ends the run with the reason. The
    /// app's window context is checked by the app, once per frame.
    void checkContext()
    {
        if (gl_ == nullptr)
            return;
        if (auto lost = gl_->checkReset())
            throw std::runtime_error(*lost);
    }

    std::shared_ptr<HeadlessGl> gl_;
    std::unique_ptr<GpuSolver> solver_;
    std::unique_ptr<GpuContacts> contacts_; ///< made on the first step with a world
    std::unique_ptr<GpuSelfCollision> selfCollision_; ///< made on the first step with it on
    std::unique_ptr<GpuSelfContact3> selfContact3_;   ///< the same, in 3D
    double time_ = 0.0; ///< setTime(): the next step's start, s
    std::string renderer_;
};

std::unique_ptr<SolverBackend> makeBackend(std::shared_ptr<HeadlessGl> gl,
                                           const std::string& renderer, const Settings& settings)
{
    std::string why;
    auto solver = GpuSolver::create(settings.width, settings.height, clothRestLengths(settings),
                                    settings.gpuPrecision, why, settings.dimensions);
    if (!solver)
        throw std::runtime_error(why);
    return std::make_unique<GpuBackend>(std::move(gl), std::move(solver), renderer);
}

} // namespace

GpuSolver* gpuSolverOf(SolverBackend* backend)
{
    auto* gpu = dynamic_cast<GpuBackend*>(backend);
    return gpu != nullptr ? &gpu->solver() : nullptr;
}

GpuSelfContact3* gpuSelfContact3Of(SolverBackend* backend)
{
    auto* gpu = dynamic_cast<GpuBackend*>(backend);
    return gpu != nullptr ? gpu->selfContact3() : nullptr;
}

SolverBackendFactory headlessBackendFactory(std::shared_ptr<HeadlessGl> gl)
{
    return [gl](const Settings& settings) {
        std::string why;
        if (!gl->makeCurrent(why))
            throw std::runtime_error(why);
        return makeBackend(gl, gl->renderer(), settings);
    };
}

SolverBackendFactory currentContextBackendFactory(std::string renderer)
{
    return [renderer](const Settings& settings) { return makeBackend(nullptr, renderer, settings); };
}

} // namespace pbd::gpu
