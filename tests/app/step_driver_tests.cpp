// The controller's step driver: pause and single steps, the page's eight steps per frame,
// the plots' samples and the GPU solver's fallback (through the controller and directly).

#include <catch2/catch.hpp>

#include <optional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "controller_rig.h"

using namespace pbd;
using namespace pbd::app;
using namespace pbd::app::testing;

TEST_CASE("Space pauses and resumes, S steps once while paused, frames take eight steps",
          "[controller]")
{
    Rig rig;
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 8);
    CHECK(rig.count<StepCommand>() == 8);
    rig.tap(Key::Space);
    CHECK(rig.controller.paused());
    CHECK(rig.controller.idle());
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 8);
    rig.tap(Key::S);
    CHECK_FALSE(rig.controller.idle());
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 9);
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 9);
    rig.controller.key(Key::Space, true, kNone, kCanvas); // auto-repeat does not toggle
    CHECK(rig.controller.paused());
    rig.tap(Key::Space);
    rig.tap(Key::S); // running: S does nothing extra
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 17);
}

TEST_CASE("an open Plots section records residuals and a history, closed, neither",
          "[controller][plots]")
{
    Settings settings = restingCloth(8, 6);
    settings.gravity = -9.81; // a falling, swinging cloth
    Rig rig(settings);
    rig.controller.advance();
    CHECK(rig.simulation.residuals().empty());
    CHECK(rig.controller.driver().plotHistory().size() == 0);

    PanelActions open;
    open.plotsOpen = true;
    rig.controller.panel(open);
    CHECK(rig.controller.preferences().plots);
    for (int frame = 0; frame < 10; ++frame) // 80 steps of 5 ms: 0.4 s, bins of 0.05 s
        rig.controller.advance();
    // Iterations + 1 residuals of the last step: after the prediction and after each sweep.
    REQUIRE(rig.simulation.residuals().size() == 3);
    CHECK(rig.simulation.residuals()[0].max >= rig.simulation.residuals()[2].max);
    CHECK(rig.controller.driver().plotHistory().size() >= 7);
    const PlotSample& last = rig.controller.driver().plotHistory()[rig.controller.driver().plotHistory().size() - 1];
    CHECK(last.kinetic > 0.0f);
    CHECK(last.potential < 0.0f); // the cloth hangs below y = 0
    CHECK(last.strainMax >= last.strainRms);
    CHECK(last.msPerStep > 0.0f);

    PanelActions closed;
    closed.plotsOpen = false;
    rig.controller.panel(closed);
    CHECK(rig.simulation.residuals().empty());
    rig.controller.advance();
    CHECK(rig.simulation.residuals().empty()); // recording is off: no extra sweep
    CHECK(rig.controller.driver().plotHistory().size() == 0);
}

namespace {

/// A backend that runs no physics (its steps leave the state as uploaded): enough for the
/// controller's handling of a GPU solver that cannot be made.
class InertBackend final : public SolverBackend {
public:
    void upload(const Particles& p) override { state_ = p; }
    void uploadAlive(std::span<const std::uint8_t> alive) override
    {
        alive_.assign(alive.begin(), alive.end());
    }
    void step(const Settings&) override {}
    bool downloadAlive(std::vector<std::uint8_t>& alive) override
    {
        alive = alive_;
        return true;
    }
    void download(Particles& p) override
    {
        p.position = state_.position;
        p.stepStart = state_.stepStart;
        p.velocity = state_.velocity;
    }
    void finish() override {}
    std::string description() const override { return "inert"; }

private:
    Particles state_;
    std::vector<std::uint8_t> alive_;
};

/// Makes inert backends in float; refuses double (or everything) as a GPU whose storage
/// blocks are too small would.
SolverBackendFactory refusingFactory(bool refuseFloat)
{
    return [refuseFloat](const Settings& s) -> std::unique_ptr<SolverBackend> {
        if (refuseFloat || s.gpuPrecision == GpuPrecision::Double)
            throw std::runtime_error("a 40 x 30 cloth does not fit this GPU in " +
                                     std::string(gpuPrecisionName(s.gpuPrecision)));
        return std::make_unique<InertBackend>();
    };
}

} // namespace

