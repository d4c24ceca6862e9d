#pragma once
/// \file
/// The page's cloth: a grid of particles joined by distance constraints, and its fixed corners;
/// and the same grid with a size in metres and an areal density (Settings::clothWidth,
/// clothHeight, density).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pbd/settings.h"
#include "pbd/vec.h"

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

/// The grid's rest lengths in metres. The page's are computed as the page computes them
/// (0.1 * 2 and 0.1 * sqrt(8)), so that every solver uses bit-identical values.
struct ClothRestLengths {
    double horizontal; ///< (i, j)-(i, j+1): the spacing across, 0.2 m on the page
    double vertical;   ///< (i, j)-(i+1, j): the spacing down, 0.2 m on the page
    double diagonal;   ///< both diagonals of a cell, about 0.283 m on the page
};
/// The page's rest lengths: 0.2, 0.2 and 0.1 * sqrt(8) m.
ClothRestLengths clothRestLengths();
/// The rest lengths of the settings' cloth: across clothWidth / (width - 1), down
/// clothHeight / (height - 1), the page's 0.2 m where the size is 0, and the diagonal
/// sqrt(across^2 + down^2) (the page's 0.1 * sqrt(8) when both sizes are 0). The settings
/// must be valid (validate()).
ClothRestLengths clothRestLengths(const Settings& settings);

/// Rest area of each of a cell's two triangles in m^2: half the cell, horizontal * vertical / 2.
double cellRestArea(const ClothRestLengths& rest);

/// Particle positions and constraints of a width x height grid, exactly as the page builds it:
/// particle (row i, column j) at (0.2 j, -0.2 i) with index i * width + j; constraints in the
/// page's order (all horizontal, then all vertical, then per cell the diagonal and the
/// anti-diagonal) with rest lengths 0.2 and 0.1 * sqrt(8). A sized cloth has the same layout
/// with its own spacing: particle (i, j) at (horizontal j, -vertical i). In D dimensions
/// (buildClothGridOf()) the same sheet placed in space.
template <glm::length_t D>
struct ClothGridOf {
    std::vector<Vec<D>> positions;
    std::vector<DistanceConstraint> constraints;
};
/// The grid in the sheet's own plane: the page's cloth.
using ClothGrid = ClothGridOf<2>;

/// Builds the page's grid. Width and height must be at least 1 (see validate()).
ClothGrid buildClothGrid(int width, int height);
/// Builds the grid with the given spacing (rest.horizontal across, rest.vertical down).
ClothGrid buildClothGrid(int width, int height, const ClothRestLengths& rest);
/// Builds the settings' grid (buildClothGrid(width, height, clothRestLengths(settings))).
ClothGrid buildClothGrid(const Settings& settings);
/// The settings' grid in D dimensions: in 2D buildClothGrid(settings); in 3D that sheet at
/// z = 0 (Orientation::Vertical: (x, y) to (x, y, 0)) or laid level at its first row's height
/// with the rows going towards +z (Horizontal: (x, y) to (x, y0, y0 - y) for row 0's y0).
template <glm::length_t D>
ClothGridOf<D> buildClothGridOf(const Settings& settings);

/// Each particle's mass in kg, in index order: Settings::mass for every particle when the
/// density is 0 (the page); else density times the area the particle represents, the product
/// of its shares across and down: half a spacing towards each neighbour it has in that
/// direction (so a quarter cell at a corner, half a cell along an edge, a whole cell inside),
/// and a whole spacing in a direction with a single particle. The masses sum to
/// density * (shares across) * (shares down): density * clothWidth * clothHeight for a sized
/// cloth, at any resolution.
std::vector<double> clothParticleMasses(const Settings& settings);

/// Number of constraints of a width x height grid: h(w-1) + (h-1)w + 2(h-1)(w-1).
std::size_t clothConstraintCount(int width, int height);

/// Whether the settings' cloth has a size (clothWidth or clothHeight > 0). Its edge springs
/// then have half the stiffness (twice the compliance) of the others: a horizontal spring of
/// the first or last row, or a vertical one of the first or last column, stands for half a
/// cell of cloth where the others stand for two halves, so that the material has one
/// stiffness in N/m, edges included, and a sized cloth's settled shape converges with the
/// resolution. A density alone does not count: the page's cloth (size 0) keeps every
/// spring's k, bit for bit.
bool halvesEdgeSprings(const Settings& settings);

/// Whether constraint k of a width x height grid (the page's order, buildClothGrid()) is an
/// edge spring: a horizontal one of row 0 or height - 1 when height > 1, or a vertical one of
/// column 0 or width - 1 when width > 1. (With a single row or column, its springs stand for
/// a whole spacing across, as clothParticleMasses() counts a whole spacing there.) Diagonals
/// never are: each belongs to one cell.
bool isEdgeSpring(int width, int height, std::size_t k);
/// Whether constraint k (page order) of a width x height grid is a diagonal of a cell: a
/// shear spring (Settings::shearStiffness).
bool isShearSpring(int width, int height, std::size_t k);

/// The fixed particles for the page's "# fixed particles": 1 -> particle 0; 2 -> 0 and
/// width - 1; 4 -> the four corners. Sorted, without duplicates (on a one-particle-wide cloth
/// several corners are the same particle).
std::vector<Index> fixedCorners(int width, int height, int fixedCount);

} // namespace pbd
