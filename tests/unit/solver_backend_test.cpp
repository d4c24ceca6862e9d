// How the Simulation talks to a SolverBackend that is ahead of it (the GPU solver): a grab, a
// drag and a release go to the backend as single-particle writes when it takes them, without
// reading its state back or uploading it again; the const getters read nothing back, only
// sync() does.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/simulation.h"
#include "solver_loop.h"

using pbd::Index;
using pbd::Particles;
using pbd::Settings;
using pbd::Simulation;

namespace {

/// What the backend was asked to do.
struct Calls {
    bool moves = false;          ///< its steps lower every free particle by 1 m
    bool tears = false;          ///< its steps remove constraint 0
    int uploads = 0;
    int downloads = 0;
    int aliveDownloads = 0;
    struct Write {
        Index index;
        std::optional<glm::dvec2> position, velocity;
        std::optional<double> inverseMass;
    };
    std::vector<Write> writes;
};

/// Keeps what was uploaded and written; its steps move nothing unless Calls::moves, tear
/// nothing unless Calls::tears.
class RecordingBackend final : public pbd::SolverBackend {
public:
    RecordingBackend(Calls& calls, bool takesWrites) : calls_(calls), takesWrites_(takesWrites) {}
    void upload(const Particles& p) override
    {
        ++calls_.uploads;
        state_ = p;
    }
    void uploadAlive(std::span<const std::uint8_t> alive) override
    {
        alive_.assign(alive.begin(), alive.end());
    }
    void step(const Settings&) override
    {
        if (calls_.moves)
            for (std::size_t i = 0; i < state_.size(); ++i)
                if (state_.inverseMass[i] != 0.0)
                    state_.position[i].y -= 1.0;
        if (calls_.tears && !alive_.empty())
            alive_[0] = 0;
    }
    bool downloadAlive(std::vector<std::uint8_t>& alive) override
    {
        ++calls_.aliveDownloads;
        alive = alive_;
        return true;
    }
    void download(Particles& p) override
    {
        ++calls_.downloads;
        p.position = state_.position;
        p.stepStart = state_.stepStart;
        p.velocity = state_.velocity;
    }
    void finish() override {}
    std::string description() const override { return "recording"; }
    bool writesParticles() const override { return takesWrites_; }
    void writeParticle(Index index, const glm::dvec2* position, const glm::dvec2* velocity,
                       const double* inverseMass) override
    {
        Calls::Write w{index, {}, {}, {}};
        if (position != nullptr)
            w.position = state_.position[index] = *position;
        if (velocity != nullptr)
            w.velocity = state_.velocity[index] = *velocity;
        if (inverseMass != nullptr)
            w.inverseMass = state_.inverseMass[index] = *inverseMass;
        calls_.writes.push_back(w);
    }

private:
    Calls& calls_;
    bool takesWrites_;
    Particles state_;
    std::vector<std::uint8_t> alive_;
};

Simulation backendSimulation(Calls& calls, bool takesWrites)
{
    Settings settings;
    settings.solver = pbd::Solver::Gpu;
    Simulation simulation(settings);
    simulation.installBackend([&calls, takesWrites](const Settings&) {
        return std::make_unique<RecordingBackend>(calls, takesWrites);
    });
    return simulation;
}

} // namespace

TEST_CASE("a grab, a drag and a release reach a backend that is ahead as single-particle "
          "writes, reading nothing back",
          "[simulation][backend]")
{
    Calls calls;
    Simulation simulation = backendSimulation(calls, true);
    simulation.step();
    REQUIRE(calls.uploads == 1);
    REQUIRE(simulation.backendCurrent());
    const double w = simulation.particles().inverseMass[1180];

    simulation.grab(1180);
    simulation.moveGrabbed({1.5, -2.5});
    simulation.step();
    simulation.release(glm::dvec2(0.25, 0.5));
    simulation.step();
    CHECK(calls.downloads == 0);
    CHECK(calls.uploads == 1); // no whole upload before the steps
    CHECK(simulation.backendCurrent());
    REQUIRE(calls.writes.size() == 4);
    CHECK(calls.writes[0].index == 1180);
    CHECK(calls.writes[0].inverseMass == 0.0); // grabbed: held in place
    CHECK_FALSE(calls.writes[0].position);
    CHECK(calls.writes[1].position == glm::dvec2(1.5, -2.5));
    CHECK_FALSE(calls.writes[1].inverseMass);
    CHECK(calls.writes[2].inverseMass == w); // released: moves again
    CHECK(calls.writes[3].velocity == glm::dvec2(0.25, 0.5));
    // The getters show the CPU's copy: current flags, no read-back.
    CHECK((simulation.particles().flags[1180] & pbd::kGrabbed) == 0);
    CHECK(calls.downloads == 0);
    // sync() reads the backend's state, with the writes in it.
    simulation.sync();
    CHECK(simulation.particles().position[1180] == glm::dvec2(1.5, -2.5));
    CHECK(simulation.particles().velocity[1180] == glm::dvec2(0.25, 0.5));
    CHECK(calls.downloads == 1);
}

