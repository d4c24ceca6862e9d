// The view's box of the cloth measured on the GPU (GpuClothBox) against the app's CPU rules on
// the same positions: the bulk (clothBulk) in 2D, the box of the finite positions in 3D
// (Session3::clothBox), equal to the bit, in double and float positions.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <random>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <glm/common.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "gpu_backend.h"
#include "gpu_cloth_box.h"
#include "gpu_solver.h"
#include "logic/cloth_bulk.h"
#include "pbd/simulation.h"

using pbd::gpu::GpuClothBox;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

GpuClothBox::Rule bulkRule()
{
    GpuClothBox::Rule rule;
    rule.bulk = true;
    rule.quantile = pbd::app::kBulkQuantile;
    rule.quantileHigh = 1.0 - pbd::app::kBulkQuantile;
    rule.minParticles = pbd::app::kBulkMinParticles;
    rule.maxSamples = pbd::app::kBulkSamples;
    return rule;
}

/// A buffer of the reals of `values` in double or float.
unsigned bufferOf(const std::vector<double>& values, bool doublePrecision)
{
    GLuint buffer = 0;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    if (doublePrecision) {
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(values.size() * 8 + 16),
                     nullptr, GL_STATIC_DRAW);
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(values.size() * 8),
                        values.data());
    } else {
        const std::vector<float> floats(values.begin(), values.end());
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(floats.size() * 4 + 16),
                     nullptr, GL_STATIC_DRAW);
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(floats.size() * 4),
                        floats.data());
    }
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return buffer;
}

/// The GPU's answer for `positions` (x, y per particle) in either precision.
GpuClothBox::Answer measure(GpuClothBox& box, const std::vector<glm::dvec2>& positions,
                            const GpuClothBox::Rule& rule)
{
    std::vector<double> reals;
    for (const glm::dvec2& p : positions) {
        reals.push_back(p.x);
        reals.push_back(p.y);
    }
    const unsigned buffer = bufferOf(reals, box.doublePrecision());
    REQUIRE(box.request(buffer, positions.size(), rule));
    CHECK_FALSE(box.request(buffer, positions.size(), rule)); // one in flight
    GpuClothBox::Answer answer;
    REQUIRE(box.poll(answer, true));
    CHECK_FALSE(box.pending());
    glDeleteBuffers(1, &buffer);
    return answer;
}

/// The positions as the GPU holds them: rounded to float when it keeps floats.
std::vector<glm::dvec2> asHeld(std::vector<glm::dvec2> positions, bool doublePrecision)
{
    if (!doublePrecision)
        for (glm::dvec2& p : positions)
            p = glm::dvec2(glm::vec2(p));
    return positions;
}

/// The GPU's bulk of `positions` equals clothBulk's, bit for bit.
void checkBulk(GpuClothBox& box, const std::vector<glm::dvec2>& given, const char* what)
{
    const std::vector<glm::dvec2> positions = asHeld(given, box.doublePrecision());
    const pbd::app::WorldRect cpu = pbd::app::clothBulk(positions);
    const GpuClothBox::Answer gpu = measure(box, positions, bulkRule());
    INFO(what << ", " << positions.size() << " particles, "
              << (box.doublePrecision() ? "double" : "float"));
    const bool cpuEmpty = !(cpu.min.x <= cpu.max.x);
    REQUIRE(gpu.empty == cpuEmpty);
    if (cpuEmpty)
        return;
    INFO("CPU [" << cpu.min.x << ", " << cpu.max.x << "] x [" << cpu.min.y << ", " << cpu.max.y
                 << "], GPU [" << gpu.min[0] << ", " << gpu.max[0] << "] x [" << gpu.min[1]
                 << ", " << gpu.max[1] << "]");
    CHECK(gpu.min[0] == cpu.min.x);
    CHECK(gpu.min[1] == cpu.min.y);
    CHECK(gpu.max[0] == cpu.max.x);
    CHECK(gpu.max[1] == cpu.max.y);
}

/// A hanging cloth of width x height on the colored solver after `steps` steps.
std::vector<glm::dvec2> hangingCloth(int width, int height, int steps)
{
    pbd::Settings settings;
    settings.width = width;
    settings.height = height;
    settings.solver = pbd::Solver::Colored;
    pbd::Simulation simulation(settings);
    for (int k = 0; k < steps; ++k)
        simulation.step();
    return simulation.particles().position;
}

