// The 3D self-contact's candidate pairs found on the GPU (gpu_element_pairs.h): from the CPU's
// own boxes of a sheet folded over a sphere, double finds the CPU's point-triangle and
// edge-edge pairs in the CPU's order (the canonical order, pbd/device/element_pairs.h); on
// random boxes, float and double find every overlapping pair that shares no particle, as a
// brute-force comparison of all pairs does, also where the first buffers are too small.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <glad/gl.h>

#include "folded_sheet.h"
#include "gpu_backend.h"
#include "gpu_element_pairs.h"
#include "pbd/device/element_pairs.h"
#include "pbd/simulation.h"
#include "world/element_contact.h"

namespace {

using Box = std::array<glm::dvec3, 2>;
using pbd::detail::ElementPair;

/// A buffer holding `values` as doubles or floats.
template <typename T>
GLuint bufferOf(const std::vector<T>& values)
{
    GLuint buffer = 0;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER,
                 static_cast<GLsizeiptr>(std::max<std::size_t>(values.size() * sizeof(T), 16)),
                 values.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return buffer;
}

/// Boxes as the search takes them: 6 reals each, in the precision.
GLuint boxBuffer(const std::vector<Box>& boxes, bool dbl)
{
    std::vector<double> reals;
    for (const Box& b : boxes)
        for (const glm::dvec3& corner : b)
            reals.insert(reals.end(), {corner.x, corner.y, corner.z});
    if (dbl)
        return bufferOf(reals);
    return bufferOf(std::vector<float>(reals.begin(), reals.end()));
}

/// The search of `queries` (one particle each, or nodes of `queryNodes` each) against `table`.
std::vector<ElementPair> search(pbd::gpu::GpuElementPairs& gpu, const std::vector<Box>& queries,
                                const std::vector<std::uint32_t>& queryNodes, unsigned perQuery,
                                const std::vector<Box>& table,
                                const std::vector<std::uint32_t>& tableNodes, unsigned perTable,
                                bool same, double cell, bool dbl)
{
    const GLuint qBoxes = boxBuffer(queries, dbl);
    const GLuint tBoxes = same ? qBoxes : boxBuffer(table, dbl);
    const GLuint qNodes = perQuery == 1 ? 0 : bufferOf(queryNodes);
    const GLuint tNodes = same ? qNodes : bufferOf(tableNodes);
    gpu.find({qBoxes, qNodes, queries.size(), perQuery}, {tBoxes, tNodes, table.size(), perTable},
             same, cell);
    std::vector<ElementPair> pairs = gpu.downloadPairs();
    for (GLuint b : {qBoxes, qNodes})
        if (b != 0)
            glDeleteBuffers(1, &b);
    for (GLuint b : {tBoxes, tNodes})
        if (b != 0 && !same)
            glDeleteBuffers(1, &b);
    return pairs;
}

bool overlap(const Box& p, const Box& q)
{
    for (int a = 0; a < 3; ++a)
        if (!(p[0][a] <= q[1][a] && q[0][a] <= p[1][a]))
            return false;
    return true;
}

} // namespace

