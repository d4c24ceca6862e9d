// Solver::Gpu behind the StepSolver interface: steps run on a SolverBackend's own copy of the
// state (GPU buffers). What lies where is tracked here: the backend takes the Simulation's
// whole state before its first step and after each change made on the CPU (stale_), runs
// many steps without a copy (ahead_), and gives its state back only when sync() asks.

#include "step/step_solver.h"

#include <stdexcept>

namespace pbd::detail {
namespace {

// The backend's calls for each dimension's particles.
template <glm::length_t D>
void uploadParticles(SolverBackend& backend, const ParticlesOf<D>& p)
{
    if constexpr (D == 2)
        backend.upload(p);
    else
        backend.upload3(p);
}
template <glm::length_t D>
void downloadParticles(SolverBackend& backend, ParticlesOf<D>& p)
{
    if constexpr (D == 2)
        backend.download(p);
    else
        backend.download3(p);
}
template <glm::length_t D>
void writeParticleTo(SolverBackend& backend, Index index, const Vec<D>* position,
                     const Vec<D>* velocity, const double* inverseMass)
{
    if constexpr (D == 2)
        backend.writeParticle(index, position, velocity, inverseMass);
    else
        backend.writeParticle3(index, position, velocity, inverseMass);
}

template <glm::length_t D>
class DeviceSolver final : public StepSolverOf<D> {
public:
    DeviceSolver(std::unique_ptr<SolverBackend> backend, const Settings& settings)
        : backend_(std::move(backend)), precision_(settings.gpuPrecision)
    {
    }

    Solver kind() const override { return Solver::Gpu; }
    bool suits(const Settings& settings) const override
    {
        return settings.solver == Solver::Gpu && settings.gpuPrecision == precision_;
    }

    void step(StepStateOf<D>& state) override
    {
        if (stale_) {
            uploadParticles(*backend_, state.particles);
            backend_->uploadAlive(state.alive);
            aliveVersion_ = state.constraintsVersion;
            stale_ = false;
        } else if (aliveVersion_ != state.constraintsVersion) {
            backend_->uploadAlive(state.alive); // cut or torn on the CPU since the last upload
            aliveVersion_ = state.constraintsVersion;
        }
        if (state.tethers != nullptr && (!tethersUploaded_ || tethersVersion_ != state.tethersVersion)) {
            backend_->uploadTethers(*state.tethers);
            tethersVersion_ = state.tethersVersion;
            tethersUploaded_ = true;
        }
        state.residuals.clear(); // not recorded on the GPU
        backend_->setTime(state.time);
        if (state.obstacles.empty() && state.balls.empty())
            backend_->step(state.settings);
        else if constexpr (D == 2)
            backend_->stepInWorld(state.settings,
                                  {state.obstacles, state.balls, state.particles.inverseMass});
        else
            backend_->stepInWorld3(state.settings,
                                   {state.obstacles, state.balls, state.particles.inverseMass});
        ahead_ = true;
        mayTear_ = mayTear_ || state.settings.tearStrain > 0.0;
    }

    bool onDevice() const override { return true; }

    void sync(StepStateOf<D>& state, bool particles) override
    {
        if (particles && ahead_) {
            downloadParticles(*backend_, state.particles);
            ahead_ = false;
        }
        syncAlive(state);
    }

    void particlesChanged() override { stale_ = true; }
    bool current() const override { return !stale_; }
    bool takesParticleWrites() const override { return !stale_ && backend_->writesParticles(); }
    void writeParticle(Index index, const Vec<D>* position, const Vec<D>* velocity,
                       const double* inverseMass) override
    {
        writeParticleTo(*backend_, index, position, velocity, inverseMass);
    }
    void finish() override { backend_->finish(); }
    std::string description() const override { return backend_->description(); }
    SolverBackend* backend() override { return backend_.get(); }

private:
    /// Takes the constraints the backend tore since the last read into the state (the
    /// backend says whether any did, so that nothing more is read when none did).
    void syncAlive(StepStateOf<D>& state)
    {
        if (!mayTear_)
            return;
        mayTear_ = false;
        std::vector<std::uint8_t> alive;
        if (!backend_->downloadAlive(alive))
            return; // nothing tore
        for (std::size_t k = 0; k < alive.size() && k < state.alive.size(); ++k)
            if (alive[k] == 0)
                removeConstraint(state, k); // a no-op for those already removed
        aliveVersion_ = state.constraintsVersion;
    }

    std::unique_ptr<SolverBackend> backend_;
    GpuPrecision precision_;      ///< Settings::gpuPrecision it was made for
    bool stale_ = true;           ///< the state has changes that the backend lacks
    bool ahead_ = false;          ///< the backend has steps that the state lacks
    bool mayTear_ = false;        ///< it stepped with tearing since the last read
    std::uint64_t aliveVersion_ = 0; ///< StepState::constraintsVersion the backend has
    bool tethersUploaded_ = false;     ///< the backend has tethers
    std::uint64_t tethersVersion_ = 0; ///< StepState::tethersVersion the backend has
};

} // namespace

template <glm::length_t D>
std::unique_ptr<StepSolverOf<D>> makeDeviceSolver(std::unique_ptr<SolverBackend> backend,
                                                  const Settings& settings)
{
    return std::make_unique<DeviceSolver<D>>(std::move(backend), settings);
}

template std::unique_ptr<StepSolverOf<2>> makeDeviceSolver<2>(std::unique_ptr<SolverBackend>,
                                                             const Settings&);
template std::unique_ptr<StepSolverOf<3>> makeDeviceSolver<3>(std::unique_ptr<SolverBackend>,
                                                             const Settings&);

} // namespace pbd::detail
