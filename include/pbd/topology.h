#pragma once
/// \file
/// The cloth as a mesh: which particles its constraints join, which of them are edge
/// springs, its surface triangles and its area constraints' triangles, and which particles
/// are neighbours. Built once from the grid (clothTopology()); what the Simulation and the
/// sequential solver read instead of grid arithmetic, so that a cloth can be another
/// triangle mesh later. The colored and GPU solvers keep their grid sets (clothGridSets):
/// their speed is the grid's regularity.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pbd/cloth.h"

namespace pbd {

/// Three particles of a triangle, counter-clockwise seen from +z in the rest sheet.
struct Triangle {
    Index a;
    Index b;
    Index c;
    bool operator==(const Triangle&) const = default;
};

/// A cloth's topology (see the file comment). Only the constraints are stored (the
/// Simulation's own array, not a copy); the triangles and the edge springs of a grid follow
/// from its size, so a 2048 x 2048 cloth costs no memory for them.
struct ClothTopology {
    int width = 0;  ///< particles per row of the grid it was built from
    int height = 0; ///< rows of that grid
    /// Every constraint, in the page's order (buildClothGrid()).
    std::vector<DistanceConstraint> constraints;

    /// Whether constraint k is an edge spring: a horizontal of the first or last row, a
    /// vertical of the first or last column (isEdgeSpring()).
    bool edgeSpring(std::size_t k) const { return isEdgeSpring(width, height, k); }
    /// Cells of the grid, row by row: (width - 1) x (height - 1).
    std::size_t cellCount() const;
    /// The surface: triangle t of 2 x cellCount(), cell t / 2 (k its top-left particle)
    /// split along its diagonal from k to k + width + 1 into (k, k + width + 1, k + 1) and
    /// (k, k + width, k + width + 1). What bending, the air in 3D, self-contact and shading act
    /// on.
    Triangle surfaceTriangle(std::size_t t) const;
    /// The signed-area constraints' triangle t of 2 x cellCount() (the page's cell split,
    /// cellTriangle()): (k, k + width, k + 1) and (k + 1, k + width, k + width + 1).
    Triangle areaTriangle(std::size_t t) const;
    /// Whether particles i and j are grid neighbours (rows and columns at most 1 apart):
    /// joined by a constraint of the rest cloth, or the same particle.
    bool neighbours(Index i, Index j) const;
};

/// Each surface triangle's three constraints (a-b, b-c, c-a), indices into
/// topology.constraints found by their ends, in surfaceTriangle() order: a triangle is
/// whole while all three are alive. Throws std::logic_error when an edge is no constraint.
std::vector<std::array<std::uint32_t, 3>> surfaceTriangleEdges(const ClothTopology& topology);

/// The topology of a width x height grid with rest lengths `rest`.
ClothTopology clothTopology(int width, int height, const ClothRestLengths& rest);
/// The topology of a width x height grid whose constraints (buildClothGrid()'s) are given.
ClothTopology clothTopology(int width, int height, std::vector<DistanceConstraint> constraints);

} // namespace pbd
