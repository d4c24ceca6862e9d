// Saved states: exact round trips, continuation bit for bit, and a catalogue of bad files that
// are refused naming the field while nothing changes.

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "pbd/state_file.h"
#include "pbd/state_io.h"
#include "sim_builders.h"
#include "solver_loop.h"

using Catch::Matchers::Contains;
using pbd::Settings;
using pbd::Simulation;
using pbd::Solver;
using pbd::test::clothSettings;
using pbd::test::run;
using pbd::test::sameBits;

namespace {

/// A simulation with everything a state holds: XPBD, substeps, damping, pins, a tear, a cut,
/// a grab in progress, non-uniform masses.
Simulation busySimulation(Solver solver)
{
    Settings s = clothSettings(64, 48, 2, 3);
    s.solver = solver;
    s.stiffness = 3000.0;
    s.substeps = 2;
    s.damping = 0.3;
    s.tearStrain = 0.4;
    s.areaStiffness = 1e5;
    Simulation sim(s);
    sim.pin(1000);
    sim.unpin(0);
    sim.setMass(700, 2.5);
    run(sim, 100);
    sim.cut({3.0, 0.5}, {3.5, -12.0});
    sim.grab(64 * 48 - 1);
    sim.moveGrabbed({14.0, -11.0});
    run(sim, 100);
    return sim;
}

std::string temporaryPath(const char* name)
{
    return (std::filesystem::temp_directory_path() / name).string();
}

} // namespace

TEST_CASE("300 steps, save, load, 400 steps equal 700 steps straight, on both solvers, with "
          "pins, tears, a cut and a grab in progress",
          "[state][slow]")
{
    for (Solver solver : {Solver::Sequential, Solver::Colored}) {
        CAPTURE(solver == Solver::Colored);
        Simulation straight = busySimulation(solver);
        Simulation saved = straight;
        run(straight, 300);
        const std::string text = pbd::stateToJson(saved.state());
        const pbd::StateParse parsed = pbd::stateFromJson(text);
        REQUIRE_FALSE(parsed.error);
        Simulation loaded(clothSettings(3, 3)); // anything: the load replaces it all
        REQUIRE_FALSE(loaded.restore(*parsed.state));
        CHECK(sameBits(loaded.particles().position, saved.particles().position));
        CHECK(sameBits(loaded.particles().velocity, saved.particles().velocity));
        CHECK(loaded.particles().mass == saved.particles().mass);
        CHECK(loaded.particles().flags == saved.particles().flags);
        CHECK(std::equal(loaded.alive().begin(), loaded.alive().end(), saved.alive().begin(),
                         saved.alive().end()));
        CHECK(loaded.grabbed() == saved.grabbed());
        CHECK(loaded.settings() == saved.settings());
        CHECK(loaded.time() == saved.time());
        CHECK(loaded.stepCount() == saved.stepCount());
        CHECK(loaded.liveConstraintCount() < loaded.constraints().size());
        run(loaded, 300);
        pbd::test::requireSolver(straight, solver);
        pbd::test::requireSolver(loaded, solver);
        CHECK(sameBits(loaded.particles().position, straight.particles().position));
        CHECK(pbd::positionsHash(loaded.particles().position) ==
              pbd::positionsHash(straight.particles().position));
    }
}

TEST_CASE("a state file written through a temporary file loads back exactly", "[state]")
{
    Simulation sim = busySimulation(Solver::Sequential);
    const std::string path = temporaryPath("pbd_state_file_test.json");
    REQUIRE_FALSE(pbd::saveStateFile(sim, path));
    CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
    Simulation other(clothSettings(5, 5));
    REQUIRE_FALSE(pbd::loadStateFile(other, path));
    CHECK(sameBits(other.particles().position, sim.particles().position));
    std::filesystem::remove(path);
}

