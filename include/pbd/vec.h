#pragma once
/// \file
/// The core's vector type, written once for D dimensions (2 and 3), and the few operations
/// whose order of arithmetic the bits depend on: sums run over the components in order,
/// x, then y (then z), so that the 2D instantiation computes exactly what the 2D code always
/// did.

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace pbd {

/// A position, velocity or direction in D dimensions, in metres (per second): glm's vector of
/// D doubles. The core is written once as templates over D, instantiated for 2 and 3.
template <glm::length_t D>
using Vec = glm::vec<D, double, glm::defaultp>;

/// a . b summed in the order of the components: a.x * b.x + a.y * b.y (+ a.z * b.z).
template <glm::length_t D>
inline double dot(const Vec<D>& a, const Vec<D>& b)
{
    double sum = a.x * b.x + a.y * b.y;
    if constexpr (D == 3)
        sum = sum + a.z * b.z;
    return sum;
}

/// |d|^2 summed in the order of the components, x * x + y * y (+ z * z): in 2D exactly the
/// page's dx * dx + dy * dy.
template <glm::length_t D>
inline double squaredLength(const Vec<D>& d)
{
    return dot(d, d);
}

/// The componentwise smaller and larger of two vectors (a box's corners), each component as
/// std::min and std::max choose it (on a tie, a's).
template <glm::length_t D>
inline Vec<D> lowerOf(const Vec<D>& a, const Vec<D>& b)
{
    Vec<D> r;
    for (glm::length_t c = 0; c < D; ++c)
        r[c] = b[c] < a[c] ? b[c] : a[c];
    return r;
}
template <glm::length_t D>
inline Vec<D> upperOf(const Vec<D>& a, const Vec<D>& b)
{
    Vec<D> r;
    for (glm::length_t c = 0; c < D; ++c)
        r[c] = a[c] < b[c] ? b[c] : a[c];
    return r;
}

/// The unit vector along +y ("up", against gravity).
template <glm::length_t D>
inline Vec<D> upVector()
{
    Vec<D> r(0.0);
    r.y = 1.0;
    return r;
}

} // namespace pbd