TEST_CASE("a backend that takes no single-particle writes gets the whole state again after a "
          "grab",
          "[simulation][backend]")
{
    Calls calls;
    Simulation simulation = backendSimulation(calls, false);
    simulation.step();
    simulation.grab(1180);
    CHECK(calls.downloads == 1); // brought up to date first
    CHECK_FALSE(simulation.backendCurrent());
    simulation.moveGrabbed({1.5, -2.5});
    simulation.step();
    CHECK(calls.uploads == 2);
    CHECK(calls.writes.empty());
    CHECK(simulation.particles().position[1180] == glm::dvec2(1.5, -2.5)); // the CPU's copy
    simulation.sync();
    CHECK(calls.downloads == 2);
    CHECK(simulation.particles().position[1180] == glm::dvec2(1.5, -2.5)); // the backend's
}

TEST_CASE("a step on a device leaves the CPU copy as it was, reading nothing back, until "
          "sync() reads the device's state",
          "[simulation][backend][sync]")
{
    Calls calls;
    calls.moves = true;
    Simulation simulation = backendSimulation(calls, true);
    REQUIRE(simulation.stateOnDevice());
    const std::vector<glm::dvec2> start = simulation.particles().position;
    const double violation = pbd::maxConstraintViolation(simulation);
    for (int k = 0; k < 3; ++k)
        simulation.step();
    CHECK(simulation.stepCount() == 3);
    // Every const getter shows the CPU's copy: the start, and nothing was read.
    CHECK(simulation.particles().position == start);
    CHECK(simulation.state().position == start);
    CHECK(pbd::maxConstraintViolation(simulation) == violation);
    CHECK(calls.downloads == 0);

    simulation.sync();
    CHECK(calls.downloads == 1);
    const Particles& p = simulation.particles();
    for (std::size_t i = 0; i < p.size(); ++i) {
        INFO("particle " << i);
        const double fall = p.pinned(i) ? 0.0 : 3.0; // three steps of the backend's 1 m
        CHECK(p.position[i] == start[i] - glm::dvec2(0.0, fall));
    }
    simulation.sync(); // nothing new since: nothing read
    CHECK(calls.downloads == 1);
}

TEST_CASE("constraints a device tore arrive with syncConstraints(), without the particles",
          "[simulation][backend][sync]")
{
    Calls calls;
    calls.tears = true;
    Settings settings;
    settings.solver = pbd::Solver::Gpu;
    settings.tearStrain = 0.5;
    Simulation simulation(settings);
    simulation.installBackend([&calls](const Settings&) {
        return std::make_unique<RecordingBackend>(calls, true);
    });
    const std::size_t all = simulation.constraints().size();
    const std::uint64_t version = simulation.constraintsVersion();
    simulation.step();
    CHECK(simulation.liveConstraintCount() == all); // the CPU's copy
    CHECK(simulation.alive()[0] == 1);
    CHECK(simulation.constraintsVersion() == version);
    CHECK(calls.aliveDownloads == 0);

    simulation.syncConstraints();
    CHECK(calls.aliveDownloads == 1);
    CHECK(calls.downloads == 0); // the flags only
    CHECK(simulation.liveConstraintCount() == all - 1);
    CHECK(simulation.alive()[0] == 0);
    CHECK(simulation.constraintsVersion() != version);
    simulation.syncConstraints(); // no step since: nothing read
    CHECK(calls.aliveDownloads == 1);
}

TEST_CASE("the CPU solvers have nothing to sync: sync() changes nothing",
          "[simulation][sync]")
{
    for (pbd::Solver solver : {pbd::Solver::Sequential, pbd::Solver::Colored}) {
        Settings settings;
        settings.solver = solver;
        Simulation simulation(settings);
        CHECK_FALSE(simulation.stateOnDevice());
        for (int k = 0; k < 5; ++k)
            simulation.step();
        pbd::test::requireSolver(simulation, solver);
        const pbd::SimulationState before = simulation.state();
        simulation.sync();
        simulation.syncConstraints();
        CHECK(simulation.state().position == before.position);
        CHECK(simulation.state().velocity == before.velocity);
        CHECK(simulation.backend() == nullptr);
        CHECK_FALSE(simulation.backendCurrent());
    }
}
