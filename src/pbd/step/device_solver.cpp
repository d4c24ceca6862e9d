// Solver::Gpu behind the StepSolver interface: steps run on a SolverBackend's own copy of the
// state (GPU buffers). What lies where is tracked here: the backend takes the Simulation's
// whole state before its first step and after each change made on the CPU (stale_), runs
// many steps without a copy (ahead_), and gives its state back only when sync() asks.

#include "step/step_solver.h"

namespace pbd::detail {
namespace {

class DeviceSolver final : public StepSolver {
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

    void step(StepState& state) override
    {
        if (stale_) {
            backend_->upload(state.particles);
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
        else
            backend_->stepInWorld(state.settings,
                                  {state.obstacles, state.balls, state.particles.inverseMass});
        ahead_ = true;
        mayTear_ = mayTear_ || state.settings.tearStrain > 0.0;
    }

    bool onDevice() const override { return true; }

    void sync(StepState& state, bool particles) override
    {
        if (particles && ahead_) {
            backend_->download(state.particles);
            ahead_ = false;
        }
        syncAlive(state);
    }

    void particlesChanged() override { stale_ = true; }
    bool current() const override { return !stale_; }
    bool takesParticleWrites() const override { return !stale_ && backend_->writesParticles(); }
    void writeParticle(Index index, const glm::dvec2* position, const glm::dvec2* velocity,
                       const double* inverseMass) override
    {
        backend_->writeParticle(index, position, velocity, inverseMass);
    }
    void finish() override { backend_->finish(); }
    std::string description() const override { return backend_->description(); }
    SolverBackend* backend() override { return backend_.get(); }

private:
    /// Takes the constraints the backend tore since the last read into the state (the
    /// backend says whether any did, so that nothing more is read when none did).
    void syncAlive(StepState& state)
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

std::unique_ptr<StepSolver> makeDeviceSolver(std::unique_ptr<SolverBackend> backend,
                                             const Settings& settings)
{
    return std::make_unique<DeviceSolver>(std::move(backend), settings);
}

} // namespace pbd::detail
