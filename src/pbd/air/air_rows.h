#pragma once
// The air's accelerations on a grid cloth, row by row: the colored solver's way to the same
// bits as airForces() then airAccelerations() (air.h) without their constraint array,
// force buffer and incidence lists. Private to the core.
//
// Every particle of a buildClothGrid() cloth meets at most eight constraints, and their
// ascending order (the order airAccelerations() adds them in) is the same for every interior
// particle: left and right horizontal, up and down vertical, then the diagonals of the cells
// up-left, up-right, down-left and down-right. So a chunk of rows computes the forces of the
// constraints within and between its rows (and of those reaching one row beyond: its
// neighbours compute those too, with the same arithmetic, so the same bits) into short
// arrays laid out like the row, and adds them up per particle in that order. A missing
// constraint (the cloth's edge, a removed one) adds +0, which changes no sum: a sum that
// starts at +0 is never -0 in round-to-nearest, and s + 0 = s for every other s.

#include <cstdint>

#include <glm/vec2.hpp>

#include "air/air.h"
#include "air/air_row_kernels.h"

namespace pbd::detail {

/// What airRows() reads: the particles of a width x height buildClothGrid() cloth.
struct AirGrid {
    const glm::dvec2* x = nullptr;       ///< positions in m
    const glm::dvec2* v = nullptr;       ///< velocities in m/s
    const double* w = nullptr;           ///< inverse masses in 1/kg
    const std::uint8_t* alive = nullptr; ///< 1 live, 0 removed, per constraint; null: all
    int width = 0;
    int height = 0;
    AirParams params; ///< the substep's wind, drag and gusts
};

/// The air's acceleration in m/s^2 of the particles of rows [rowBegin, rowEnd) into
/// `accel` (indexed by particle): bit for bit airAccelerations() after airForces() (with
/// the gust winds of gustWinds() when params.gusts > 0). Any cut of the rows and any
/// `lanes` give the same bits.
void airRows(const AirGrid& grid, int rowBegin, int rowEnd, glm::dvec2* accel,
             AirLanes lanes = bestAirLanes());

} // namespace pbd::detail
