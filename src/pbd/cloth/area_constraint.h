#pragma once
// Signed-area constraints on the triangles of the grid's cells: they let a folded (flipped)
// cell unfold, which the distance constraints alone cannot do (a mirrored cell has the same
// edge lengths). Private to the core.

#include <cstddef>

#include <glm/vec2.hpp>

#include "pbd/cloth.h"

namespace pbd::detail {

/// Rest area of each cell triangle of the page's grid in m^2: half a kGridSpacing square
/// (a sized cloth's is cellRestArea(), which SubstepParams carries).
inline constexpr double kCellRestArea = 0.5 * kGridSpacing * kGridSpacing;

/// Twice the signed area of the triangle (p0, p1, p2): (p1 - p0) x (p2 - p0), positive when
/// counter-clockwise.
inline double twiceSignedArea(glm::dvec2 p0, glm::dvec2 p1, glm::dvec2 p2)
{
    return (p1.x - p0.x) * (p2.y - p0.y) - (p1.y - p0.y) * (p2.x - p0.x);
}

/// Projects one signed-area constraint C = A - A_rest, A = twiceSignedArea / 2, with XPBD
/// [MMC16] (alphaTilde = compliance / h^2; 0 = hard):
///   grad_1 A = 1/2 (y2 - y0, x0 - x2),  grad_2 A = 1/2 (y0 - y1, x1 - x0),
///   grad_0 A = -(grad_1 A + grad_2 A),
///   dlambda = -(C + alphaTilde lambda) / (sum_i w_i |grad_i A|^2 + alphaTilde),
///   x_i += w_i dlambda grad_i A.
/// Skipped when no particle can move or every gradient vanishes (a degenerate triangle).
inline void projectArea(glm::dvec2* x, const double* w, Index i0, Index i1, Index i2,
                        double restArea, double alphaTilde, double& lambda)
{
    const glm::dvec2 p0 = x[i0];
    const glm::dvec2 p1 = x[i1];
    const glm::dvec2 p2 = x[i2];
    const glm::dvec2 g1 = 0.5 * glm::dvec2(p2.y - p0.y, p0.x - p2.x);
    const glm::dvec2 g2 = 0.5 * glm::dvec2(p0.y - p1.y, p1.x - p0.x);
    const glm::dvec2 g0 = -(g1 + g2);
    const double weight = w[i0] * (g0.x * g0.x + g0.y * g0.y) +
                          w[i1] * (g1.x * g1.x + g1.y * g1.y) +
                          w[i2] * (g2.x * g2.x + g2.y * g2.y);
    if (!(weight > 0.0))
        return;
    const double c = 0.5 * twiceSignedArea(p0, p1, p2) - restArea;
    const double deltaLambda = -(c + alphaTilde * lambda) / (weight + alphaTilde);
    lambda = lambda + deltaLambda;
    x[i0] = p0 + (w[i0] * deltaLambda) * g0;
    x[i1] = p1 + (w[i1] * deltaLambda) * g1;
    x[i2] = p2 + (w[i2] * deltaLambda) * g2;
}

/// The two triangles of cell (i, j) of a width-wide grid, counter-clockwise on the page's
/// y-up axes: t = 0: (i, j), (i+1, j), (i, j+1);  t = 1: (i, j+1), (i+1, j), (i+1, j+1).
/// Both have rest area horizontal * vertical / 2 (cellRestArea).
struct CellTriangle {
    Index p0, p1, p2;
};
inline CellTriangle cellTriangle(Index width, Index i, Index j, int t)
{
    const Index base = i * width + j;
    if (t == 0)
        return {base, base + width, base + 1};
    return {base + 1, base + width, base + width + 1};
}

/// Projects the triangles t of the cells (i, j) with i in [rowBegin, rowEnd) stepping by
/// rowStep from firstRow, and j = firstColumn, firstColumn + columnStep, ... < width - 1.
/// `lambda` holds one multiplier per triangle, indexed 2 (i (width - 1) + j) + t.
inline void projectCellTriangles(glm::dvec2* x, const double* w, double* lambda, int width,
                                 int height, int firstRow, int rowStep, int rowBegin,
                                 int rowEnd, int firstColumn, int columnStep, int t,
                                 double restArea, double alphaTilde)
{
    int i = rowBegin > firstRow ? rowBegin : firstRow;
    i += (i - firstRow) % rowStep;
    const int end = rowEnd < height - 1 ? rowEnd : height - 1;
    for (; i < end; i += rowStep)
        for (int j = firstColumn; j < width - 1; j += columnStep) {
            const CellTriangle tri = cellTriangle(static_cast<Index>(width),
                                                  static_cast<Index>(i),
                                                  static_cast<Index>(j), t);
            const std::size_t k =
                2 * (static_cast<std::size_t>(i) * static_cast<std::size_t>(width - 1) +
                     static_cast<std::size_t>(j)) + static_cast<std::size_t>(t);
            projectArea(x, w, tri.p0, tri.p1, tri.p2, restArea, alphaTilde, lambda[k]);
        }
}

} // namespace pbd::detail
