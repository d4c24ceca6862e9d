// Property test of the world and of undo: random (seeded, reproducible) sequences of commands
// applied through a History as the app and pbd-sim apply them: obstacles of every shape
// (circle, box, capsule, ground) added, moved and removed; balls added, grabbed, moved,
// released and removed; thickness, friction, air (wind, drag, gusts), self-collision, tethers,
// substeps and damping changed, valid and not; particle and area grabs, moves, releases, pins,
// unpins, cuts, restarts; undo and redo; steps between. What must hold:
//   - after every command: positions, velocities and balls finite;
//   - over every step: a particle of inverse mass 0 (pinned or held) keeps its place and
//     velocity bit for bit, a held ball its place; a movable particle outside every obstacle
//     grown by thickness / 2 before a step in which no obstacle moves is not inside one
//     after it (deeper than 1e-9 m; docs/physics.md, "Out of the union");
//   - a refused command changes nothing;
//   - undo brings back the exact state just before the action, redo the exact state just
//     after it (an undo and a redo at once: the state before the undo, when a grab was open);
//   - a fresh simulation restored from the state steps on with the same bits (the state is
//     all there is to it), but with self-collision and friction: the known bug at the end;
//   - the same commands give the same bits twice on each solver, and on the colored solver
//     on 1 and 2 threads (a cloth of two chunks).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>

#include "obstacle_geometry.h"
#include "pbd/command.h"
#include "pbd/history.h"
#include "pbd/simulation.h"
#include "pbd/state_io.h"
#include "sim_builders.h"
#include "solver_loop.h"

using pbd::Ball;
using pbd::BallCommand;
using pbd::Command;
using pbd::History;
using pbd::Index;
using pbd::Obstacle;
using pbd::ObstacleShape;
using pbd::Settings;
using pbd::Simulation;
using pbd::SimulationState;
using pbd::Solver;

namespace {

/// Whether two states hold the same bits: positions and velocities compared as bytes (so
/// that -0.0 and 0.0 differ), the rest as values.
bool sameState(const SimulationState& a, const SimulationState& b)
{
    return pbd::test::sameBits(a.position, b.position) &&
           pbd::test::sameBits(a.velocity, b.velocity) && a == b;
}

/// Where two states differ first, for the messages ("" when they hold the same bits).
std::string difference(const SimulationState& a, const SimulationState& b)
{
    auto point = [](glm::dvec2 p) {
        char text[80];
        std::snprintf(text, sizeof text, "(%.17g, %.17g)", p.x, p.y);
        return std::string(text);
    };
    auto firstOf = [&](const char* name, const std::vector<glm::dvec2>& x,
                       const std::vector<glm::dvec2>& y) -> std::string {
        if (x.size() != y.size())
            return std::string(name) + " sizes differ";
        for (std::size_t i = 0; i < x.size(); ++i)
            if (std::memcmp(&x[i], &y[i], sizeof x[i]) != 0)
                return std::string(name) + "[" + std::to_string(i) + "] " + point(x[i]) +
                       " against " + point(y[i]);
        return "";
    };
    if (auto d = firstOf("position", a.position, b.position); !d.empty())
        return d;
    if (auto d = firstOf("velocity", a.velocity, b.velocity); !d.empty())
        return d;
    if (a.settings != b.settings)
        return "settings";
    if (a.time != b.time || a.steps != b.steps)
        return "time or steps";
    if (a.mass != b.mass)
        return "masses";
    if (a.pinned != b.pinned)
        return "pins";
    if (a.grabbed != b.grabbed || a.areaGrab != b.areaGrab)
        return "grab";
    if (a.removed != b.removed)
        return "removed constraints";
    if (a.obstacles != b.obstacles)
        return "obstacles";
    for (std::size_t k = 0; k < std::min(a.balls.size(), b.balls.size()); ++k)
        if (a.balls[k] != b.balls[k])
            return "ball " + std::to_string(k) + " at " + point(a.balls[k].position) +
                   " against " + point(b.balls[k].position) + ", velocity " +
                   point(a.balls[k].velocity) + " against " + point(b.balls[k].velocity) +
                   ", start " + point(a.balls[k].start) + " against " +
                   point(b.balls[k].start);
    if (a.balls.size() != b.balls.size())
        return "ball counts";
    return "";
}

bool finite(glm::dvec2 v)
{
    return std::isfinite(v.x) && std::isfinite(v.y);
}

/// The hash of the particles' and the balls' positions: equal hashes, (all but certainly)
/// equal bits.
std::uint64_t worldHash(const Simulation& sim)
{
    std::vector<glm::dvec2> points = sim.particles().position;
    for (const Ball& b : sim.balls()) {
        points.push_back(b.position);
        points.push_back(b.velocity);
    }
    return pbd::positionsHash(points);
}

/// The smallest signed distance from `p` to the obstacles grown by `grow` (m; negative
/// inside one; +inf without obstacles).
double clearance(std::span<const Obstacle> obstacles, glm::dvec2 p, double grow)
{
    double d = std::numeric_limits<double>::infinity();
    for (const Obstacle& o : obstacles)
        d = std::min(d, pbd::test::distanceToObstacle(o, p, grow));
    return d;
}

class Random {
public:
    explicit Random(std::uint64_t seed) : random_(seed) {}
    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random_); }
    double real(double lo, double hi)
    {
        return std::uniform_real_distribution<double>(lo, hi)(random_);
    }
    bool chance(double p) { return std::bernoulli_distribution(p)(random_); }
    template <typename T>
    T pick(std::initializer_list<T> values)
    {
        return *(values.begin() + integer(0, static_cast<int>(values.size()) - 1));
    }

