#pragma once
/// \file
/// The page's cloth: a grid of particles joined by distance constraints, and its fixed corners.

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

namespace pbd {

/// Index of a particle in the particle arrays.
using Index = std::uint32_t;

/// Spacing between neighbouring particles in metres (the page's 2 * 0.1).
inline constexpr double kGridSpacing = 0.2;

/// A distance constraint C = |x_a - x_b| - restLength [MHHR06].
struct DistanceConstraint {
    Index a;           ///< first particle
    Index b;           ///< second particle
    double restLength; ///< rest distance in metres, > 0
};

/// The grid's two rest lengths in metres, computed as the page computes them (0.1 * 2 and
/// 0.1 * sqrt(8)), so that every solver uses bit-identical values.
struct ClothRestLengths {
    double straight; ///< horizontal and vertical neighbours, 0.2 m
    double diagonal; ///< diagonal neighbours, about 0.283 m
};
ClothRestLengths clothRestLengths();

/// Particle positions and constraints of a width x height grid, exactly as the page builds it:
/// particle (row i, column j) at (0.2 j, -0.2 i) with index i * width + j; constraints in the
/// page's order (all horizontal, then all vertical, then per cell the diagonal and the
/// anti-diagonal) with rest lengths 0.2 and 0.1 * sqrt(8).
struct ClothGrid {
    std::vector<glm::dvec2> positions;
    std::vector<DistanceConstraint> constraints;
};

/// Builds the page's grid. Width and height must be at least 1 (see validate()).
ClothGrid buildClothGrid(int width, int height);

/// Number of constraints of a width x height grid: h(w-1) + (h-1)w + 2(h-1)(w-1).
std::size_t clothConstraintCount(int width, int height);

/// The fixed particles for the page's "# fixed particles": 1 -> particle 0; 2 -> 0 and
/// width - 1; 4 -> the four corners. Sorted, without duplicates (on a one-particle-wide cloth
/// several corners are the same particle).
std::vector<Index> fixedCorners(int width, int height, int fixedCount);

} // namespace pbd
