// The Simulation's obstacles: adding, moving and removing them, and the initial ones that
// restart() puts back. The contact phase that uses them is contacts.cpp.

#include <cmath>

#include "files/input_text.h"
#include "pbd/simulation.h"
#include "simulation/item_index.h"

namespace pbd {

template <glm::length_t D>
std::optional<std::string> SimulationOf<D>::addObstacle(const ObstacleType& obstacle)
{
    if (obstacles_.size() >= kMaxObstacles)
        return "obstacle: a simulation holds at most " + std::to_string(kMaxObstacles) +
               " obstacles; allowed: remove one first";
    if (auto error = checkObstacle(obstacle))
        return "obstacle: " + *error;
    ObstacleType added = obstacle;
    settleObstacle(added); // a new obstacle is where it is, not arriving from elsewhere
    obstacles_.push_back(added);
    return std::nullopt;
}

template <glm::length_t D>
std::optional<std::string> SimulationOf<D>::moveObstacle(std::size_t index, Vector centre,
                                                    std::optional<ObstacleAngleOf<D>> angle)
{
    if (index >= obstacles_.size())
        return detail::noSuchItem("move-obstacle", "obstacle", index, obstacles_.size());
    const ObstacleType moved = movedObstacle(obstacles_[index], centre, angle);
    if (auto error = checkObstacle(moved))
        return "move-obstacle: " + *error;
    obstacles_[index] = moved;
    return std::nullopt;
}

template <glm::length_t D>
bool SimulationOf<D>::removeObstacle(std::size_t index)
{
    if (index >= obstacles_.size())
        return false;
    obstacles_.erase(obstacles_.begin() + static_cast<std::ptrdiff_t>(index));
    return true;
}

template <glm::length_t D>
std::optional<std::string> SimulationOf<D>::setInitialObstacles(std::vector<ObstacleType> obstacles)
{
    if (auto error = checkObstacles(obstacles))
        return error;
    for (ObstacleType& obstacle : obstacles)
        settleObstacle(obstacle);
    initialObstacles_ = obstacles;
    obstacles_ = std::move(obstacles);
    return std::nullopt;
}

template class SimulationOf<2>;
template class SimulationOf<3>;

} // namespace pbd