private:
    std::mt19937_64 random_;
};

/// What a session did, so that the test can see that each kind of check ran.
struct WorldTally {
    std::map<std::string, int> taken;   ///< commands taken, by commandName()
    std::map<std::string, int> refused; ///< commands refused, by commandName()
    int steps = 0;
    int insideChecks = 0;  ///< steps whose obstacles stood still, with obstacles
    int undosChecked = 0;  ///< undos compared with the state before the action
    int redosChecked = 0;  ///< redos compared with the state after the action
    int atOnceChecked = 0; ///< undo-redo pairs compared with the state before the undo
    int restoresChecked = 0;
    int restoresSkipped = 0; ///< with self-collision and friction (the known bug)
    std::vector<std::uint64_t> hashes; ///< worldHash() after every command
};

/// One random session on `settings`' cloth (its size never changes: no command sets it).
class WorldSession {
public:
    WorldSession(std::uint64_t seed, const Settings& settings)
        : random_(seed), sim_(settings), width_(settings.width), height_(settings.height)
    {
    }

    WorldTally run(int actions)
    {
        for (int action = 0; action < actions; ++action) {
            INFO("action " << action << ", steps " << sim_.stepCount() << ", obstacles "
                           << sim_.obstacles().size() << ", balls " << sim_.balls().size());
            const int kind = random_.integer(0, 99);
            if (kind < 40) {
                const int n = random_.integer(1, 4);
                for (int k = 0; k < n; ++k)
                    step();
            } else if (kind < 50) {
                command(setting());
            } else if (kind < 58) {
                command(obstacleCommand());
            } else if (kind < 68) {
                command(ballCommand());
            } else if (kind < 78) {
                command(grabCommand());
            } else if (kind < 82) {
                command(pinCommand());
            } else if (kind < 84) {
                command(pbd::CutCommand{place(), place()});
            } else if (kind < 85) {
                command(pbd::RestartCommand{});
            } else if (kind < 91) {
                undo(random_.chance(0.5));
            } else if (kind < 95) {
                redo();
            } else {
                checkRestoredStepsOn();
            }
            REQUIRE(pbd::test::allFinite(sim_));
            for (const Ball& b : sim_.balls())
                REQUIRE((finite(b.position) && finite(b.velocity)));
            tally_.hashes.push_back(worldHash(sim_));
        }
        return tally_;
    }

    const Simulation& simulation() const { return sim_; }

private:
    /// The cloth's extent on the grid it is built on (m).
    double right() const { return 0.2 * (width_ - 1); }
    double bottom() const { return -0.2 * (height_ - 1); }

    /// A point about the cloth and a little beyond.
    glm::dvec2 place()
    {
        return {random_.real(-1.0, right() + 1.0), random_.real(bottom() - 2.0, 1.0)};
    }

