#pragma once
// What one substep needs besides the particles, computed once per step from the settings by
// the one function every solver uses (the CPU's, and the GPU's host before it sets its
// kernels' uniforms), so that all of them round the same scalars the same way.
// Part of the device contract (pbd/device/): a device backend (src/gpu) reuses it;
// namespace detail: not for users of the library.

#include "pbd/cloth.h"
#include "pbd/settings.h"

namespace pbd::detail {

/// What one substep needs besides the particles.
struct SubstepParams {
    double h = 0.0;              ///< substep length in seconds, dt / substeps
    double gravity = 0.0;        ///< m/s^2 along y
    int iterations = 0;          ///< Gauss-Seidel sweeps
    double alphaTilde = 0.0;     ///< distance compliance / h^2 (0: PBD)
    /// The edge springs' compliance / h^2 on a cloth that halvesEdgeSprings(): twice
    /// alphaTilde (exactly: a doubling rounds as nothing else). 0: they have alphaTilde too.
    double edgeAlphaTilde = 0.0;
    /// The diagonals have a stiffness of their own (Settings::shearStiffness > 0), of
    /// compliance / h^2 shearAlphaTilde; otherwise they have alphaTilde.
    bool shear = false;
    double shearAlphaTilde = 0.0;
    /// Whether some constraint is compliant (XPBD): its multipliers are kept and reset.
    bool compliant() const { return alphaTilde != 0.0 || shear; }
    double damping = 0.0;        ///< velocity damping rate in 1/s (0: none)
    bool area = false;           ///< project the cells' signed-area constraints too
    double areaAlphaTilde = 0.0; ///< their compliance / h^2
    /// Rest area of each cell triangle in m^2 (cellRestArea): the page's 0.02 unless the
    /// cloth has a size.
    double cellRestArea = 0.5 * kGridSpacing * kGridSpacing;
    /// Settings::chebyshev: rho of the Chebyshev weights over the sweeps (chebyshev.h); 0 off.
    double chebyshev = 0.0;
};

/// A substep's parameters from `settings` (docs/core-api.md, "The step"): h = dt / substeps,
/// the compliances over h^2, the edge springs' (twice, on a sized cloth), the area
/// constraints' when they are on and the cloth is at least 2 x 2, the cells' rest area.
SubstepParams substepParams(const Settings& settings);

} // namespace pbd::detail
