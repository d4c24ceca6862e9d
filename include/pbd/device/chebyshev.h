#pragma once
// Chebyshev semi-iterative acceleration of a substep's sweeps (Settings::chebyshev), written
// once for every CPU solver; the GPU's kernels repeat its arithmetic.
// Part of the device contract (pbd/device/): a device backend (src/gpu) reuses or repeats it;
// namespace detail: not for users of the library.
//
// [Wang 2015] H. Wang, "A Chebyshev semi-iterative approach for accelerating projective and
// position-based dynamics": after sweep k the sweep's result x^ is replaced by
//     x^(k+1) = omega_(k+1) (x^ - x^(k-1)) + x^(k-1),
// x^(k-1) the iterate before the previous one, with omega = 1 for the first
// kChebyshevPlainSweeps sweeps, then omega = 2 / (2 - rho^2), then
// omega_(k+1) = 4 / (4 - rho^2 omega_k). rho estimates the spectral radius of the plain
// sweeps; too large a rho amplifies the error modes they do not damp. Only movable particles
// (w > 0) are weighted. The guard: from the second weighted sweep on, a sweep whose largest
// squared correction |x^ - x^k|^2 over the movable particles exceeds the first weighted
// sweep's (or is NaN) is left as the plain sweep made it, and so are the rest of its substep.

#include <cstddef>

#include "pbd/vec.h"

namespace pbd::detail {

/// Plain sweeps at the start of each substep before the first weighted one: the first
/// sweeps' corrections are large and uneven, which the weights would amplify
/// (docs/convergence.md, "Acceleration": no delay diverged from rho 0.9).
inline constexpr int kChebyshevPlainSweeps = 3;

/// Omega of the weighted sweep after one with `previousOmega`, or of the first weighted
/// sweep when `first`; rho is Settings::chebyshev.
inline double chebyshevOmega(bool first, double rho, double previousOmega)
{
    return first ? 2.0 / (2.0 - rho * rho) : 4.0 / (4.0 - rho * rho * previousOmega);
}

/// One substep's weights and guard: which sweeps keep the iterates and which are weighted,
/// and with what omega. Made afresh for every substep.
class ChebyshevSchedule {
public:
    /// rho: Settings::chebyshev (0: off); iterations: the substep's sweeps.
    ChebyshevSchedule(double rho, int iterations) : rho_(rho), iterations_(iterations) {}

    /// Whether any sweep of this substep may still be weighted (false when off, when the
    /// substep has no more than kChebyshevPlainSweeps sweeps, or once the guard fired).
    bool active() const { return rho_ > 0.0 && iterations_ > kChebyshevPlainSweeps && !fired_; }
    /// Whether sweep k (0-based) is weighted: its largest correction is measured and omega()
    /// called before the next sweep.
    bool weighs(int k) const { return active() && k >= kChebyshevPlainSweeps; }
    /// Whether the iterates x^k (current) and x^(k-1) (previous) must be kept after sweep k,
    /// for a later weighted sweep (call after omega(k, ...)).
    bool keeps(int k) const
    {
        return active() && k >= kChebyshevPlainSweeps - 2 && k + 1 < iterations_;
    }
    /// The omega of weighted sweep k, given its largest squared correction (m^2) over the
    /// movable particles; 1 once the guard fired.
    double omega(int k, double largestCorrection)
    {
        const bool first = k == kChebyshevPlainSweeps;
        if (first) {
            firstCorrection_ = largestCorrection;
        } else if (!(largestCorrection <= firstCorrection_)) {
            fired_ = true;
            return 1.0;
        }
        omega_ = chebyshevOmega(first, rho_, omega_);
        return omega_;
    }
    /// Whether the guard fired in this substep.
    bool fired() const { return fired_; }

private:
    double rho_;
    int iterations_;
    double omega_ = 1.0;
    double firstCorrection_ = 0.0; ///< the first weighted sweep's largest, m^2
    bool fired_ = false;
};

/// The larger of two squared corrections, NaN if either is: the guard must see a NaN, and
/// the result does not depend on the order in which chunks are combined.
inline double largerCorrection(double a, double b)
{
    if (a != a)
        return a;
    return b > a || b != b ? b : a;
}

/// The largest squared correction |x - current|^2 of the movable particles [begin, end) (m^2):
/// what the sweep just made moved them, current being the positions before it.
template <glm::length_t D>
inline double largestCorrection(const Vec<D>* x, const Vec<D>* current, const double* w,
                                std::size_t begin, std::size_t end)
{
    double largest = 0.0;
    for (std::size_t i = begin; i < end; ++i) {
        if (w[i] == 0.0)
            continue;
        largest = largerCorrection(largest, squaredLength(Vec<D>(x[i] - current[i])));
    }
    return largest;
}

/// After a sweep, for particles [begin, end): movable ones are weighted,
/// x = previous + omega (x - previous), unless omega is 1; then, when `keep`, previous =
/// current and current = x (the iterates the next sweep needs).
template <glm::length_t D>
inline void weighSweep(Vec<D>* x, Vec<D>* previous, Vec<D>* current, const double* w,
                       double omega, bool keep, std::size_t begin, std::size_t end)
{
    for (std::size_t i = begin; i < end; ++i) {
        Vec<D> xi = x[i];
        if (omega != 1.0 && w[i] != 0.0) {
            for (glm::length_t c = 0; c < D; ++c)
                xi[c] = previous[i][c] + omega * (xi[c] - previous[i][c]);
            x[i] = xi;
        }
        if (keep) {
            previous[i] = current[i];
            current[i] = xi;
        }
    }
}

} // namespace pbd::detail
