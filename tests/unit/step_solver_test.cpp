// The one place that chooses a solver: makeStepSolver maps Settings::solver (and the
// installed GPU factory) to the sequential, colored or device implementation, and each says
// when new settings need another one.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "step/step_solver.h"

using pbd::GpuPrecision;
using pbd::Settings;
using pbd::Solver;
using pbd::detail::makeStepSolver;

namespace {

/// A backend that does nothing: enough to be chosen.
class IdleBackend final : public pbd::SolverBackend {
public:
    void upload(const pbd::Particles&) override {}
    void uploadAlive(std::span<const std::uint8_t>) override {}
    void step(const Settings&) override {}
    bool downloadAlive(std::vector<std::uint8_t>&) override { return false; }
    void download(pbd::Particles&) override {}
    void finish() override {}
    std::string description() const override { return "idle device"; }
};

Settings withSolver(Solver solver)
{
    Settings settings;
    settings.solver = solver;
    return settings;
}

} // namespace

TEST_CASE("the solver factory picks the sequential, colored and GPU solvers by "
          "Settings::solver", "[solver][factory]")
{
    std::vector<Settings> asked;
    pbd::SolverBackend* made = nullptr;
    const pbd::SolverBackendFactory gpu = [&](const Settings& settings) {
        asked.push_back(settings);
        auto backend = std::make_unique<IdleBackend>();
        made = backend.get();
        return backend;
    };

    const auto sequential = makeStepSolver(withSolver(Solver::Sequential), gpu);
    CHECK(sequential->kind() == Solver::Sequential);
    CHECK_FALSE(sequential->onDevice());
    CHECK(sequential->backend() == nullptr);
    CHECK(sequential->description().empty());

    const auto colored = makeStepSolver(withSolver(Solver::Colored), gpu);
    CHECK(colored->kind() == Solver::Colored);
    CHECK_FALSE(colored->onDevice());
    CHECK(colored->backend() == nullptr);
    CHECK(asked.empty()); // the GPU factory is asked only for the GPU

    Settings gpuSettings = withSolver(Solver::Gpu);
    gpuSettings.width = 12;
    gpuSettings.gpuPrecision = GpuPrecision::Float;
    const auto device = makeStepSolver(gpuSettings, gpu);
    CHECK(device->kind() == Solver::Gpu);
    CHECK(device->onDevice());
    CHECK(device->backend() == made);
    CHECK(device->description() == "idle device");
    CHECK_FALSE(device->current()); // nothing uploaded yet
    REQUIRE(asked.size() == 1);
    CHECK(asked[0] == gpuSettings);

    CHECK(pbd::detail::keepsStateOnDevice(Solver::Gpu));
    CHECK_FALSE(pbd::detail::keepsStateOnDevice(Solver::Sequential));
    CHECK_FALSE(pbd::detail::keepsStateOnDevice(Solver::Colored));
}

TEST_CASE("the GPU solver without an installed factory, or one that refuses, is refused "
          "saying why", "[solver][factory]")
{
    CHECK_THROWS_WITH(makeStepSolver(withSolver(Solver::Gpu), {}),
                      Catch::Contains("no GPU backend installed"));
    const pbd::SolverBackendFactory refusing =
        [](const Settings&) -> std::unique_ptr<pbd::SolverBackend> {
        throw std::runtime_error("the cloth does not fit");
    };
    CHECK_THROWS_WITH(makeStepSolver(withSolver(Solver::Gpu), refusing),
                      Catch::Contains("does not fit"));
    // The CPU solvers need no factory.
    CHECK(makeStepSolver(withSolver(Solver::Sequential), {})->kind() == Solver::Sequential);
}

TEST_CASE("a solver suits settings of its own kind, other threads or another precision need "
          "a new one", "[solver][factory]")
{
    const pbd::SolverBackendFactory gpu = [](const Settings&) {
        return std::make_unique<IdleBackend>();
    };
    Settings colored = withSolver(Solver::Colored);
    colored.threads = 2;
    const auto coloredSolver = makeStepSolver(colored, gpu);
    CHECK(coloredSolver->suits(colored));
    Settings other = colored;
    other.iterations = 9; // live settings: the same solver goes on
    CHECK(coloredSolver->suits(other));
    other.threads = 3;
    CHECK_FALSE(coloredSolver->suits(other));
    CHECK_FALSE(coloredSolver->suits(withSolver(Solver::Sequential)));

    const auto sequential = makeStepSolver(withSolver(Solver::Sequential), gpu);
    CHECK(sequential->suits(withSolver(Solver::Sequential)));
    CHECK_FALSE(sequential->suits(withSolver(Solver::Gpu)));

    Settings device = withSolver(Solver::Gpu);
    device.gpuPrecision = GpuPrecision::Double;
    const auto deviceSolver = makeStepSolver(device, gpu);
    CHECK(deviceSolver->suits(device));
    device.gpuPrecision = GpuPrecision::Float;
    CHECK_FALSE(deviceSolver->suits(device));
    CHECK_FALSE(deviceSolver->suits(withSolver(Solver::Colored)));
}

TEST_CASE("a Simulation says whether its solver keeps the state on a device",
          "[simulation][factory]")
{
    CHECK_FALSE(pbd::Simulation(withSolver(Solver::Sequential)).stateOnDevice());
    CHECK_FALSE(pbd::Simulation(withSolver(Solver::Colored)).stateOnDevice());
    CHECK(pbd::Simulation(withSolver(Solver::Gpu)).stateOnDevice());
}
