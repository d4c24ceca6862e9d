#include "pbd/obj_file.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "files/text_file.h"
#include "pbd/simulation.h"
#include "pbd/topology.h"

namespace pbd {
namespace {

void appendNumbers(std::string& text, const char* tag, const std::array<double, 3>& v)
{
    char line[96];
    std::snprintf(line, sizeof line, "%s %.17g %.17g %.17g\n", tag, v[0], v[1], v[2]);
    text += line;
}

std::array<double, 3> xyz(const Vec<2>& p) { return {p.x, p.y, 0.0}; }
std::array<double, 3> xyz(const Vec<3>& p) { return {p.x, p.y, p.z}; }

} // namespace

template <glm::length_t D>
std::string objText(const SimulationOf<D>& simulation)
{
    const std::vector<Vec<D>>& x = simulation.particles().position;
    const ClothTopology& topology = simulation.topology();
    const std::span<const std::uint8_t> alive = simulation.alive();
    const std::vector<std::array<std::uint32_t, 3>> edges = surfaceTriangleEdges(topology);
    std::vector<Triangle> whole;
    whole.reserve(edges.size());
    for (std::size_t t = 0; t < edges.size(); ++t)
        if (alive[edges[t][0]] != 0 && alive[edges[t][1]] != 0 && alive[edges[t][2]] != 0)
            whole.push_back(topology.surfaceTriangle(t));
    std::vector<std::array<double, 3>> normals(x.size(), {0.0, 0.0, 0.0});
    for (const Triangle& t : whole) {
        const std::array<double, 3> a = xyz(x[t.a]), b = xyz(x[t.b]), c = xyz(x[t.c]);
        const std::array<double, 3> u{b[0] - a[0], b[1] - a[1], b[2] - a[2]};
        const std::array<double, 3> v{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        const std::array<double, 3> n{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                                      u[0] * v[1] - u[1] * v[0]};
        for (const Index i : {t.a, t.b, t.c})
            for (int k = 0; k < 3; ++k)
                normals[i][k] += n[k];
    }
    std::string text = "# pbd-cloth: " + std::to_string(simulation.settings().width) + " x " +
                       std::to_string(simulation.settings().height) + " particles, " +
                       std::to_string(whole.size()) + " triangles\n";
    text.reserve(text.size() + 160 * x.size() + 40 * whole.size());
    for (const Vec<D>& p : x)
        appendNumbers(text, "v", xyz(p));
    for (std::array<double, 3>& n : normals) {
        const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (length > 0.0 && std::isfinite(length))
            n = {n[0] / length, n[1] / length, n[2] / length};
        else
            n = {0.0, 0.0, 1.0};
        appendNumbers(text, "vn", n);
    }
    char line[96];
    for (const Triangle& t : whole) {
        std::snprintf(line, sizeof line, "f %u//%u %u//%u %u//%u\n", t.a + 1, t.a + 1, t.b + 1,
                      t.b + 1, t.c + 1, t.c + 1);
        text += line;
    }
    return text;
}

template <glm::length_t D>
std::optional<std::string> saveObjFile(const SimulationOf<D>& simulation, const std::string& path)
{
    return replaceFileWith(path, objText(simulation));
}

template std::string objText(const SimulationOf<2>&);
template std::string objText(const SimulationOf<3>&);
template std::optional<std::string> saveObjFile(const SimulationOf<2>&, const std::string&);
template std::optional<std::string> saveObjFile(const SimulationOf<3>&, const std::string&);

} // namespace pbd
