// Area grabs (Simulation::grabArea, `grab X Y R`): a hand that holds every particle within a
// radius at its offset, moves them together, lets them go with the throw, and tears a piece
// out of a cloth that tears.

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <catch2/catch.hpp>

#include "pbd/command.h"
#include "pbd/simulation.h"
#include "pbd/state_file.h"
#include "sim_builders.h"
#include "solver_loop.h"

using pbd::AreaGrabCommand;
using pbd::Index;
using pbd::Settings;
using pbd::Simulation;
using pbd::Solver;
using pbd::test::clothSettings;
using pbd::test::run;

namespace {

/// The particles within `radius` of `point`, counted by hand.
std::vector<Index> within(const Simulation& sim, glm::dvec2 point, double radius)
{
    std::vector<Index> out;
    const auto& x = sim.particles().position;
    for (Index i = 0; i < x.size(); ++i)
        if (std::hypot(x[i].x - point.x, x[i].y - point.y) <= radius)
            out.push_back(i);
    return out;
}

/// Sizes of the pieces the live constraints hold together, largest first.
std::vector<std::size_t> pieces(const Simulation& sim)
{
    std::vector<Index> parent(sim.particles().size());
    std::iota(parent.begin(), parent.end(), Index{0});
    auto find = [&](Index a) {
        while (parent[a] != a)
            a = parent[a] = parent[parent[a]];
        return a;
    };
    for (std::size_t k = 0; k < sim.constraints().size(); ++k)
        if (sim.alive()[k] != 0)
            parent[find(sim.constraints()[k].a)] = find(sim.constraints()[k].b);
    std::vector<std::size_t> size(parent.size(), 0);
    for (Index i = 0; i < parent.size(); ++i)
        ++size[find(i)];
    std::erase(size, std::size_t{0});
    std::sort(size.rbegin(), size.rend());
    return size;
}

/// Pulls an area grab at the bottom-right corner of the page's cloth out to x = 20 m over 2 s
/// (400 steps), lets go and runs 1 s more.
void pullCornerFar(Simulation& sim, double radius)
{
    const glm::dvec2 from(7.6, -5.6);
    REQUIRE(sim.grabArea(from, radius) > 0);
    for (int s = 1; s <= 400; ++s) {
        REQUIRE(sim.moveGrabbed({from.x + (20.0 - from.x) * s / 400.0, from.y}));
        sim.step();
    }
    sim.release();
    run(sim, 200);
}

} // namespace

TEST_CASE("an area grab holds every particle within its radius, pinned ones too, and nothing "
          "else",
          "[grab]")
{
    Simulation sim(clothSettings(12, 10));
    run(sim, 30); // a hanging cloth, not the grid
    const glm::dvec2 point = sim.particles().position[5] + glm::dvec2(0.05, -0.1);
    const std::vector<Index> expected = within(sim, point, 0.45);
    REQUIRE(expected.size() > 5);
    REQUIRE(std::find(expected.begin(), expected.end(), Index{0}) == expected.end());
    CHECK(sim.grabArea(point, 0.45) == expected.size());
    REQUIRE(sim.areaGrab());
    CHECK(sim.areaGrab()->particles == expected);
    CHECK(sim.holding());
    CHECK_FALSE(sim.grabbed());
    for (Index i = 0; i < sim.particles().size(); ++i) {
        const bool held = std::find(expected.begin(), expected.end(), i) != expected.end();
        CHECK(((sim.particles().flags[i] & pbd::kGrabbed) != 0) == held);
        if (held)
            CHECK(sim.particles().inverseMass[i] == 0.0);
    }
    // A pinned corner within reach is held too, and stays pinned after the release.
    REQUIRE(sim.grabArea(sim.particles().position[0], 0.25) >= 2);
    CHECK(sim.areaGrab()->particles.front() == 0);
    sim.moveGrabbed(sim.areaGrab()->point + glm::dvec2(1.0, 0.5));
    sim.release();
    CHECK(sim.particles().pinned(0));
    CHECK(sim.particles().inverseMass[0] == 0.0);
}

