#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "logic/cloth_mesh.h"
#include "pbd/cloth.h"

using namespace pbd::app;
using pbd::DistanceConstraint;

namespace {

struct Grid {
    int width, height;
    pbd::ClothGrid cloth;
    std::vector<std::uint8_t> alive;

    Grid(int w, int h) : width(w), height(h), cloth(pbd::buildClothGrid(w, h)),
                         alive(cloth.constraints.size(), 1) {}
    GridEdges edges() const { return gridEdges(width, height, cloth.constraints, alive); }
    /// Cuts the constraint joining particles p and q (either order); false when none does.
    bool cut(std::uint32_t p, std::uint32_t q)
    {
        for (std::size_t k = 0; k < cloth.constraints.size(); ++k) {
            const DistanceConstraint& c = cloth.constraints[k];
            if ((c.a == p && c.b == q) || (c.a == q && c.b == p)) {
                alive[k] = 0;
                return true;
            }
        }
        return false;
    }
    std::uint32_t at(int i, int j) const { return static_cast<std::uint32_t>(i * width + j); }
    /// Twice the signed area of triangle t (y up): positive when counter-clockwise.
    double signedArea2(const std::vector<std::uint32_t>& tris, std::size_t t) const
    {
        const glm::dvec2 a = cloth.positions[tris[3 * t]], b = cloth.positions[tris[3 * t + 1]],
                         c = cloth.positions[tris[3 * t + 2]];
        return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    }
    double area(const std::vector<std::uint32_t>& tris) const
    {
        double sum = 0.0;
        for (std::size_t t = 0; t < tris.size() / 3; ++t)
            sum += 0.5 * signedArea2(tris, t);
        return sum;
    }
};

} // namespace

TEST_CASE("the page's grid has every edge of every cell alive", "[mesh]")
{
    const Grid grid(40, 30);
    const GridEdges e = grid.edges();
    int whole = 0;
    for (int i = 0; i + 1 < 30; ++i)
        for (int j = 0; j + 1 < 40; ++j)
            whole += e.cellWhole(i, j) ? 1 : 0;
    CHECK(whole == 39 * 29);
    // The last column has no right edge, the last row no down edge.
    CHECK(e.right[grid.at(3, 39)] == kNoEdge);
    CHECK(e.down[grid.at(29, 5)] == kNoEdge);
    CHECK(e.rising[grid.at(0, 0)] != kNoEdge);
    // Each edge names its own constraint.
    const DistanceConstraint& r = grid.cloth.constraints[e.right[grid.at(2, 3)]];
    CHECK(std::set<std::uint32_t>{r.a, r.b} == std::set<std::uint32_t>{grid.at(2, 3), grid.at(2, 4)});
    const DistanceConstraint& f = grid.cloth.constraints[e.rising[grid.at(2, 3)]];
    CHECK(std::set<std::uint32_t>{f.a, f.b} == std::set<std::uint32_t>{grid.at(2, 4), grid.at(3, 3)});
}

TEST_CASE("a whole cloth fills with two counter-clockwise triangles per cell", "[mesh]")
{
    const Grid grid(5, 4);
    std::vector<std::uint32_t> tris;
    meshTriangles(grid.edges(), 1, tris);
    REQUIRE(tris.size() == 3 * 2 * 4 * 3);
    for (std::size_t t = 0; t < tris.size() / 3; ++t)
        CHECK(grid.signedArea2(tris, t) > 0.0);
    CHECK(grid.area(tris) == Approx(4 * 3 * 0.04)); // covers the cloth once
}

