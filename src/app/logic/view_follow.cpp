#include "logic/view_follow.h"

namespace pbd::app {

glm::dvec2 leastPan(glm::dvec2 low, glm::dvec2 high, glm::dvec2 canvas, double margin)
{
    glm::dvec2 delta(0.0);
    for (int axis = 0; axis < 2; ++axis) {
        if (low[axis] < margin)
            delta[axis] = margin - low[axis];
        else if (high[axis] > canvas[axis] - margin)
            delta[axis] = canvas[axis] - margin - high[axis];
    }
    return delta;
}

} // namespace pbd::app
