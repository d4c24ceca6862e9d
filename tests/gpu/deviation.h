#pragma once
// How far two runs of the same cloth ended apart: the largest distance in m between a
// particle's positions, and infinity where either is NaN, which std::max would pass over and
// so report a run that blew up as 0 m off.

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

namespace pbd::test {

inline double deviation(const std::vector<glm::dvec2>& a, const std::vector<glm::dvec2>& b)
{
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const double d = glm::distance(a[i], b[i]);
        if (std::isnan(d))
            return std::numeric_limits<double>::infinity();
        worst = std::max(worst, d);
    }
    return worst;
}

} // namespace pbd::test