    /// One step, checked against the step's invariants.
    void step()
    {
        const pbd::Particles before = sim_.particles();
        const std::vector<Ball> ballsBefore(sim_.balls().begin(), sim_.balls().end());
        const bool still = std::all_of(sim_.obstacles().begin(), sim_.obstacles().end(),
                                       [](const Obstacle& o) {
                                           return pbd::obstaclePose(o) == o.start &&
                                                  o.velocity == glm::dvec2(0.0);
                                       });
        const double grow = 0.5 * sim_.settings().thickness;
        std::vector<std::uint8_t> outside(before.size(), 0);
        if (still)
            for (std::size_t i = 0; i < before.size(); ++i)
                outside[i] = clearance(sim_.obstacles(), before.position[i], grow) >= 0.0;
        const double time = sim_.time();
        const std::uint64_t steps = sim_.stepCount();

        REQUIRE_FALSE(history_.apply(sim_, pbd::StepCommand{}));
        ++tally_.steps;
        ++tally_.taken["step"];

        REQUIRE(sim_.stepCount() == steps + 1);
        REQUIRE(sim_.time() > time);
        const pbd::Particles& after = sim_.particles();
        for (std::size_t i = 0; i < before.size(); ++i) {
            // Pinned or held: it does not move by itself. (The messages only on a failure.)
            if (before.inverseMass[i] == 0.0 && (after.position[i] != before.position[i] ||
                                                 after.velocity[i] != before.velocity[i])) {
                INFO("particle " << i << (before.pinned(i) ? ", pinned" : ", held"));
                REQUIRE(after.position[i] == before.position[i]);
                REQUIRE(after.velocity[i] == before.velocity[i]);
            }
        }
        for (std::size_t k = 0; k < ballsBefore.size(); ++k)
            if (ballsBefore[k].held) {
                INFO("ball " << k);
                REQUIRE(sim_.balls()[k].position == ballsBefore[k].position);
            }
        if (still && !sim_.obstacles().empty()) {
            ++tally_.insideChecks;
            for (std::size_t i = 0; i < before.size(); ++i) {
                if (!outside[i] || after.inverseMass[i] == 0.0)
                    continue;
                const double d = clearance(sim_.obstacles(), after.position[i], grow);
                if (d > -1e-9)
                    continue;
                INFO("particle " << i << " from (" << before.position[i].x << ", "
                                 << before.position[i].y << ") to (" << after.position[i].x
                                 << ", " << after.position[i].y << "), thickness "
                                 << sim_.settings().thickness << ", obstacles "
                                 << specs());
                REQUIRE(d > -1e-9);
            }
        }
    }

    std::string specs() const
    {
        std::string s;
        for (const Obstacle& o : sim_.obstacles())
            s += pbd::formatObstacleSpec(o) + " ";
        return s;
    }

    /// Settings of the world, the air and the solver's extras: often valid, sometimes not.
    /// The cloth's size, the solver and the threads stay.
    Command setting()
    {
        Settings s = sim_.settings();
        switch (random_.integer(0, 9)) {
        case 0:
            s.thickness = random_.pick({0.0, 0.02, 0.05, 0.1, 0.15, 0.3});
            break;
        case 1:
            s.friction = random_.pick({0.0, 0.3, 1.0, random_.real(0.0, 2.0)});
            break;
        case 2:
            s.airDrag = random_.pick({0.0, 0.5, 2.0, random_.real(0.0, 5.0)});
            s.windX = random_.real(-10.0, 10.0);
            s.windY = random_.real(-5.0, 5.0);
            break;
        case 3:
            s.gusts = random_.pick({0.0, 0.5, 1.0, random_.real(0.0, 1.0)});
            break;
        case 4: // needs 0 < thickness <= the spacing: refused otherwise
            s.selfCollision = !s.selfCollision;
            if (s.selfCollision && random_.chance(0.7))
                s.thickness = random_.pick({0.05, 0.1, 0.2});
            break;
        case 5:
            s.tethers = !s.tethers;
            break;
        case 6:
            s.substeps = random_.integer(1, 3);
            s.damping = random_.pick({0.0, 1.0, 5.0});
            break;
        case 7:
            s.stiffness = random_.pick({0.0, 500.0});
            s.iterations = random_.integer(1, 6);
            break;
        case 8: // out of range: refused
            switch (random_.integer(0, 3)) {
            case 0: s.friction = -0.1; break;
            case 1: s.gusts = 1.5; break;
            case 2: s.thickness = -0.01; break;
            default: s.airDrag = std::numeric_limits<double>::quiet_NaN(); break;
            }
            break;
        default:
            s.tearStrain = random_.pick({0.0, 0.0, 0.5});
            break;
        }
        return pbd::SetCommand{s};
    }

