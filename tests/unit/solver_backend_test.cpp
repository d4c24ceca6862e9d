// How the Simulation talks to a SolverBackend that is ahead of it (the GPU solver): a grab, a
// drag and a release go to the backend as single-particle writes when it takes them, without
// reading its state back or uploading it again; the "as read" accessors read nothing.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/simulation.h"

using pbd::Index;
using pbd::Particles;
using pbd::Settings;
using pbd::Simulation;

namespace {

/// What the backend was asked to do.
struct Calls {
    int uploads = 0;
    int downloads = 0;
    struct Write {
        Index index;
        std::optional<glm::dvec2> position, velocity;
        std::optional<double> inverseMass;
    };
    std::vector<Write> writes;
};

/// Keeps what was uploaded and written; its steps move nothing.
class RecordingBackend final : public pbd::SolverBackend {
public:
    RecordingBackend(Calls& calls, bool takesWrites) : calls_(calls), takesWrites_(takesWrites) {}
    void upload(const Particles& p) override
    {
        ++calls_.uploads;
        state_ = p;
    }
    void uploadAlive(std::span<const std::uint8_t>) override {}
    void step(const Settings&) override {}
    bool downloadAlive(std::vector<std::uint8_t>& alive) override
    {
        alive.clear();
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
    const double w = simulation.particlesAsRead().inverseMass[1180];

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
    // The as-read view is the CPU's copy: current flags, no read-back.
    CHECK((simulation.particlesAsRead().flags[1180] & pbd::kGrabbed) == 0);
    CHECK(calls.downloads == 0);
    // Reading the particles reads the backend's state, with the writes in it.
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
    CHECK(simulation.particles().position[1180] == glm::dvec2(1.5, -2.5));
}
