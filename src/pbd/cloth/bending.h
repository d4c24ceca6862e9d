#pragma once
// Bending of a 3D cloth (Settings::bending): isometric bending [BWH+06] written on the grid's
// own discrete Hessian. The energy of a nearly inextensible sheet with a flat rest shape,
//   E = B/2 * integral |d2x/du2|^2 + 2 |d2x/dudv|^2 + |d2x/dv2|^2 dA
// (u, v the rest sheet's coordinates across and down; for an isometric deformation this is
// B/2 * integral (k1^2 + k2^2) dA, the plate energy at Poisson ratio 0, in every direction),
// is a sum of squares of linear stencils of the positions, each an XPBD constraint with a
// compliance from B and the spacing (docs/physics.md, "Bending"):
//   along a row:    C = x[j-1] - 2 x[j] + x[j+1],        alpha = du^4 / (B A)
//   down a column:  C = x[i-1] - 2 x[i] + x[i+1],        alpha = dv^4 / (B A)
//   over a cell:    C = x[k] - x[k+1] - x[k+w] + x[k+w+1], alpha = du dv / (2 B)
// (A the area the middle particle's line stands for: du dv inside, half that on the sheet's
// edge parallel to it). Each C is a 3-vector, linear with a constant gradient, so one
// projection makes it exact up to its compliance, and its three components share one
// denominator. The constraints' arrays and their sets are the device contract's
// (pbd/device/bending.h); the projections here are private to the core (the GPU's kernel,
// stage 9 of shaders/cloth_solver.comp.glsl, does the same operations).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pbd/cloth.h"
#include "pbd/device/bending.h"
#include "pbd/vec.h"

namespace pbd::detail {

/// One XPBD projection of bend `k` (see projectBending) with its multiplier `l`, for a
/// substep with 1 / h^2 = invH2. Inline: the sequential pass and the colored solver's sets
/// (colored_solver.cpp) compile the same arithmetic.
inline void projectBend(const Bend& k, Vec<3>* x, const double* w, double invH2,
                        const std::uint8_t* alive, Vec<3>& l)
{
    if (alive != nullptr && (alive[k.edgeAb] == 0 || alive[k.edgeBc] == 0))
        return;
    const double wa = w[k.a];
    const double wb = w[k.b];
    const double wc = w[k.c];
    const double s = wa + 4.0 * wb + wc;
    if (s == 0.0)
        return;
    const Vec<3> xa = x[k.a];
    const Vec<3> xb = x[k.b];
    const Vec<3> xc = x[k.c];
    const double at = k.compliance * invH2;
    const Vec<3> c = xa - 2.0 * xb + xc;
    const Vec<3> dl = (c + at * l) * (-1.0 / (s + at));
    l += dl;
    x[k.a] = xa + wa * dl;
    x[k.b] = xb - (2.0 * wb) * dl;
    x[k.c] = xc + wc * dl;
}

/// One XPBD projection of twist `k`, as projectBend.
inline void projectTwist(const Twist& k, Vec<3>* x, const double* w, double invH2,
                         const std::uint8_t* alive, Vec<3>& l)
{
    if (alive != nullptr && (alive[k.diagonal] == 0 || alive[k.diagonal + 1] == 0))
        return;
    const double wa = w[k.a];
    const double wb = w[k.b];
    const double wc = w[k.c];
    const double wd = w[k.d];
    const double s = wa + wb + wc + wd;
    if (s == 0.0)
        return;
    const Vec<3> xa = x[k.a];
    const Vec<3> xb = x[k.b];
    const Vec<3> xc = x[k.c];
    const Vec<3> xd = x[k.d];
    const double at = k.compliance * invH2;
    const Vec<3> c = (xa - xb) - (xc - xd);
    const Vec<3> dl = (c + at * l) * (-1.0 / (s + at));
    l += dl;
    x[k.a] = xa + wa * dl;
    x[k.b] = xb - wb * dl;
    x[k.c] = xc - wc * dl;
    x[k.d] = xd + wd * dl;
}

/// One XPBD projection of every bending constraint, in order (the bends, then the twists),
/// for a substep of length h, each with its multiplier lambda (a 3-vector, 0 at the
/// substep's start; bending.size() of them, the bends' then the twists'):
///   dlambda = -(C + alpha~ lambda) / (sum_i w_i k_i^2 + alpha~),  alpha~ = alpha / h^2,
///   lambda += dlambda,  x_i += w_i k_i dlambda
/// (k_i the stencil's weights). `alive` (null: every constraint lives) skips a bend whose
/// edge, or a twist whose diagonal, was cut or torn. A constraint none of whose particles
/// can move is skipped.
void projectBending(const BendingConstraints& bending, Vec<3>* x, const double* w, double h,
                    const std::uint8_t* alive, Vec<3>* lambda);

/// The bending energy sum 1/2 |C|^2 / alpha in J, for tests and plots.
double bendingEnergy(const BendingConstraints& bending, const Vec<3>* x);

} // namespace pbd::detail