TEST_CASE("held particles keep their offsets from the grab point, do not fall, and keep their "
          "velocity until released",
          "[grab]")
{
    for (Solver solver : {Solver::Sequential, Solver::Colored}) {
        Settings settings = clothSettings(20, 16);
        settings.solver = solver;
        Simulation sim(settings);
        run(sim, 50);
        const glm::dvec2 point = sim.particles().position[15 * 20 + 10];
        REQUIRE(sim.grabArea(point, 0.5) > 3);
        const auto grab = *sim.areaGrab();
        const auto velocityBefore = sim.particles().velocity;
        for (int s = 0; s < 100; ++s) {
            const glm::dvec2 target = point + glm::dvec2(0.02 * s, 0.01 * s);
            REQUIRE(sim.moveGrabbed(target));
            sim.step();
            for (std::size_t k = 0; k < grab.particles.size(); ++k) {
                const Index i = grab.particles[k];
                REQUIRE(sim.particles().position[i] == target + grab.offsets[k]);
                REQUIRE(sim.particles().velocity[i] == velocityBefore[i]);
            }
        }
        pbd::test::requireSolver(sim, solver);
        // Released with a throw: every held particle takes it; the others are unchanged.
        sim.release({3.0, -1.5});
        CHECK_FALSE(sim.holding());
        for (Index i : grab.particles) {
            CHECK(sim.particles().velocity[i] == glm::dvec2(3.0, -1.5));
            CHECK(sim.particles().inverseMass[i] == 1.0 / settings.mass);
        }
    }
}

TEST_CASE("nothing in reach is no grab, and a new grab of either kind lets go of the current",
          "[grab]")
{
    Simulation sim(clothSettings(12, 10));
    REQUIRE(sim.grab(30));
    CHECK(sim.grabArea({100.0, 100.0}, 1.0) == 0); // lets go even so
    CHECK_FALSE(sim.holding());
    CHECK(sim.particles().flags[30] == 0);
    REQUIRE(sim.grabArea({1.0, -1.0}, 0.3) > 0);
    const auto held = sim.areaGrab()->particles;
    REQUIRE(sim.grab(100));
    CHECK_FALSE(sim.areaGrab());
    for (Index i : held)
        CHECK(sim.particles().flags[i] == 0);
    REQUIRE(sim.grabArea({1.0, -1.0}, 0.3) > 0);
    CHECK_FALSE(sim.grabbed());
    CHECK((sim.particles().flags[100] & pbd::kGrabbed) == 0);
    sim.restart();
    CHECK_FALSE(sim.holding());
}

TEST_CASE("an area grab's point and radius out of range are refused, naming them", "[grab]")
{
    Simulation sim(clothSettings(6, 5));
    const auto refusal = [&](glm::dvec2 p, double r) {
        const auto error = pbd::apply(sim, AreaGrabCommand{p, r});
        REQUIRE(error);
        CHECK_FALSE(sim.holding());
        return error->message;
    };
    CHECK(refusal({NAN, 0.0}, 1.0) ==
          "grab: point (nan, 0) is not allowed; allowed: finite coordinates within +-1000000 m");
    CHECK(refusal({0.0, 2e6}, 1.0).find("grab: point (0, 2000000)") == 0);
    CHECK(refusal({0.0, 0.0}, -1.0) ==
          "grab: radius -1 is not allowed; allowed: more than 0 up to 100 m");
    CHECK(refusal({0.0, 0.0}, 0.0).find("radius 0 is not allowed") != std::string::npos);
    CHECK(refusal({0.0, 0.0}, NAN).find("radius nan") != std::string::npos);
    CHECK(refusal({0.0, 0.0}, 100.5).find("radius 100.5") != std::string::npos);
    CHECK(sim.grabArea({0.0, 0.0}, -1.0) == 0);
    CHECK_FALSE(pbd::apply(sim, AreaGrabCommand{{0.0, 0.0}, 100.0}));
    CHECK(sim.areaGrab()->particles.size() == 30);
}

TEST_CASE("a state holds an area grab: saved, loaded and continued bit for bit", "[grab][state]")
{
    Simulation sim(clothSettings(12, 10));
    run(sim, 40);
    REQUIRE(sim.grabArea({1.1, -1.3}, 0.35) > 0);
    sim.moveGrabbed({2.0, -0.5});
    const std::string json = pbd::stateToJson(sim.state());
    CHECK(json.find("\"areaGrab\"") != std::string::npos);
    const pbd::StateParse parsed = pbd::stateFromJson(json);
    REQUIRE(parsed.state);
    CHECK(*parsed.state == sim.state());
    Simulation copy(clothSettings(3, 3));
    REQUIRE_FALSE(copy.restore(*parsed.state));
    for (int s = 0; s < 60; ++s) {
        const glm::dvec2 p(2.0 + 0.01 * s, -0.5 - 0.02 * s);
        sim.moveGrabbed(p);
        copy.moveGrabbed(p);
        sim.step();
        copy.step();
    }
    sim.release({1.0, 1.0});
    copy.release({1.0, 1.0});
    run(sim, 30);
    run(copy, 30);
    CHECK(pbd::test::samePositions(sim, copy));
    // A state without an area grab writes no member for it: such files are as before.
    CHECK(pbd::stateToJson(Simulation(clothSettings(3, 3)).state()).find("areaGrab") ==
          std::string::npos);
}

