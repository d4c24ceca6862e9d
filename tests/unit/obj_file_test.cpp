// The OBJ export (pbd/obj_file.h): every particle a vertex, exactly; the whole surface
// triangles, counter-clockwise about their normals; gaps where constraints are gone.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "pbd/obj_file.h"
#include "pbd/simulation.h"
#include "pbd/topology.h"

using namespace pbd;

namespace {

struct Obj {
    std::vector<std::array<double, 3>> v, vn;
    std::vector<std::array<std::uint32_t, 3>> f; // 0-based
};

Obj parse(const std::string& text)
{
    Obj obj;
    std::istringstream in(text);
    std::string tag;
    while (in >> tag) {
        if (tag == "#") {
            std::getline(in, tag);
        } else if (tag == "v" || tag == "vn") {
            std::array<double, 3> p{};
            in >> p[0] >> p[1] >> p[2];
            (tag == "v" ? obj.v : obj.vn).push_back(p);
        } else {
            REQUIRE(tag == "f");
            std::array<std::uint32_t, 3> face{};
            for (std::uint32_t& i : face) {
                std::string corner;
                in >> corner;
                const std::size_t slashes = corner.find("//");
                REQUIRE(slashes != std::string::npos);
                i = static_cast<std::uint32_t>(std::stoul(corner.substr(0, slashes))) - 1;
                CHECK(corner.substr(slashes + 2) == corner.substr(0, slashes));
            }
            obj.f.push_back(face);
        }
    }
    return obj;
}

std::array<double, 3> faceNormal(const Obj& obj, const std::array<std::uint32_t, 3>& f)
{
    const auto& a = obj.v[f[0]];
    const auto& b = obj.v[f[1]];
    const auto& c = obj.v[f[2]];
    const std::array<double, 3> u{b[0] - a[0], b[1] - a[1], b[2] - a[2]};
    const std::array<double, 3> w{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    return {u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
}

} // namespace

TEST_CASE("an OBJ of a draped 3D cloth holds its particles exactly and its whole triangles",
          "[obj]")
{
    Settings s;
    s.dimensions = 3;
    s.orientation = Orientation::Horizontal;
    s.width = 9;
    s.height = 7;
    s.bending = 1e-3;
    Simulation3 sim(s);
    for (int i = 0; i < 40; ++i)
        sim.step();
    Obj obj = parse(objText(sim));
    const auto& x = sim.particles().position;
    REQUIRE(obj.v.size() == x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
        CHECK(obj.v[i] == std::array<double, 3>{x[i].x, x[i].y, x[i].z});
    REQUIRE(obj.vn.size() == x.size());
    CHECK(obj.f.size() == 2 * 8 * 6);
    // Each face turns about the normals of its corners.
    for (const auto& f : obj.f) {
        const auto n = faceNormal(obj, f);
        for (const std::uint32_t i : f)
            CHECK(n[0] * obj.vn[i][0] + n[1] * obj.vn[i][1] + n[2] * obj.vn[i][2] > 0.0);
    }

    // One horizontal constraint inside the sheet removed: the two triangles it borders go.
    const Index k = 3 * 9 + 4;
    std::size_t horizontal = sim.constraints().size();
    for (std::size_t c = 0; c < sim.constraints().size(); ++c)
        if (sim.constraints()[c].a == k && sim.constraints()[c].b == k + 1)
            horizontal = c;
    REQUIRE(sim.removeConstraint(horizontal));
    CHECK(parse(objText(sim)).f.size() == 2 * 8 * 6 - 2);

    // A knife across the middle: exactly the triangles with a removed edge are gone.
    const double z = 0.5 * (x.front().z + x.back().z);
    REQUIRE(sim.cut({-1.0, x.front().y, z}, {10.0, x.front().y, z}, {0.0, 1.0, 0.0}) > 0);
    obj = parse(objText(sim));
    const auto edges = surfaceTriangleEdges(sim.topology());
    std::size_t whole = 0;
    for (const auto& e : edges)
        whole += sim.alive()[e[0]] && sim.alive()[e[1]] && sim.alive()[e[2]] ? 1 : 0;
    CHECK(whole < edges.size());
    CHECK(obj.f.size() == whole);
}

TEST_CASE("an OBJ of the page's 2D cloth lies in z = 0 facing +z, a bad path is refused",
          "[obj]")
{
    Simulation sim(Settings{});
    sim.step();
    const Obj obj = parse(objText(sim));
    REQUIRE(obj.v.size() == 40 * 30);
    for (std::size_t i = 0; i < obj.v.size(); ++i) {
        CHECK(obj.v[i][0] == sim.particles().position[i].x);
        CHECK(obj.v[i][2] == 0.0);
        CHECK(obj.vn[i] == std::array<double, 3>{0.0, 0.0, 1.0});
    }
    CHECK(obj.f.size() == 2 * 39 * 29);
    const auto error = saveObjFile(sim, "/nonexistent-folder/cloth.obj");
    REQUIRE(error);
    CHECK(error->rfind("cannot write /nonexistent-folder/cloth.obj: ", 0) == 0);
}