TEST_CASE("GPU element pairs: from the CPU's boxes of a folded sheet, double finds the CPU's "
          "pairs in the CPU's order", "[gpu3d][element-pairs]")
{
    // A free 20 x 20 sheet dropped over a sphere until its sides fold (the CPU's colored
    // solver), then one resolve() of the element contacts on its last substep.
    const pbd::Settings s = foldedSheetSettings(0.02);
    pbd::Simulation3 sim(s);
    foldOverSphere(sim);
    const pbd::ParticlesOf<3>& p = sim.particles();
    std::vector<glm::dvec3> x = p.position;
    pbd::detail::ElementContact contact;
    // The grid search (the one a device search matches), not the search by patches.
    contact.resolve(x.data(), p.stepStart.data(), p.inverseMass.data(), x.size(), sim.topology(),
                    nullptr, s.thickness, s.friction, {.patches = false});
    // The search's candidates (the in-sheet neighbours shown apart and the flat blocks' pairs
    // are left out after it).
    const auto& cpuPointTriangles = contact.candidatePointTriangles();
    const auto& cpuEdgeEdges = contact.candidateEdgeEdges();
    INFO(cpuPointTriangles.size() << " point-triangle and " << cpuEdgeEdges.size()
                                  << " edge-edge pairs on the CPU");
    REQUIRE(cpuPointTriangles.size() > 20);
    REQUIRE(cpuEdgeEdges.size() > 20);
    // The host search gives the canonical order by construction (no sort after it).
    CHECK(std::is_sorted(cpuPointTriangles.begin(), cpuPointTriangles.end(),
                         [](const auto& p, const auto& q) {
                             return pbd::detail::canonicalBefore(p.v, p.t, q.v, q.t);
                         }));
    CHECK(std::is_sorted(cpuEdgeEdges.begin(), cpuEdgeEdges.end(),
                         [](const auto& p, const auto& q) {
                             return pbd::detail::canonicalBefore(p.e, p.f, q.e, q.f);
                         }));

    const pbd::detail::SurfaceMesh& mesh = contact.mesh();
    std::vector<std::uint32_t> triangleNodes, edgeNodes;
    for (const pbd::Triangle& t : mesh.triangles)
        triangleNodes.insert(triangleNodes.end(), {t.a, t.b, t.c});
    for (const auto& e : mesh.edges)
        edgeNodes.insert(edgeNodes.end(), {e[0], e[1]});
    std::string why;
    auto gpu = pbd::gpu::GpuElementPairs::create(true, why);
    INFO(why);
    REQUIRE(gpu != nullptr);
    const std::vector<ElementPair> pointTriangles =
        search(*gpu, contact.pointBoxes(), {}, 1, contact.triangleBoxes(), triangleNodes, 3,
               false, contact.cellSize(), true);
    const std::vector<ElementPair> edgeEdges =
        search(*gpu, contact.edgeBoxes(), edgeNodes, 2, contact.edgeBoxes(), edgeNodes, 2, true,
               contact.cellSize(), true);
    REQUIRE(pointTriangles.size() == cpuPointTriangles.size());
    REQUIRE(edgeEdges.size() == cpuEdgeEdges.size());
    for (std::size_t k = 0; k < pointTriangles.size(); ++k) {
        CHECK(pointTriangles[k].query == cpuPointTriangles[k].v);
        CHECK(pointTriangles[k].table == cpuPointTriangles[k].t);
    }
    for (std::size_t k = 0; k < edgeEdges.size(); ++k) {
        CHECK(edgeEdges[k].query == cpuEdgeEdges[k].e);
        CHECK(edgeEdges[k].table == cpuEdgeEdges[k].f);
    }
}

TEST_CASE("GPU element pairs: on random boxes every overlapping pair sharing no particle, "
          "sorted, as a brute-force comparison finds, in float and double",
          "[gpu3d][element-pairs]")
{
    // Many boxes, a tenth of them over the whole space (their pairs and cells run past the
    // first buffers: 8 entries and 8 pairs per element), edges of random particles among 60;
    // corners exactly representable in float, so both precisions compare the same values.
    std::mt19937 random(7);
    std::uniform_real_distribution<double> at(-1.0, 1.0), size(0.01, 0.2);
    std::vector<Box> boxes;
    std::vector<std::uint32_t> nodes;
    for (int k = 0; k < 400; ++k) {
        const glm::dvec3 low = k % 10 == 0 ? glm::dvec3(-1.0)
                                           : glm::dvec3(at(random), at(random), at(random));
        const glm::dvec3 extent = k % 10 == 0 ? glm::dvec3(2.0)
                                              : glm::dvec3(size(random), size(random), size(random));
        boxes.push_back({glm::dvec3(glm::vec3(low)), glm::dvec3(glm::vec3(low + extent))});
        nodes.push_back(static_cast<std::uint32_t>(random() % 60));
        nodes.push_back(static_cast<std::uint32_t>(random() % 60));
    }
    std::vector<ElementPair> want;
    for (std::uint32_t e = 0; e < boxes.size(); ++e)
        for (std::uint32_t f = e + 1; f < boxes.size(); ++f) {
            const bool shares = nodes[2 * e] == nodes[2 * f] || nodes[2 * e] == nodes[2 * f + 1] ||
                                nodes[2 * e + 1] == nodes[2 * f] ||
                                nodes[2 * e + 1] == nodes[2 * f + 1];
            if (!shares && overlap(boxes[e], boxes[f]))
                want.push_back({e, f});
        }
    for (const bool dbl : {true, false}) {
        std::string why;
        auto gpu = pbd::gpu::GpuElementPairs::create(dbl, why);
        INFO(why);
        REQUIRE(gpu != nullptr);
        const std::vector<ElementPair> got =
            search(*gpu, boxes, nodes, 2, boxes, nodes, 2, true, 0.25, dbl);
        INFO((dbl ? "double" : "float") << ": " << got.size() << " pairs, " << want.size()
                                        << " expected");
        CHECK(want.size() > 8 * boxes.size());
        REQUIRE(got.size() == want.size());
        bool same = true;
        for (std::size_t k = 0; k < got.size(); ++k)
            same = same && got[k].query == want[k].query && got[k].table == want[k].table;
        CHECK(same);
    }
}