TEST_CASE("a triangle is drawn only when its three edges are alive", "[mesh]")
{
    Grid grid(3, 3);
    std::vector<std::uint32_t> tris;
    SECTION("one diagonal cut: the cell splits along the other, still whole")
    {
        REQUIRE(grid.cut(grid.at(0, 0), grid.at(1, 1)));
        meshTriangles(grid.edges(), 1, tris);
        CHECK(tris.size() == 3 * 8);
        CHECK(grid.area(tris) == Approx(4 * 0.04));
    }
    SECTION("a side cut: the triangle on that side goes, the other stays")
    {
        REQUIRE(grid.cut(grid.at(0, 0), grid.at(0, 1)));
        meshTriangles(grid.edges(), 1, tris);
        CHECK(tris.size() == 3 * 7);
        CHECK(grid.area(tris) == Approx(4 * 0.04 - 0.02));
    }
    SECTION("a knife across the lower row of cells leaves a gap between rows 1 and 2")
    {
        for (int j = 0; j < 3; ++j)
            REQUIRE(grid.cut(grid.at(1, j), grid.at(2, j)));
        for (int j = 0; j < 2; ++j) {
            REQUIRE(grid.cut(grid.at(1, j), grid.at(2, j + 1)));
            REQUIRE(grid.cut(grid.at(1, j + 1), grid.at(2, j)));
        }
        meshTriangles(grid.edges(), 1, tris);
        CHECK(tris.size() == 3 * 4); // the upper row of cells only
        for (std::uint32_t p : tris)
            CHECK(p < grid.at(2, 0));
    }
}

TEST_CASE("the level-of-detail step is the smallest power of two reaching eight pixels",
          "[mesh]")
{
    CHECK(lodStep(10.0) == 1); // the page's 40 x 30: 0.2 m at 50 px/m
    CHECK(lodStep(8.0) == 1);
    CHECK(lodStep(7.9) == 2);
    CHECK(lodStep(3.0) == 4); // 300 x 300 fitted: 12-pixel cells drawn
    CHECK(lodStep(2.0) == 4);
    CHECK(lodStep(1.2) == 8); // 4 x 1.2 = 4.8 < 8 <= 8 x 1.2
    CHECK(lodStep(1.9, 2.0) == 2);
    CHECK(lodStep(0.0) == 1 << 16);
    CHECK(lodStep(-1.0) == 1 << 16);
    CHECK(lodStep(std::numeric_limits<double>::quiet_NaN()) == 1 << 16);
}

TEST_CASE("the decimated grid keeps every k-th row and column and the last", "[mesh]")
{
    LineSet lines;
    SECTION("9 x 9 at step 4: rows and columns 0, 4, 8, two segments each")
    {
        Grid grid(9, 9);
        decimatedLines(grid.edges(), 4, lines);
        CHECK(lines.pairs.size() == 2 * 12);
        CHECK(lines.constraints.size() == 12);
        std::set<std::pair<std::uint32_t, std::uint32_t>> set;
        for (std::size_t l = 0; l < 12; ++l)
            set.insert({lines.pairs[2 * l], lines.pairs[2 * l + 1]});
        CHECK(set.count({grid.at(0, 0), grid.at(0, 4)}) == 1);
        CHECK(set.count({grid.at(8, 4), grid.at(8, 8)}) == 1);
        CHECK(set.count({grid.at(4, 8), grid.at(8, 8)}) == 1);
        CHECK(set.count({grid.at(0, 0), grid.at(0, 1)}) == 0);
        // A segment is coloured by its first edge's constraint.
        const DistanceConstraint& c = grid.cloth.constraints[lines.constraints[0]];
        CHECK(std::set<std::uint32_t>{c.a, c.b} == std::set<std::uint32_t>{grid.at(0, 0), grid.at(0, 1)});
    }
    SECTION("10 x 10 at step 4: rows 0, 4, 8 and 9")
    {
        Grid grid(10, 10);
        decimatedLines(grid.edges(), 4, lines);
        CHECK(lines.pairs.size() == 2 * 24);
    }
    SECTION("an edge cut inside a segment removes that segment only")
    {
        Grid grid(9, 9);
        REQUIRE(grid.cut(grid.at(4, 5), grid.at(4, 6)));
        decimatedLines(grid.edges(), 4, lines);
        CHECK(lines.pairs.size() == 2 * 11);
        for (std::size_t l = 0; l < lines.pairs.size() / 2; ++l)
            CHECK_FALSE((lines.pairs[2 * l] == grid.at(4, 4) && lines.pairs[2 * l + 1] == grid.at(4, 8)));
    }
}