TEST_CASE("a failed save keeps the old file and says why", "[state]")
{
    Simulation sim(clothSettings(4, 4));
    const std::string directory = temporaryPath("pbd_state_dir_test");
    std::filesystem::create_directories(directory);
    // The target is a directory: refused, the directory untouched.
    const auto intoDirectory = pbd::saveStateFile(sim, directory);
    REQUIRE(intoDirectory);
    CHECK_THAT(*intoDirectory, Contains(directory));
    CHECK(std::filesystem::is_directory(directory));
    // A folder that does not exist.
    const auto missing = pbd::saveStateFile(sim, directory + "/no/such/folder/state.json");
    REQUIRE(missing);
    CHECK_THAT(*missing, Contains("No such file or directory"));
    // An existing file survives a failed save over it: make the folder read-only (as root
    // that does not stop writes, so check the outcome either way).
    const std::string file = directory + "/state.json";
    REQUIRE_FALSE(pbd::saveStateFile(sim, file));
    std::string before;
    {
        std::ifstream in(file);
        before.assign(std::istreambuf_iterator<char>(in), {});
    }
    run(sim, 10);
    std::filesystem::permissions(directory, std::filesystem::perms::owner_read |
                                                std::filesystem::perms::owner_exec);
    const auto readOnly = pbd::saveStateFile(sim, file);
    std::filesystem::permissions(directory, std::filesystem::perms::owner_all);
    std::string after;
    {
        std::ifstream in(file);
        after.assign(std::istreambuf_iterator<char>(in), {});
    }
    if (readOnly)
        CHECK(after == before);
    else
        CHECK(after != before); // root may write anyway; then the new state is complete
    Simulation check(clothSettings(4, 4));
    CHECK_FALSE(pbd::loadStateFile(check, file)); // never a half-written file
    std::filesystem::remove_all(directory);
}

TEST_CASE("bad state files are refused naming the field, and nothing changes", "[state]")
{
    Simulation sim(clothSettings(6, 4));
    run(sim, 20);
    const std::string good = pbd::stateToJson(sim.state());
    auto replaced = [&good](const std::string& from, const std::string& to) {
        std::string text = good;
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        text.replace(at, from.size(), to);
        return text;
    };
    struct Case {
        std::string text;
        const char* expected; ///< in the message
    };
    const std::string velocityStart = good.substr(good.find("\"velocity\": \"") + 13, 8);
    const Case cases[] = {
        {"", "not JSON"},
        {good.substr(0, good.size() / 2), "not JSON"},
        {"[1, 2, 3]", "format"},
        {std::string(100000, 'x'), "not JSON"},
        {replaced("\"pbd-cloth-state\"", "\"something-else\""), "format"},
        {replaced("\"version\": 1", "\"version\": 2"), "version: '2' is not supported; allowed: 1"},
        {replaced("\"version\": 1", "\"version\": \"1\""), "version"},
        {replaced("\"width\": 6", "\"width\": \"6\""), "settings.width: '\"6\"' is not a number"},
        {replaced("\"width\": 6", "\"width\": 0"), "settings.width: 0 is not allowed"},
        {replaced("\"width\": 6", "\"width\": 7"), "particles: '24' disagrees with the size 7 x 4"},
        {replaced("\"timeStep\": 0.005", "\"timeStep\": 5"), "settings.timeStep: 5 is not allowed"},
        {replaced("\"timeStep\": 0.005", "\"timeStep\": 1e999"), "not JSON"},
        {replaced("\"mass\": 0.5", "\"mass\": -1"), "settings.mass: -1 is not allowed"},
        {replaced("\"solver\": \"sequential\"", "\"solver\": \"fast\""), "settings.solver"},
        {replaced("\"iterations\": 2", "\"iterations\": 2, \"colour\": 3"), "settings.colour: is not a setting"},
        {replaced("\"particles\": 24", "\"particles\": 25"), "particles"},
        {replaced("\"time\": ", "\"time\": \"x\", \"old\": "), "time"},
        {replaced("\"velocity\": \"" + velocityStart, "\"velocity\": \"" + velocityStart.substr(4)), "velocity"},
        {replaced("\"velocity\": \"", "\"velocity\": \"@@@@"), "velocity: holds 516 base64 characters; allowed: exactly 512"},
        {replaced("\"velocity\": \"" + velocityStart, "\"velocity\": \"@@@@" + velocityStart.substr(4)), "velocity: is not base64"},
        {replaced("\"velocity\": \"", "\"velocity\": 3, \"x\": \""), "velocity: is not a string"},
        {replaced("\"pinned\": [", "\"pinned\": [-1, "), "pinned"},
        {replaced("\"pinned\": [", "\"pinned\": [\"a\", "), "pinned"},
        {replaced("\"grabbed\": null", "\"grabbed\": 24"), "grabbed: 24 is not allowed"},
        {replaced("\"grabbed\": null", "\"grabbed\": -3"), "grabbed"},
        {replaced("\"steps\": 20", "\"steps\": 2.5"), "steps"},
    };
    const auto before = sim.state();
    for (const Case& c : cases) {
        CAPTURE(c.text.substr(0, 200));
        const pbd::StateParse parsed = pbd::stateFromJson(c.text);
        std::optional<std::string> message;
        if (parsed.error)
            message = parsed.error->message;
        else
            message = sim.restore(*parsed.state);
        REQUIRE(message);
        CHECK_THAT(*message, Contains(c.expected));
    }
    // Values that parse but restore() refuses: NaN positions (written as null by JSON would not
    // parse as base64; here through the state itself), masses out of range, unordered indices.
    auto state = before;
    state.position[3].x = std::nan("");
    auto refused = sim.restore(state);
    REQUIRE(refused);
    CHECK_THAT(*refused, Contains("position[3] is not finite"));
    state = before;
    state.mass[2] = 0.0;
    refused = sim.restore(state);
    REQUIRE(refused);
    CHECK_THAT(*refused, Contains("mass[2] = 0 is not allowed"));
    state = before;
    state.pinned = {5, 3};
    refused = sim.restore(state);
    REQUIRE(refused);
    CHECK_THAT(*refused, Contains("pinned[1] = 3"));
    state = before;
    state.removed = {sim.constraints().size()};
    refused = sim.restore(state);
    REQUIRE(refused);
    CHECK_THAT(*refused, Contains("removed[0]"));
    // Nothing changed through all of it.
    CHECK(sameBits(sim.particles().position, before.position));
    CHECK(sim.time() == before.time);
    CHECK(sim.stepCount() == before.steps);
}