/// `positions` (as the GPU holds them) with particles at the edges of clothBulk's reach, so
/// that a reach off by the least (a quantile one rank off, a sample missed) changes the bulk:
/// particle a on the reach's right edge and b just beyond it, c on its bottom edge and d just
/// below. They lie beyond the core's quantiles before and after they are moved there, so the
/// reach stays where it was.
std::vector<glm::dvec2> edged(std::vector<glm::dvec2> positions, bool doublePrecision,
                              std::size_t a, std::size_t b, std::size_t c, std::size_t d)
{
    positions[a] = {1e6, 0.0};
    positions[b] = {2e6, 0.0};
    positions[c] = {0.0, -1e6};
    positions[d] = {0.0, -2e6};
    positions = asHeld(positions, doublePrecision);
    const std::optional<pbd::app::WorldRect> reach = pbd::app::clothBulkReach(positions);
    REQUIRE(reach);
    // The largest value the GPU holds at or inside the edge, and the next one beyond it.
    const auto held = [&](double edge, double outwards) {
        if (doublePrecision)
            return std::pair{edge, std::nextafter(edge, outwards)};
        auto inside = static_cast<float>(edge);
        if ((outwards > 0.0 && static_cast<double>(inside) > edge) ||
            (outwards < 0.0 && static_cast<double>(inside) < edge))
            inside = std::nextafter(inside, static_cast<float>(-outwards));
        return std::pair{static_cast<double>(inside),
                         static_cast<double>(std::nextafter(inside, static_cast<float>(outwards)))};
    };
    const auto [right, beyondRight] = held(reach->max.x, kInf);
    const auto [bottom, belowBottom] = held(reach->min.y, -kInf);
    positions[a].x = right;
    positions[b].x = beyondRight;
    positions[c].y = bottom;
    positions[d].y = belowBottom;
    const pbd::app::WorldRect bulk = pbd::app::clothBulk(positions);
    REQUIRE(bulk.max.x == right); // a is in, b out: the case tests the reach's edge
    REQUIRE(bulk.min.y == bottom);
    return positions;
}

} // namespace

TEST_CASE("the GPU's bulk of the cloth is clothBulk's, bit for bit, in double and in float")
{
    for (bool doublePrecision : {true, false}) {
        std::string why;
        auto box = GpuClothBox::create(2, doublePrecision, why);
        INFO(why);
        REQUIRE(box);
        const std::vector<glm::dvec2> hanging = hangingCloth(40, 30, 60);
        checkBulk(*box, hanging, "a hanging cloth (the bulk is its box)");

        // Strays: a few torn-off particles thrown far away, pins left behind far above.
        std::vector<glm::dvec2> strays = hanging;
        strays[3] = {250.0, -3.0};
        strays[700] = {-40.0, 900.0};
        strays[1100] = {7.5, -4000.0};
        checkBulk(*box, strays, "strays left out");
        const pbd::app::WorldRect bulk = pbd::app::clothBulk(strays);
        REQUIRE(bulk.max.x < 250.0); // the rule leaves them out: the case tests the reach

        // Not finite: left out, and the samples are every stride-th finite one (a scan).
        std::vector<glm::dvec2> holes = strays;
        for (std::size_t i = 0; i < holes.size(); i += 37)
            holes[i].x = i % 2 == 0 ? kNaN : kInf;
        holes[5].y = -kInf;
        checkBulk(*box, holes, "not finite ones left out");
        checkBulk(*box, edged(holes, doublePrecision, 1000, 1001, 30, 31),
                  "particles at the reach's edges, with holes");

        // Fewer than kBulkMinParticles finite ones: their box; none: empty.
        std::vector<glm::dvec2> few(hanging.begin(), hanging.begin() + 30);
        for (std::size_t i = 0; i < few.size(); i += 2)
            few[i] = {kNaN, 0.0};
        few[1] = {-600.0, 3.0};
        checkBulk(*box, few, "15 finite: their box");
        checkBulk(*box, std::vector<glm::dvec2>(12, glm::dvec2(kNaN)), "none finite");
        checkBulk(*box, std::vector<glm::dvec2>(40, glm::dvec2(1.5, -2.25)), "all at one point");

        // More than kBulkSamples: every stride-th, with ties, negative and positive values,
        // strays and holes, over several work groups' scans.
        std::mt19937 random(7);
        std::uniform_real_distribution<double> spread(-3.0, 5.0);
        std::vector<glm::dvec2> many(300 * 300);
        for (std::size_t i = 0; i < many.size(); ++i)
            many[i] = i % 5 == 0 ? glm::dvec2(std::round(spread(random)), 0.5)
                                 : glm::dvec2(spread(random), spread(random) * 0.25);
        for (std::size_t i = 11; i < many.size(); i += 9001)
            many[i] = {spread(random) * 1e4, spread(random) * 1e5};
        checkBulk(*box, many, "90000 scattered (stride 11)");
        for (std::size_t i = 0; i < many.size(); i += 613)
            many[i].y = kNaN;
        checkBulk(*box, many, "90000 scattered with holes");
        checkBulk(*box, edged(many, doublePrecision, 1000, 2000, 3000, 4000),
                  "90000 with particles at the reach's edges");

        // Over 256 samples equal at the low quantile (every byte of the key selected), and
        // over 256 sharing its top bytes but no more (the few gathered, ranked among them).
        std::vector<glm::dvec2> ties(3000);
        for (std::size_t i = 0; i < ties.size(); ++i)
            ties[i] = i < 600 ? glm::dvec2(-3.5, spread(random))
                              : glm::dvec2(spread(random), -2.0 + 1e-9 * static_cast<double>(i));
        checkBulk(*box, edged(ties, doublePrecision, 2990, 2991, 2992, 2993),
                  "ties and near ties at the quantiles");
        CHECK(box->answers() == 11);
    }
    CHECK(pbd::gpu::GpuSolver::glError() == 0);
}

