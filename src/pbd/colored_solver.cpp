#include "colored_solver.h"

#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "pbd/distance_constraint.h"
#include "step_phases.h"

namespace pbd {
namespace {

/// One distance projection [MHHR06, BMM17] with |grad C| = |n| = 1 taken exactly, which
/// saves the page's two divisions by the length:
///   C = L - d,  L = |x_a - x_b|,  s = (d - L) / (L (w_a + w_b)),
///   dx_a = +w_a s (x_a - x_b),   dx_b = -w_b s (x_a - x_b).
/// Skipped (positions untouched) when L <= kMinConstraintLength or w_a + w_b = 0, as the
/// sequential kernel does. The SSE2 path below computes exactly these operations lane by
/// lane, so it gives the same bits and partitions may split pairs anywhere.
inline void projectOne(glm::dvec2* x, const double* w, const DistanceConstraint& c)
{
    const glm::dvec2 xa = x[c.a];
    const glm::dvec2 xb = x[c.b];
    const double wa = w[c.a];
    const double wb = w[c.b];
    const double dx = xa.x - xb.x;
    const double dy = xa.y - xb.y;
    const double length = std::sqrt(dx * dx + dy * dy);
    const double wSum = wa + wb;
    if (!(length > kMinConstraintLength) || wSum == 0.0)
        return;
    const double s = (c.restLength - length) / (length * wSum);
    const double sa = wa * s;
    const double sb = wb * s;
    x[c.a] = glm::dvec2(xa.x + sa * dx, xa.y + sa * dy);
    x[c.b] = glm::dvec2(xb.x - sb * dx, xb.y - sb * dy);
}

} // namespace

void projectIndependent(glm::dvec2* x, const double* w, const DistanceConstraint* constraints,
                        std::size_t begin, std::size_t end)
{
    std::size_t k = begin;
#if defined(__SSE2__)
    // Two constraints per iteration: one packed square root and one packed division serve
    // both, halving the work of the divider, which bounds this loop.
    double* p = &x[0].x;
    const __m128d minLength = _mm_set1_pd(kMinConstraintLength);
    const __m128d zero = _mm_setzero_pd();
    for (; k + 2 <= end; k += 2) {
        const DistanceConstraint& c0 = constraints[k];
        const DistanceConstraint& c1 = constraints[k + 1];
        const __m128d a0 = _mm_loadu_pd(p + 2 * static_cast<std::size_t>(c0.a));
        const __m128d b0 = _mm_loadu_pd(p + 2 * static_cast<std::size_t>(c0.b));
        const __m128d a1 = _mm_loadu_pd(p + 2 * static_cast<std::size_t>(c1.a));
        const __m128d b1 = _mm_loadu_pd(p + 2 * static_cast<std::size_t>(c1.b));
        const __m128d d0 = _mm_sub_pd(a0, b0); // (dx0, dy0)
        const __m128d d1 = _mm_sub_pd(a1, b1); // (dx1, dy1)
        const __m128d dx = _mm_unpacklo_pd(d0, d1);
        const __m128d dy = _mm_unpackhi_pd(d0, d1);
        const __m128d length =
            _mm_sqrt_pd(_mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dy, dy)));
        const __m128d wa = _mm_set_pd(w[c1.a], w[c0.a]);
        const __m128d wb = _mm_set_pd(w[c1.b], w[c0.b]);
        const __m128d wSum = _mm_add_pd(wa, wb);
        const __m128d rest = _mm_set_pd(c1.restLength, c0.restLength);
        const __m128d s = _mm_div_pd(_mm_sub_pd(rest, length), _mm_mul_pd(length, wSum));
        // Lanes that the scalar kernel would skip keep their old positions.
        const __m128d valid =
            _mm_and_pd(_mm_cmpgt_pd(length, minLength), _mm_cmpneq_pd(wSum, zero));
        const __m128d sa = _mm_mul_pd(wa, s);
        const __m128d sb = _mm_mul_pd(wb, s);
        auto select = [](__m128d mask, __m128d yes, __m128d no) {
            return _mm_or_pd(_mm_and_pd(mask, yes), _mm_andnot_pd(mask, no));
        };
        const __m128d v0 = _mm_unpacklo_pd(valid, valid);
        const __m128d v1 = _mm_unpackhi_pd(valid, valid);
        const __m128d na0 = _mm_add_pd(a0, _mm_mul_pd(_mm_unpacklo_pd(sa, sa), d0));
        const __m128d nb0 = _mm_sub_pd(b0, _mm_mul_pd(_mm_unpacklo_pd(sb, sb), d0));
        const __m128d na1 = _mm_add_pd(a1, _mm_mul_pd(_mm_unpackhi_pd(sa, sa), d1));
        const __m128d nb1 = _mm_sub_pd(b1, _mm_mul_pd(_mm_unpackhi_pd(sb, sb), d1));
        _mm_storeu_pd(p + 2 * static_cast<std::size_t>(c0.a), select(v0, na0, a0));
        _mm_storeu_pd(p + 2 * static_cast<std::size_t>(c0.b), select(v0, nb0, b0));
        _mm_storeu_pd(p + 2 * static_cast<std::size_t>(c1.a), select(v1, na1, a1));
        _mm_storeu_pd(p + 2 * static_cast<std::size_t>(c1.b), select(v1, nb1, b1));
    }
#endif
    for (; k < end; ++k)
        projectOne(x, w, constraints[k]);
}

ColoredSolver::ColoredSolver(ConstraintSets sets, unsigned threadCount)
    : sets_(std::move(sets)), pool_(threadCount)
{
}

void ColoredSolver::step(Particles& particles, double dt, double gravity, int iterations)
{
    glm::dvec2* x = particles.position.data();
    glm::dvec2* x0 = particles.stepStart.data();
    glm::dvec2* v = particles.velocity.data();
    const double* w = particles.inverseMass.data();
    const std::size_t n = particles.size();
    const DistanceConstraint* c = sets_.constraints.data();
    const std::size_t setCount = sets_.setCount();
    const unsigned threads = pool_.threadCount();

    // Each thread owns a fixed slice of the particles and of every set; barriers separate
    // the phases, since a set's constraints reach particles of other threads' slices.
    auto job = [&](unsigned thread) {
        const IndexRange mine = staticPartition(n, thread, threads);
        detail::predict(x, x0, v, w, dt, gravity, mine.begin, mine.end);
        pool_.barrier();
        for (int iteration = 0; iteration < iterations; ++iteration) {
            for (std::size_t s = 0; s < setCount; ++s) {
                const std::size_t first = sets_.offsets[s];
                const IndexRange part =
                    staticPartition(sets_.offsets[s + 1] - first, thread, threads);
                projectIndependent(x, w, c, first + part.begin, first + part.end);
                pool_.barrier();
            }
        }
        detail::updateVelocities(x, x0, v, w, dt, mine.begin, mine.end);
    };
    pool_.run(job);
}

} // namespace pbd
