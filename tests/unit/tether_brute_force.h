#pragma once
// A brute-force shortest path through a cloth at rest, to check the tether lengths against:
// the same region (the material triangles of each cell and the live constraints, see
// tether_domain.h) but found the slow, obvious way. A segment lies in the region when the
// pieces it overlaps cover all of it (each piece clipped exactly, in integer arithmetic); the
// shortest path bends only at the pieces' corners (particles and cell centres), so Dijkstra
// over the complete graph of mutually visible corners gives it exactly.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "pbd/cloth.h"

namespace tether_test {

/// A point in doubled grid units: particle (i, j) at (2j, 2i), cell centre at (2j+1, 2i+1).
struct Pt {
    long long x;
    long long y;
};

/// t = n / d with d > 0.
struct Q {
    long long n;
    long long d;
};
inline bool operator<(Q a, Q b) { return a.n * b.d < b.n * a.d; }
inline bool operator<=(Q a, Q b) { return a.n * b.d <= b.n * a.d; }

/// The closed interval of t in [0, 1] where p + t (q - p) lies in the closed triangle abc, or
/// an empty one (lo > hi).
inline std::pair<Q, Q> clipTriangle(Pt p, Pt q, Pt a, Pt b, Pt c)
{
    Q lo{0, 1};
    Q hi{1, 1};
    const Pt corners[3] = {a, b, c};
    const long long area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    const long long sign = area > 0 ? 1 : -1;
    for (int k = 0; k < 3; ++k) {
        const Pt u = corners[k];
        const Pt v = corners[(k + 1) % 3];
        // sign * cross(v - u, x - u) >= 0 with x = p + t d: alpha + beta t >= 0.
        const long long ex = v.x - u.x;
        const long long ey = v.y - u.y;
        const long long alpha = sign * (ex * (p.y - u.y) - ey * (p.x - u.x));
        const long long beta = sign * (ex * (q.y - p.y) - ey * (q.x - p.x));
        if (beta == 0) {
            if (alpha < 0)
                return {Q{1, 1}, Q{0, 1}};
        } else if (beta > 0) { // t >= -alpha / beta
            const Q bound{-alpha, beta};
            if (lo < bound)
                lo = bound;
        } else { // t <= alpha / -beta
            const Q bound{alpha, -beta};
            if (bound < hi)
                hi = bound;
        }
    }
    return {lo, hi};
}

/// The cloth at rest as pieces: the present quarters and the live constraints.
class BruteCloth {
public:
    BruteCloth(int width, int height, std::span<const std::uint8_t> alive)
        : width_(width), height_(height)
    {
        const pbd::ClothGrid grid = pbd::buildClothGrid(width, height);
        for (std::size_t k = 0; k < grid.constraints.size(); ++k)
            if (alive[k] != 0)
                segments_.push_back({particle(grid.constraints[k].a), particle(grid.constraints[k].b)});
        auto live = [&](pbd::Index a, pbd::Index b) {
            for (std::size_t k = 0; k < grid.constraints.size(); ++k) {
                const auto& c = grid.constraints[k];
                if ((c.a == a && c.b == b) || (c.a == b && c.b == a))
                    return alive[k] != 0;
            }
            return false;
        };
        const auto w = static_cast<pbd::Index>(width);
        for (int i = 0; i + 1 < height; ++i)
            for (int j = 0; j + 1 < width; ++j) {
                const pbd::Index tl = static_cast<pbd::Index>(i) * w + static_cast<pbd::Index>(j);
                const pbd::Index tr = tl + 1;
                const pbd::Index bl = tl + w;
                const pbd::Index br = bl + 1;
                // A triangle of three live constraints is material.
                const pbd::Index triangles[4][3] = {{tl, tr, br}, {tl, br, bl}, {tl, tr, bl}, {tr, br, bl}};
                for (const auto& t : triangles)
                    if (live(t[0], t[1]) && live(t[1], t[2]) && live(t[2], t[0]))
                        triangles_.push_back({particle(t[0]), particle(t[1]), particle(t[2])});
            }
    }

    Pt particle(pbd::Index index) const
    {
        const auto w = static_cast<pbd::Index>(width_);
        return {2 * static_cast<long long>(index % w), 2 * static_cast<long long>(index / w)};
    }

    /// Whether every point of the closed segment p-q lies in a material triangle or on a
    /// live constraint.
    bool covers(Pt p, Pt q) const
    {
        if (p.x == q.x && p.y == q.y)
            return true;
        std::vector<std::pair<Q, Q>> parts;
        for (const auto& t : triangles_) {
            auto part = clipTriangle(p, q, t[0], t[1], t[2]);
            if (part.first <= part.second)
                parts.push_back(part);
        }
        const long long dx = q.x - p.x;
        const long long dy = q.y - p.y;
        const long long dd = dx * dx + dy * dy;
        for (const auto& s : segments_) {
            auto cross = [&](Pt r) { return dx * (r.y - p.y) - dy * (r.x - p.x); };
            if (cross(s[0]) != 0 || cross(s[1]) != 0)
                continue; // not on the segment's line
            Q t0{dx * (s[0].x - p.x) + dy * (s[0].y - p.y), dd};
            Q t1{dx * (s[1].x - p.x) + dy * (s[1].y - p.y), dd};
            if (t1 < t0)
                std::swap(t0, t1);
            parts.push_back({t0, t1});
        }
        std::sort(parts.begin(), parts.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        Q reached{0, 1};
        for (const auto& part : parts) {
            if (Q{1, 1} < part.first)
                break; // beyond the segment's end
            if (reached < part.first)
                return false; // a gap
            if (reached < part.second)
                reached = part.second;
        }
        return Q{1, 1} <= reached;
    }

    /// Shortest rest distance in metres (spacing `sx`, `sy`) from particle `from` to every
    /// particle; infinity where there is no path.
    std::vector<double> distances(pbd::Index from, double sx, double sy) const
    {
        std::vector<Pt> nodes;
        for (int i = 0; i < height_; ++i)
            for (int j = 0; j < width_; ++j)
                nodes.push_back({2LL * j, 2LL * i});
        for (int i = 0; i + 1 < height_; ++i)
            for (int j = 0; j + 1 < width_; ++j)
                nodes.push_back({2LL * j + 1, 2LL * i + 1});
        const std::size_t n = nodes.size();
        std::vector<double> d(n, std::numeric_limits<double>::infinity());
        std::vector<bool> done(n, false);
        d[from] = 0.0;
        auto length = [&](Pt a, Pt b) {
            const double x = 0.5 * sx * static_cast<double>(b.x - a.x);
            const double y = 0.5 * sy * static_cast<double>(b.y - a.y);
            return std::sqrt(x * x + y * y);
        };
        for (;;) {
            std::size_t u = n;
            for (std::size_t v = 0; v < n; ++v)
                if (!done[v] && std::isfinite(d[v]) && (u == n || d[v] < d[u]))
                    u = v;
            if (u == n)
                break;
            done[u] = true;
            for (std::size_t v = 0; v < n; ++v)
                if (!done[v] && d[u] + length(nodes[u], nodes[v]) < d[v] && covers(nodes[u], nodes[v]))
                    d[v] = d[u] + length(nodes[u], nodes[v]);
        }
        d.resize(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_));
        return d;
    }

private:
    int width_;
    int height_;
    std::vector<std::array<Pt, 3>> triangles_;
    std::vector<std::array<Pt, 2>> segments_;
};

} // namespace tether_test
