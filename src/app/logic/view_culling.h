#pragma once
/// \file
/// What the canvas can show: the world rectangle in view and the particles and constraint
/// lines inside it, so that a software renderer draws only those (a zoomed-in view of a big
/// cloth), how large a particle's disc is, and whether discs are large enough to be worth
/// drawing.

#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

#include "logic/camera.h"
#include "pbd/cloth.h"

namespace pbd::app {

/// An axis-aligned world rectangle in metres.
struct WorldRect {
    glm::dvec2 min{0.0};
    glm::dvec2 max{0.0};
    /// True when `p` lies inside or on the edge.
    bool contains(glm::dvec2 p) const
    {
        return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y;
    }
};

/// The world rectangle drawn on a canvas of `canvasSize` window pixels (top-left at the
/// window's), widened by `marginPixels` on every side so that a disc or line partly in view
/// is kept.
WorldRect visibleWorld(const Camera& camera, glm::dvec2 canvasSize, double marginPixels);

/// The smallest box around `positions` (non-finite ones skipped); min > max when none.
WorldRect boundsOf(std::span<const glm::dvec2> positions);

/// Replaces `out` with the indices of the positions inside `rect`, in index order.
void visibleParticles(std::span<const glm::dvec2> positions, const WorldRect& rect,
                      std::vector<std::uint32_t>& out);

/// Replaces `out` with the index pairs (a, b, a, b, ...) from `pairs` whose segment may cross
/// `rect`: those whose bounding box overlaps it. Never drops a segment that crosses the
/// rectangle; may keep one that passes near a corner. When `kept` is given it is replaced
/// with the pair number (k for pairs[2k], pairs[2k + 1]) of each kept segment.
void visibleLines(std::span<const glm::dvec2> positions, std::span<const std::uint32_t> pairs,
                  const WorldRect& rect, std::vector<std::uint32_t>& out,
                  std::vector<std::uint32_t>* kept = nullptr);

/// A particle's disc radius on the page's grid, in metres.
inline constexpr double kPageDiscRadius = 0.025;

/// The disc radius in metres for a cloth of rest lengths `rest`: the page's 0.025 m scaled by
/// the smaller spacing over the page's 0.2 m, so that discs keep the page's proportion (an
/// eighth of a cell) instead of overlapping on a small cloth (a 2 m cloth at 41 x 41 has
/// 0.05 m cells: 0.00625 m discs). Exactly kPageDiscRadius on the page's grid.
double discRadius(const ClothRestLengths& rest);

/// Smallest disc diameter in framebuffer pixels that is drawn; smaller discs are skipped
/// (the lines already show the cloth there).
inline constexpr double kMinDiscDiameterPixels = 2.0;

/// True when discs of `radius` metres are at least kMinDiscDiameterPixels across at `zoom`
/// window pixels per metre and `pixelScale` framebuffer pixels per window pixel.
bool discsVisible(double radius, double zoom, double pixelScale);

} // namespace pbd::app