    Obstacle randomObstacle()
    {
        Obstacle o;
        o.shape = static_cast<ObstacleShape>(random_.integer(0, 3));
        o.a = place();
        switch (o.shape) {
        case ObstacleShape::Circle:
            o.radius = random_.real(0.1, 0.8);
            break;
        case ObstacleShape::Box:
            o.width = random_.real(0.1, 1.5);
            o.height = random_.real(0.1, 1.0);
            o.angle = random_.real(-60.0, 60.0);
            break;
        case ObstacleShape::Capsule:
            o.b = o.a + glm::dvec2(random_.real(-1.5, 1.5), random_.real(-0.5, 0.5));
            o.radius = random_.real(0.03, 0.3);
            break;
        case ObstacleShape::Ground:
            o.a = {0.0, bottom() - random_.real(0.5, 2.5)};
            o.angle = random_.real(-30.0, 30.0);
            break;
        }
        if (random_.chance(0.05)) { // out of range: refused
            o.radius = -1.0;
            o.width = -1.0;
            o.angle = 400.0;
        }
        pbd::settleObstacle(o);
        return o;
    }

    Command obstacleCommand()
    {
        const int count = static_cast<int>(sim_.obstacles().size());
        const int kind = random_.integer(0, 9);
        if (kind < 4 && count < 5)
            return pbd::AddObstacleCommand{randomObstacle()};
        const auto index = static_cast<std::size_t>(random_.integer(0, count)); // count: none
        if (kind < 8) {
            const glm::dvec2 centre =
                index < sim_.obstacles().size()
                    ? pbd::obstaclePose(sim_.obstacles()[index]).centre +
                          glm::dvec2(random_.real(-0.1, 0.1), random_.real(-0.1, 0.1))
                    : place();
            std::optional<double> angle;
            if (random_.chance(0.3))
                angle = random_.real(-40.0, 40.0);
            return pbd::MoveObstacleCommand{index, centre, angle};
        }
        return pbd::RemoveObstacleCommand{index};
    }

    Command ballCommand()
    {
        const int count = static_cast<int>(sim_.balls().size());
        const bool held = std::any_of(sim_.balls().begin(), sim_.balls().end(),
                                      [](const Ball& b) { return b.held; });
        BallCommand c;
        const int kind = random_.integer(0, 9);
        if ((kind < 3 && count < 4) || count == 0) {
            c.action = BallCommand::Action::Add;
            c.ball.position = place() + glm::dvec2(0.0, 1.0);
            c.ball.velocity = random_.chance(0.5)
                                  ? glm::dvec2(random_.real(-5.0, 5.0), random_.real(-5.0, 5.0))
                                  : glm::dvec2(0.0);
            c.ball.radius = random_.chance(0.05) ? 0.05 : random_.real(0.1, 0.4); // 0.05: refused
            c.ball.mass = random_.real(0.2, 3.0);
            c.ball.start = c.ball.position;
        } else if (kind < 5 || !held) {
            c.action = kind < 9 ? BallCommand::Action::Grab : BallCommand::Action::Remove;
            c.index = static_cast<std::size_t>(random_.integer(0, count)); // count: none
            c.position = place();
        } else if (kind < 8) {
            c.action = BallCommand::Action::Move;
            c.position = place();
        } else {
            c.action = BallCommand::Action::Release;
            if (random_.chance(0.5))
                c.velocity = glm::dvec2(random_.real(-8.0, 8.0), random_.real(-8.0, 8.0));
        }
        return c;
    }

    Command grabCommand()
    {
        const int n = width_ * height_;
        const int kind = random_.integer(0, 9);
        if (!sim_.holding() || kind < 2) {
            if (random_.chance(0.3))
                return pbd::AreaGrabCommand{place(), random_.pick({0.1, 0.3, 0.6})};
            return pbd::GrabCommand{static_cast<Index>(random_.integer(0, n - 1))};
        }
        if (kind < 8)
            return pbd::MoveCommand{place()};
        pbd::ReleaseCommand release;
        if (random_.chance(0.5))
            release.velocity = glm::dvec2(random_.real(-10.0, 10.0), random_.real(-10.0, 10.0));
        return release;
    }

    Command pinCommand()
    {
        const auto index = static_cast<Index>(random_.integer(0, width_ * height_)); // n: refused
        if (random_.chance(0.6))
            return pbd::PinCommand{index};
        return pbd::UnpinCommand{index};
    }

    /// Forgets what no undo or redo can bring back.
    void forgetDropped()
    {
        const std::uint64_t first = history_.firstPosition();
        before_.erase(before_.begin(), before_.upper_bound(first));
        after_.erase(after_.begin(), after_.upper_bound(first));
    }

