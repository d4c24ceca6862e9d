#include "air/air_triangles.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <glm/geometric.hpp>

#include "air/air.h"

namespace pbd::detail {

Vec<3> airTriangleForce(const std::array<Vec<3>, 3>& x, const std::array<Vec<3>, 3>& v,
                        const std::array<Vec<3>, 3>& wind, double drag, double wSum,
                        const AirCap& cap)
{
    const Vec<3> normal = 0.5 * glm::cross(x[1] - x[0], x[2] - x[0]); // |N| = A
    const double areaSquared = squaredLength(normal);
    if (!(areaSquared >= 1e-12))
        return Vec<3>(0.0);
    const Vec<3> relative = (wind[0] + wind[1] + wind[2]) / 3.0 - (v[0] + v[1] + v[2]) / 3.0;
    const double across = dot(relative, normal);
    return airScale(drag, across, wSum, areaSquared, cap) * normal;
}

AirTriangleGather airTriangleGather(const ClothTopology& topology, std::size_t n)
{
    AirTriangleGather out;
    const std::size_t count = 2 * topology.cellCount();
    out.start.assign(n + 1, 0);
    for (std::size_t t = 0; t < count; ++t) {
        const Triangle tri = topology.surfaceTriangle(t);
        ++out.start[tri.a + 1];
        ++out.start[tri.b + 1];
        ++out.start[tri.c + 1];
    }
    for (std::size_t i = 0; i < n; ++i)
        out.start[i + 1] += out.start[i];
    out.entries.resize(out.start[n]);
    out.shares.resize(out.start[n]);
    std::vector<std::uint32_t> next(out.start.begin(), out.start.end() - 1);
    const auto width = static_cast<Index>(topology.width);
    for (std::size_t t = 0; t < count; ++t) {
        const auto u = static_cast<std::uint32_t>(t);
        const Triangle tri = topology.surfaceTriangle(t);
        // The cell's diagonal runs from its top-left particle k to k + width + 1.
        const Index k = std::min({tri.a, tri.b, tri.c});
        for (Index i : {tri.a, tri.b, tri.c}) {
            const bool diagonal = i == k || i == k + width + 1;
            out.shares[next[i]] = diagonal ? 0.25 : 0.5;
            out.entries[next[i]++] = u;
        }
    }
    return out;
}

void AirTriangles::prepare(const ClothTopology& topology, std::size_t n)
{
    if (topology.width == width_ && topology.height == height_ && gather_.start.size() == n + 1)
        return;
    width_ = topology.width;
    height_ = topology.height;
    const std::size_t count = 2 * topology.cellCount();
    triangles_.resize(count);
    for (std::size_t t = 0; t < count; ++t)
        triangles_[t] = topology.surfaceTriangle(t);
    edges_ = surfaceTriangleEdges(topology);
    gather_ = airTriangleGather(topology, n);
    force_.resize(count);
    accel_.resize(n);
}

const Vec<3>* AirTriangles::accelerations(const ClothTopology& topology, const Vec<3>* x,
                                          const Vec<3>* v, const double* w, std::size_t n,
                                          Vec<3> wind, const Vec<3>* windAt, double drag,
                                          const AirCap& cap, const std::uint8_t* alive)
{
    prepare(topology, n);
    for (std::size_t t = 0; t < triangles_.size(); ++t) {
        const std::array<Index, 3> corner{triangles_[t].a, triangles_[t].b, triangles_[t].c};
        if (alive != nullptr &&
            (alive[edges_[t][0]] == 0 || alive[edges_[t][1]] == 0 || alive[edges_[t][2]] == 0)) {
            force_[t] = Vec<3>(0.0);
            continue;
        }
        std::array<Vec<3>, 3> xs, vs, winds;
        double wSum = 0.0;
        for (std::size_t k = 0; k < 3; ++k) {
            const Index i = corner[k];
            xs[k] = x[i];
            vs[k] = w[i] == 0.0 ? Vec<3>(0.0) : v[i]; // a particle that does not move: at rest
            winds[k] = windAt != nullptr ? windAt[i] : wind;
            wSum = wSum + w[i];
        }
        force_[t] = airTriangleForce(xs, vs, winds, drag, wSum, cap);
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (w[i] == 0.0) {
            accel_[i] = Vec<3>(0.0);
            continue;
        }
        Vec<3> sum(0.0);
        for (std::uint32_t e = gather_.start[i]; e < gather_.start[i + 1]; ++e)
            sum = sum + gather_.shares[e] * force_[gather_.entries[e]];
        accel_[i] = w[i] * sum; // its shares of its triangles' forces, over its mass
    }
    return accel_.data();
}

} // namespace pbd::detail