TEST_CASE("a restored area grab is checked: particles, offsets, radius and one grab at most",
          "[grab][state]")
{
    Simulation sim(clothSettings(4, 3));
    REQUIRE(sim.grabArea({0.0, 0.0}, 0.25) == 3); // particle 0 and its two neighbours
    const pbd::SimulationState good = sim.state();
    const auto refused = [&](pbd::SimulationState state) {
        Simulation other(clothSettings(4, 3));
        const auto error = other.restore(state);
        REQUIRE(error);
        CHECK_FALSE(other.holding());
        return *error;
    };
    pbd::SimulationState s = good;
    s.areaGrab->particles = {0, 4, 1};
    CHECK(refused(s) == "areaGrab: particles[2] = 1 is not allowed; allowed: ascending indices "
                        "below 12");
    s = good;
    s.areaGrab->offsets.pop_back();
    CHECK(refused(s).find("one offset per particle") != std::string::npos);
    s = good;
    s.areaGrab->radius = 0.0;
    CHECK(refused(s).find("areaGrab: radius 0 is not allowed") == 0);
    s = good;
    s.areaGrab->offsets[0].x = INFINITY;
    CHECK(refused(s).find("areaGrab: offsets[0]") == 0);
    s = good;
    s.grabbed = 5;
    CHECK(refused(s).find("grabbed or areaGrab, not both") != std::string::npos);
    const pbd::StateParse bad = pbd::stateFromJson(
        pbd::stateToJson(good).replace(pbd::stateToJson(good).find("\"offsets\""), 9,
                                       "\"offsetz\""));
    REQUIRE(bad.error);
    CHECK(bad.error->field == "areaGrab.offsets");
}

TEST_CASE("with tearing on, pulling an area grab far opens a rip: a piece of more than 10 "
          "particles comes away, where one particle's grab plucks out one or two",
          "[grab][tearing]")
{
    Settings settings = clothSettings(40, 30);
    settings.tearStrain = 0.2;
    Simulation hand(settings);
    pullCornerFar(hand, 0.6);
    const std::vector<std::size_t> handPieces = pieces(hand);
    REQUIRE(handPieces.size() >= 2);
    CHECK(handPieces[1] > 10);
    CHECK(handPieces[0] + handPieces[1] > 1150); // the rest holds together

    Simulation finger(settings);
    REQUIRE(finger.grab(29 * 40 + 39));
    for (int s = 1; s <= 400; ++s) {
        finger.moveGrabbed({7.8 + (20.0 - 7.8) * s / 400.0, -5.8});
        finger.step();
    }
    finger.release();
    run(finger, 200);
    const std::vector<std::size_t> fingerPieces = pieces(finger);
    REQUIRE(fingerPieces.size() >= 2);
    CHECK(fingerPieces[1] <= 2);
}

TEST_CASE("the colored solver takes area grabs bit for bit alike on 1 and 4 threads", "[grab]")
{
    // 96 x 96: five chunks of rows, so that 4 threads run (96 x 64 was three chunks: three).
    Settings settings = clothSettings(96, 96);
    settings.solver = Solver::Colored;
    settings.tearStrain = 0.25;
    std::vector<glm::dvec2> first;
    for (int threads : {1, 4}) {
        settings.threads = threads;
        Simulation sim(settings);
        run(sim, 20);
        REQUIRE(sim.grabArea({18.0, -12.0}, 1.0) > 20);
        for (int s = 1; s <= 120; ++s) {
            sim.moveGrabbed({18.0 + 0.1 * s, -12.0 - 0.02 * s});
            sim.step();
        }
        sim.release({2.0, 0.0});
        run(sim, 20);
        pbd::test::requireColoredThreads(sim, static_cast<unsigned>(threads));
        if (first.empty())
            first = sim.particles().position;
        else
            CHECK(pbd::test::sameBits(first, sim.particles().position));
    }
}