    /// Applies `c` (no step, undo or redo) through the history; a refused command must have
    /// changed nothing. Keeps the states just before and just after each action, where known.
    void command(const Command& c)
    {
        const char* name = pbd::commandName(c);
        INFO("command " << name);
        const SimulationState s0 = sim_.state();
        const std::uint64_t n0 = history_.position();
        const bool open0 = history_.grabOpen();
        const auto error = history_.apply(sim_, c);
        if (error) {
            INFO("refused: " << error->message);
            ++tally_.refused[name];
            REQUIRE(sameState(sim_.state(), s0));
        } else {
            ++tally_.taken[name];
        }
        const std::uint64_t n1 = history_.position();
        if (n1 > numbered_) { // a new action: from the state before the command
            numbered_ = n1;
            before_[n1] = s0;
            if (open0) // the grab action open before ended where the command began
                after_[n0] = s0;
            if (history_.grabOpen())
                after_.erase(n1);
            else
                after_[n1] = sim_.state();
        } else {
            after_.erase(n0); // it may have merged into the newest action or ended its grab
        }
        forgetDropped();
    }

    /// Undo: refused with nothing to undo, else back to the exact state just before the
    /// action. With `redoAtOnce`, a redo at once brings back the state after the action.
    void undo(bool redoAtOnce)
    {
        const SimulationState s0 = sim_.state();
        const std::uint64_t n0 = history_.position();
        const bool open0 = history_.grabOpen();
        const std::size_t undos = history_.undoCount();
        const auto error = history_.apply(sim_, pbd::UndoCommand{});
        if (undos == 0) {
            REQUIRE(error);
            REQUIRE(sameState(sim_.state(), s0));
            ++tally_.refused["undo"];
            return;
        }
        REQUIRE_FALSE(error);
        ++tally_.taken["undo"];
        if (open0) // the undo ends the open grab where it is
            after_[n0] = s0;
        const auto before = before_.find(n0);
        REQUIRE(before != before_.end()); // every kept action was seen made
        INFO("undo of action " << n0);
        REQUIRE(sameState(sim_.state(), before->second));
        ++tally_.undosChecked;
        if (redoAtOnce) {
            redo();
            if (open0) {
                REQUIRE(sameState(sim_.state(), s0));
                ++tally_.atOnceChecked;
            }
        }
    }

    /// Redo: refused with nothing to redo, else the exact state just after the action.
    void redo()
    {
        const SimulationState s0 = sim_.state();
        const std::size_t redos = history_.redoCount();
        if (history_.grabOpen()) // the redo ends the open grab where it is
            after_[history_.position()] = s0;
        const auto error = history_.apply(sim_, pbd::RedoCommand{});
        if (redos == 0) {
            REQUIRE(error);
            REQUIRE(sameState(sim_.state(), s0));
            ++tally_.refused["redo"];
            return;
        }
        REQUIRE_FALSE(error);
        ++tally_.taken["redo"];
        const auto after = after_.find(history_.position());
        if (after != after_.end()) {
            INFO("redo of action " << history_.position());
            REQUIRE(sameState(sim_.state(), after->second));
            ++tally_.redosChecked;
        }
    }

    /// A fresh simulation restored from the state steps on with the same bits: nothing that
    /// decides a step lies outside SimulationState. Not with self-collision and friction (the
    /// known bug below, "[!shouldfail]").
    void checkRestoredStepsOn()
    {
        if (sim_.settings().selfCollision && sim_.settings().friction > 0.0) {
            ++tally_.restoresSkipped;
            return;
        }
        Simulation fresh(sim_.settings());
        REQUIRE_FALSE(fresh.restore(sim_.state()));
        for (int k = 0; k < 3; ++k) {
            step();
            fresh.step();
        }
        pbd::test::requireSolver(fresh, sim_.settings().solver);
        INFO(difference(fresh.state(), sim_.state()));
        REQUIRE(sameState(fresh.state(), sim_.state()));
        ++tally_.restoresChecked;
    }

    Random random_;
    Simulation sim_;
    History history_;
    int width_;
    int height_;
    WorldTally tally_;
    std::uint64_t numbered_ = 0; ///< the newest action number seen
    std::map<std::uint64_t, SimulationState> before_; ///< by action number
    std::map<std::uint64_t, SimulationState> after_;  ///< by action number, where known
};

Settings smallCloth(Solver solver)
{
    Settings s = pbd::test::clothSettings(12, 9);
    s.solver = solver;
    s.threads = 1;
    return s;
}

} // namespace