TEST_CASE("a GPU precision the GPU refuses goes back to the one that ran, saying why, the "
          "cloth runs on",
          "[controller][gpu]")
{
    Rig rig;
    rig.simulation.installBackend(refusingFactory(false));
    PanelActions actions;
    actions.effect = rig.controller.model().chooseSolver(Solver::Gpu);
    REQUIRE(actions.effect == CommitEffect::Live);
    rig.controller.panel(actions);
    rig.controller.advance();
    CHECK(rig.simulation.stepCount() == 8);
    CHECK(rig.controller.driver().refusals().empty());

    actions.effect = rig.controller.model().chooseGpuPrecision(GpuPrecision::Double);
    REQUIRE(actions.effect == CommitEffect::Live);
    rig.controller.panel(actions);
    CHECK(rig.simulation.settings().gpuPrecision == GpuPrecision::Double);
    rig.controller.advance(); // the first step cannot make the solver: back to float
    CHECK(rig.simulation.settings().gpuPrecision == GpuPrecision::Float);
    CHECK(rig.simulation.settings().solver == Solver::Gpu);
    CHECK(rig.controller.model().settings().gpuPrecision == GpuPrecision::Float);
    CHECK(rig.simulation.stepCount() == 15); // 8, then the frame's 7 others in float
    REQUIRE(rig.controller.driver().refusals().size() == 1);
    const std::string& message = rig.controller.model().solverMessage();
    CHECK(message.find("does not fit this GPU in double") != std::string::npos);
    CHECK(message.find("GPU precision back to float") != std::string::npos);
    CHECK(rig.controller.model().errors().back() == message);
    CHECK_FALSE(rig.controller.paused());

    // The next choice clears the message.
    actions.effect = rig.controller.model().chooseSolver(Solver::Colored);
    CHECK(rig.controller.model().solverMessage().empty());
}

TEST_CASE("a GPU solver that cannot be made at all goes back to the solver that ran before",
          "[controller][gpu]")
{
    Rig rig;
    rig.simulation.installBackend(refusingFactory(true));
    rig.controller.advance(); // sequential
    PanelActions actions;
    actions.effect = rig.controller.model().chooseSolver(Solver::Gpu);
    rig.controller.panel(actions);
    rig.controller.advance();
    CHECK(rig.simulation.settings().solver == Solver::Sequential);
    CHECK(rig.simulation.stepCount() == 15);
    REQUIRE(rig.controller.driver().refusals().size() == 1);
    CHECK(rig.controller.driver().refusals()[0].find("solver back to sequential") != std::string::npos);

    // With nothing before it (the GPU from the start), the colored solver takes over.
    Settings gpu = restingCloth();
    gpu.solver = Solver::Gpu;
    Rig fresh(gpu);
    fresh.simulation.installBackend(refusingFactory(true));
    fresh.controller.advance();
    CHECK(fresh.simulation.settings().solver == Solver::Colored);
    CHECK(fresh.simulation.stepCount() == 7);
    REQUIRE(fresh.controller.driver().refusals().size() == 1);
    CHECK(fresh.controller.driver().refusals()[0].find("solver back to colored") != std::string::npos);
}

TEST_CASE("the step driver alone: eight steps a running frame through its command path, none "
          "while paused but the single step, commands are observed",
          "[controller][step]")
{
    Simulation simulation(restingCloth(8, 6));
    PanelModel model(simulation.settings());
    Preferences preferences;
    std::vector<Command> observed;
    StepDriver* driverOf = nullptr;
    StepDriver driver(simulation, model, preferences, [] { return 0.0; },
                      [&](const Command& c) -> std::optional<CommandError> {
                          auto error = pbd::apply(simulation, c);
                          if (!error)
                              driverOf->applied(c);
                          return error;
                      });
    driverOf = &driver;
    driver.setCommandObserver([&](const Command& c) { observed.push_back(c); });
    driver.setOffThread(OffThread::Never);
    driver.advance(1.0 / 60.0, false);
    CHECK(driver.steps() == 8);
    CHECK(observed.size() == 8);
    CHECK(simulation.stepCount() == 8);
    driver.setPaused(true);
    CHECK(driver.idle());
    driver.advance(1.0 / 60.0, false);
    CHECK(driver.steps() == 8);
    driver.requestSingleStep();
    CHECK_FALSE(driver.idle());
    driver.advance(1.0 / 60.0, false);
    CHECK(driver.steps() == 9);
    driver.setPaused(false);
    driver.requestSingleStep(); // running: nothing extra
    driver.advance(1.0 / 60.0, false);
    CHECK(driver.steps() == 17);

    const auto version = driver.clothVersion();
    driver.clothRebuilt();
    CHECK(driver.clothVersion() == version + 1);
    CHECK(driver.stepTimer().meanMilliseconds() == 0.0); // the costs start afresh

    preferences.plots = true;
    driver.plotsChanged();
    driver.advance(1.0 / 60.0, false);
    CHECK(driver.plotHistory().size() == 1);
    CHECK_FALSE(simulation.residuals().empty());
}