TEST_CASE("the positions hash is FNV-1a of the little-endian bytes", "[state]")
{
    // FNV-1a of no bytes is the offset basis; of one particle at (0, 0) it is the basis run
    // through sixteen zero bytes, computed here by hand.
    CHECK(pbd::positionsHash<2>({}) == 0xcbf29ce484222325ull);
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < 16; ++i)
        h = (h ^ 0u) * 0x100000001b3ull;
    CHECK(pbd::positionsHash<2>({glm::dvec2(0.0)}) == h);
    // One bit of one coordinate changes it.
    CHECK(pbd::positionsHash<2>({glm::dvec2(0.0, 1.0)}) != pbd::positionsHash<2>({glm::dvec2(0.0, std::nextafter(1.0, 2.0))}));
    CHECK(pbd::formatHash(0xabcull) == "0000000000000abc");
}

TEST_CASE("a state file reads the same however its JSON is spaced or escaped", "[state]")
{
    // The reader takes the large base64 members out before the JSON library parses the rest;
    // any valid spacing, and escapes inside those strings (which send the whole text to the
    // library), must give the same state.
    const Simulation sim = busySimulation(Solver::Colored);
    const std::string good = pbd::stateToJson(sim.state());
    std::string spaced;
    for (char c : good) {
        spaced += c;
        if (c == ',' || c == ':' || c == '{')
            spaced += " \r\n\t ";
    }
    std::string escaped = good;
    const std::size_t position = escaped.find("\"position\"");
    REQUIRE(position != std::string::npos);
    const std::size_t slash = escaped.find('/', position);
    REQUIRE(slash != std::string::npos);
    escaped.replace(slash, 1, "\\/"); // JSON's escape of '/', inside the base64
    for (const std::string& text : {good, spaced, escaped}) {
        const pbd::StateParse parsed = pbd::stateFromJson(text);
        REQUIRE_FALSE(parsed.error);
        CHECK(pbd::stateToJson(*parsed.state) == good);
    }
    // Something after the object is still an error, as the library says.
    CHECK(pbd::stateFromJson(good + " x").error);
}
