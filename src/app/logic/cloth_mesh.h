#pragma once
/// \file
/// The cloth as a picture, GL-free: which grid edges are alive, the level of detail (how many
/// cells one drawn cell spans when cells are smaller than a couple of pixels on screen), the
/// decimated grid's lines and the filled mesh's triangles, and the draw modes. The renderer
/// uploads what these build; the tests check them without a window.
///
/// Rules:
/// - A triangle of a cell is drawn only when its three edges are alive. A cell is split along
///   the diagonal (i, j)-(i+1, j+1) unless the other split has more whole triangles, so a cell
///   with one diagonal cut still shows whole; a knife line through a row of cells cuts both
///   diagonals (and a side) of each, so the gap shows.
/// - With a step k > 1 (level of detail: cells under kLodMinCellPixels), a drawn cell spans k x k cells (fewer at the far
///   edges) and is drawn only when every cell inside is whole (four sides and a diagonal); a
///   decimated line runs along every k-th row and column (and the last) and each of its
///   segments, k cells long, is drawn only when every edge along it is alive.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "pbd/cloth.h"

namespace pbd::app {

/// What the canvas draws of the cloth (--draw).
enum class DrawMode {
    Lines,  ///< the constraints as lines (the page's picture; the default)
    Filled, ///< the cells as shaded triangles
    Both,   ///< triangles with the lines on top
};
/// The words of the modes (--draw, the preferences table).
inline constexpr std::array<std::pair<DrawMode, std::string_view>, 3> kDrawModeNames{
    {{DrawMode::Lines, "lines"}, {DrawMode::Filled, "filled"}, {DrawMode::Both, "both"}}};
/// "lines", "filled" or "both".
const char* drawModeName(DrawMode mode);
/// The mode called `name`, or nothing.
std::optional<DrawMode> drawModeFromName(std::string_view name);

/// No live constraint on this edge.
inline constexpr std::uint32_t kNoEdge = 0xffffffffu;

/// A width x height grid's live edges, each the index of its live constraint or kNoEdge,
/// indexed by particle i * width + j: right (i, j)-(i, j+1), down (i, j)-(i+1, j), and per cell
/// (indexed by its top-left particle) falling (i, j)-(i+1, j+1) and rising (i, j+1)-(i+1, j).
struct GridEdges {
    int width = 0;  ///< particles per row
    int height = 0; ///< particles per column
    std::vector<std::uint32_t> right, down, falling, rising;

    /// True when the grid has at least one cell.
    bool empty() const { return width < 2 || height < 2; }
    /// Cell (i, j) has its four sides and at least one diagonal.
    bool cellWhole(int i, int j) const;
};

/// Classifies the live constraints (alive[k] != 0; all when `alive` is shorter) of a grid by
/// their particles; constraints that join no neighbours (none in a grid cloth) are left out.
/// An empty GridEdges when width or height is below 2.
GridEdges gridEdges(int width, int height, std::span<const DistanceConstraint> constraints,
                    std::span<const std::uint8_t> alive);

/// Cells smaller than this many framebuffer pixels are decimated. A cell's lines (its sides
/// and diagonals) come 4 pixels apart there, and a 300 x 300 cloth fitted into a canvas
/// (cells of about 3 px) is drawn as 75 x 75 cells: a grid whose shape reads at a glance and
/// about 11 000 lines or 22 000 triangles, which a software renderer (llvmpipe, whose cost is
/// per primitive) draws in a few ms; at 4 px it measured 3 to 5 times slower (docs/app.md).
inline constexpr double kLodMinCellPixels = 8.0;
/// The level-of-detail step: the smallest power of two k with k * cellPixels >= minPixels (1
/// when cells are that large already; powers of two so that zooming changes the picture
/// seldom). cellPixels: the on-screen size of a cell (its smaller rest side times the zoom, in
/// framebuffer pixels); not positive or not finite gives the largest step.
int lodStep(double cellPixels, double minPixels = kLodMinCellPixels);

/// Lines to draw: index pairs into the particles, and for each line the constraint whose
/// strain colours it.
struct LineSet {
    std::vector<std::uint32_t> pairs;       ///< 2 per line
    std::vector<std::uint32_t> constraints; ///< 1 per line
};

/// The decimated grid for step >= 2 (rows and columns only, no diagonals), into `out`
/// (cleared first). Each segment's colour is its first edge's constraint.
void decimatedLines(const GridEdges& edges, int step, LineSet& out);

/// The filled mesh's triangles for `step` (1: every cell), three particle indices each, counter-
/// clockwise with y up, into `out` (cleared first).
void meshTriangles(const GridEdges& edges, int step, std::vector<std::uint32_t>& out);

/// Each particle's mean signed strain over the lines that touch it (0 for none), a line's
/// strain being strains[its constraint], into `out` (resized to `particles`; `counts` is
/// scratch): the filled mesh's strain colour per vertex, from the live constraints' lines.
void particleStrains(const LineSet& lines, std::span<const float> strains, std::size_t particles,
                     std::vector<float>& out, std::vector<std::uint16_t>& counts);

/// Each particle's unit normal for the shaded 3D mesh, into `out` (resized to the particles;
/// no allocation once it has their size): the sum of the cross products (b - a) x (c - a) of
/// the triangles around it (each face's normal weighted by twice its area), normalised. A
/// counter-clockwise triangle seen from +z (meshTriangles on the vertical sheet) has its
/// front towards +z. A particle in no triangle, or whose faces cancel, gets +z.
void vertexNormals(std::span<const glm::dvec3> positions, std::span<const std::uint32_t> triangles,
                   std::vector<glm::vec3>& out);

} // namespace pbd::app
