#pragma once
// The air on a 3D cloth: a force per surface triangle (the cloth's topology's), the 3D form of
// the 2D force per constraint (air.h). A triangle of area A and unit normal n, in air moving
// at w relative to its three particles' mean velocity v (a particle with inverse mass 0
// counted at rest), feels
//     F = c A ((w - v) . n) n,
// a third to each particle: nothing along its plane, all across it. With N = (x_b - x_a) x
// (x_c - x_a) / 2 (|N| = A) this is c ((w - v) . N) N / |N|, the 2D law's c ((w - v) . p) p / l
// with N for p. The wind w is the mean of the wind at the three corners. A triangle feels
// the air while its three edges are live (not torn or cut).
//
// Each triangle's force is shared among its corners as the particles' masses share the
// cloth's area (a particle's mass is the quarter of each cell it is a corner of): the two
// ends of the cell's diagonal take a quarter each, the third corner half. A flat sheet then
// feels the same force per unit mass everywhere and falls flat; a third to each corner
// would give the cell's diagonal corners a third more and a third less than their masses'
// share, and a falling 11 x 11 sheet crumpled (1.4 m of height between its particles after
// 4 s, falling at twice m g / (c A)).
//
// The cap is the 2D one for three ends: where c A (w_a + w_b + w_c) exceeds 9 / (8 h), the
// explicit force would take more than 1/8 of the triangle's own normal velocity in a
// substep; there c A is held at 9 / (8 h (w_a + w_b + w_c)). Private to the core.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pbd/device/air_law.h"
#include "pbd/device/air_triangles.h"
#include "pbd/topology.h"
#include "pbd/vec.h"

namespace pbd::detail {

/// The force on one triangle (see the file comment) from its corners' positions, velocities
/// (already 0 for those that do not move) and wind; capped by `cap` with the corners' inverse
/// masses summing to wSum. Zero for a triangle of area below 1e-6 m^2 (|N|^2 < 1e-12).
Vec<3> airTriangleForce(const std::array<Vec<3>, 3>& x, const std::array<Vec<3>, 3>& v,
                        const std::array<Vec<3>, 3>& wind, double drag, double wSum,
                        const AirCap& cap);

/// One solver's 3D air: the triangles, each particle's triangles in ascending order, and the
/// per-triangle and per-particle buffers, kept between steps.
class AirTriangles {
public:
    /// The accelerations w_i sum_t s_ti F_t (m/s^2, s_ti particle i's share of triangle t) of
    /// n particles at x with velocities v and
    /// inverse masses w (0: left at 0), over each particle's live triangles in ascending
    /// order, in a wind `wind` (m/s; `windAt` per particle when not null) with drag c;
    /// `alive` per constraint of the topology (null: all live).
    const Vec<3>* accelerations(const ClothTopology& topology, const Vec<3>* x, const Vec<3>* v,
                                const double* w, std::size_t n, Vec<3> wind,
                                const Vec<3>* windAt, double drag, const AirCap& cap,
                                const std::uint8_t* alive);

private:
    void prepare(const ClothTopology& topology, std::size_t n);

    int width_ = 0;
    int height_ = 0;
    std::vector<Triangle> triangles_;
    std::vector<std::array<std::uint32_t, 3>> edges_; ///< each triangle's constraints
    AirTriangleGather gather_;           ///< each particle's triangles and shares
    std::vector<Vec<3>> force_;          ///< per triangle
    std::vector<Vec<3>> accel_;          ///< per particle
};

} // namespace pbd::detail