TEST_CASE("decimated cells span k x k cells and need every cell inside whole", "[mesh]")
{
    Grid grid(9, 9);
    std::vector<std::uint32_t> tris;
    meshTriangles(grid.edges(), 4, tris);
    CHECK(tris.size() == 3 * 8);
    CHECK(grid.area(tris) == Approx(64 * 0.04));
    for (std::size_t t = 0; t < tris.size() / 3; ++t)
        CHECK(grid.signedArea2(tris, t) > 0.0);
    REQUIRE(grid.cut(grid.at(5, 5), grid.at(6, 5))); // inside the bottom-right coarse cell
    meshTriangles(grid.edges(), 4, tris);
    CHECK(tris.size() == 3 * 6);
    CHECK(grid.area(tris) == Approx(48 * 0.04));
}

TEST_CASE("a particle's strain is the mean over its lines", "[mesh]")
{
    // Constraint 2 (0-2, strain 9) is cut: no line.
    const LineSet lines{{0, 1, 1, 2}, {0, 1}};
    const std::vector<float> strains{0.5f, -0.25f, 9.0f};
    std::vector<float> out;
    std::vector<std::uint16_t> counts;
    particleStrains(lines, strains, 4, out, counts);
    REQUIRE(out.size() == 4);
    CHECK(out[0] == 0.5f);
    CHECK(out[1] == 0.125f);
    CHECK(out[2] == -0.25f);
    CHECK(out[3] == 0.0f);
}

TEST_CASE("draw modes read and write their words", "[mesh]")
{
    for (const auto& [mode, name] : kDrawModeNames) {
        CHECK(drawModeFromName(name) == mode);
        CHECK(std::string_view(drawModeName(mode)) == name);
    }
    CHECK_FALSE(drawModeFromName("fill"));
}

TEST_CASE("vertex normals face +z on the vertical sheet and point outwards on a cylinder",
          "[cloth-mesh][normals]")
{
    const Grid grid(21, 11);
    std::vector<std::uint32_t> tris;
    meshTriangles(grid.edges(), 1, tris);
    std::vector<glm::dvec3> x;
    for (const glm::dvec2 p : grid.cloth.positions)
        x.emplace_back(p.x, p.y, 0.0);
    std::vector<glm::vec3> normals;
    vertexNormals(x, tris, normals);
    REQUIRE(normals.size() == x.size());
    for (const glm::vec3 n : normals)
        CHECK(n == glm::vec3(0.0f, 0.0f, 1.0f));

    // Rolled around the y axis, radius 1: column j at angle 0.1 j from +z towards +x. The
    // faces around an inner particle weigh alike on both sides, so its normal is the radius.
    const double radius = 1.0;
    for (int i = 0; i < grid.height; ++i)
        for (int j = 0; j < grid.width; ++j) {
            const double a = 0.1 * j;
            x[static_cast<std::size_t>(i * grid.width + j)] = {radius * std::sin(a), -0.2 * i,
                                                               radius * std::cos(a)};
        }
    const std::vector<glm::vec3>::size_type capacity = normals.capacity();
    vertexNormals(x, tris, normals);
    CHECK(normals.capacity() == capacity);
    for (int i = 1; i + 1 < grid.height; ++i)
        for (int j = 1; j + 1 < grid.width; ++j) {
            const double a = 0.1 * j;
            const glm::vec3 n = normals[static_cast<std::size_t>(i * grid.width + j)];
            CHECK(glm::length(n) == Approx(1.0f).margin(1e-6));
            // Within 1e-3 rad of the outward radius.
            CHECK(n.x * std::sin(a) + n.z * std::cos(a) > std::cos(1e-3));
        }
    // A particle in no triangle faces +z.
    vertexNormals(x, std::span<const std::uint32_t>(), normals);
    CHECK(normals[7] == glm::vec3(0.0f, 0.0f, 1.0f));
}