TEST_CASE("random world commands, undo and redo keep every invariant on both CPU solvers",
          "[property][world][history]")
{
    const std::uint64_t seed = GENERATE(11, 12, 13, 14);
    CAPTURE(seed);
    for (const Solver solver : {Solver::Sequential, Solver::Colored}) {
        CAPTURE(pbd::solverName(solver));
        WorldSession session(seed, smallCloth(solver));
        const WorldTally tally = session.run(500);
        pbd::test::requireSolver(session.simulation(), solver);
        // Each kind of command ran, and so did each kind of check.
        for (const char* name : {"step", "set", "obstacle", "move-obstacle", "remove-obstacle",
                                 "ball", "grab-ball", "move-ball", "release-ball", "grab",
                                 "move", "release", "pin", "undo", "redo"}) {
            INFO(name);
            CHECK(tally.taken.count(name) == 1);
        }
        CHECK(tally.refused.count("set") == 1);
        CHECK(tally.steps > 400);
        CHECK(tally.insideChecks > 50);
        CHECK(tally.undosChecked > 10);
        CHECK(tally.redosChecked > 2);
        CHECK(tally.restoresChecked + tally.restoresSkipped > 10);
        CHECK(tally.restoresChecked > 0);
    }
}

TEST_CASE("the same world commands give the same bits twice on each CPU solver",
          "[property][world][history]")
{
    for (const Solver solver : {Solver::Sequential, Solver::Colored}) {
        CAPTURE(pbd::solverName(solver));
        for (const std::uint64_t seed : {21}) {
            WorldSession first(seed, smallCloth(solver));
            WorldSession second(seed, smallCloth(solver));
            const WorldTally a = first.run(400);
            const WorldTally b = second.run(400);
            pbd::test::requireSolver(first.simulation(), solver);
            pbd::test::requireSolver(second.simulation(), solver);
            CHECK(a.hashes == b.hashes);
        }
    }
}

TEST_CASE("the colored solver gives the same bits on 1 and 2 threads through world commands, "
          "undo and redo",
          "[property][world][colored]")
{
    // 64 x 64: two chunks of rows, so that two threads really share the cloth.
    Settings s = pbd::test::clothSettings(64, 64);
    s.solver = Solver::Colored;
    std::vector<WorldTally> tallies;
    for (const unsigned threads : {1u, 2u}) {
        s.threads = static_cast<int>(threads);
        WorldSession session(31, s);
        tallies.push_back(session.run(80));
        pbd::test::requireColoredThreads(session.simulation(), threads);
    }
    CHECK(tallies[0].steps > 40);
    CHECK(tallies[0].hashes == tallies[1].hashes);
}

TEST_CASE("known bug: with self-collision and friction, a restored state steps on otherwise "
          "than the original where a held particle touches the cloth",
          "[history][self-collision][!shouldfail]")
{
    // predict() (src/pbd/step/step_phases.h) leaves the substep start x0 of a particle of
    // inverse mass 0 as it was when that particle last moved by itself, restore() sets it to
    // x, and the self-collision friction weighs the pair's motions x - x0 of both particles:
    // so a held particle's displacement since its grab (a pinned one's last substep before
    // its pin) drags its neighbours in the original, not in the restored copy (nor after an
    // undo). Found by the random world sessions above (3 of the 6 seeds first tried, on both
    // solvers); they skip the restore check with self-collision and friction while this case
    // fails; friction 0 gives the same bits. Catch counts the failure as a pass
    // ([!shouldfail]); once fixed, the case fails: drop the tag and the skip in
    // WorldSession::checkRestoredStepsOn().
    for (const Solver solver : {Solver::Sequential, Solver::Colored}) {
        CAPTURE(pbd::solverName(solver));
        Settings s = pbd::test::clothSettings(12, 9);
        s.solver = solver;
        s.selfCollision = true;
        s.thickness = 0.1;
        s.friction = 1.0;
        Simulation original(s);
        pbd::test::run(original, 50);
        // The bottom row's particle 100 held against particle 40, three rows up.
        REQUIRE(original.grab(100));
        REQUIRE(original.moveGrabbed(original.particles().position[40] + glm::dvec2(0.06, 0.0)));
        pbd::test::run(original, 20);
        Simulation restored(original.settings());
        REQUIRE_FALSE(restored.restore(original.state()));
        pbd::test::run(original, 3);
        pbd::test::run(restored, 3);
        pbd::test::requireSolver(original, solver);
        pbd::test::requireSolver(restored, solver);
        INFO(difference(restored.state(), original.state()));
        CHECK(sameState(restored.state(), original.state()));
    }
}