TEST_CASE("the GPU's box of a 3D cloth is the box of its finite positions, bit for bit")
{
    for (bool doublePrecision : {true, false}) {
        std::string why;
        auto box = GpuClothBox::create(3, doublePrecision, why);
        INFO(why);
        REQUIRE(box);
        std::mt19937 random(3);
        std::uniform_real_distribution<double> spread(-2.0, 3.0);
        std::vector<double> reals(3 * 5000);
        for (double& r : reals)
            r = spread(random);
        reals[3 * 17 + 2] = 40.0; // a stray stays in: no bulk in 3D
        reals[3 * 99] = kNaN;
        reals[3 * 4000 + 1] = -kInf;
        if (!doublePrecision)
            for (double& r : reals)
                r = static_cast<double>(static_cast<float>(r));
        glm::dvec3 low(kInf);
        glm::dvec3 high(-kInf);
        for (std::size_t i = 0; i < 5000; ++i) {
            const glm::dvec3 p(reals[3 * i], reals[3 * i + 1], reals[3 * i + 2]);
            if (std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)) {
                low = glm::min(low, p);
                high = glm::max(high, p);
            }
        }
        const unsigned buffer = bufferOf(reals, doublePrecision);
        REQUIRE(box->request(buffer, 5000, GpuClothBox::Rule{}));
        GpuClothBox::Answer answer;
        REQUIRE(box->poll(answer, true));
        glDeleteBuffers(1, &buffer);
        INFO((doublePrecision ? "double" : "float"));
        REQUIRE_FALSE(answer.empty);
        for (int a = 0; a < 3; ++a) {
            CHECK(answer.min[static_cast<std::size_t>(a)] == low[a]);
            CHECK(answer.max[static_cast<std::size_t>(a)] == high[a]);
        }
        CHECK(answer.max[2] == 40.0);
    }
}

TEST_CASE("the GPU solver's own positions measured without reading its state back")
{
    for (pbd::GpuPrecision precision : {pbd::GpuPrecision::Double, pbd::GpuPrecision::Float}) {
        pbd::Settings settings;
        settings.width = 40;
        settings.height = 30;
        settings.solver = pbd::Solver::Gpu;
        settings.gpuPrecision = precision;
        pbd::Simulation simulation(settings);
        simulation.installBackend(pbd::gpu::currentContextBackendFactory("test context"));
        for (int k = 0; k < 50; ++k)
            simulation.step();
        auto* solver = pbd::gpu::gpuSolverOf(simulation.backend());
        REQUIRE(solver != nullptr);
        std::string why;
        auto box = GpuClothBox::create(2, precision == pbd::GpuPrecision::Double, why);
        REQUIRE(box);
        const std::size_t reads = solver->readbacks();
        REQUIRE(box->request(solver->positionsBuffer(), solver->particleCount(), bulkRule()));
        GpuClothBox::Answer answer;
        REQUIRE(box->poll(answer, true));
        CHECK(solver->readbacks() == reads); // the state stayed on the GPU
        CHECK(answer.candidates == 1200);
        simulation.sync();
        const pbd::app::WorldRect cpu = pbd::app::clothBulk(simulation.particles().position);
        INFO(pbd::gpuPrecisionName(precision));
        CHECK(answer.min[0] == cpu.min.x);
        CHECK(answer.min[1] == cpu.min.y);
        CHECK(answer.max[0] == cpu.max.x);
        CHECK(answer.max[1] == cpu.max.y);
    }
}
