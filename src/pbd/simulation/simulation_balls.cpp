// The Simulation's balls: adding, removing, grabbing and the initial ones that restart()
// puts back. Their part of each substep is ball_contacts.cpp.

#include "pbd/simulation.h"
#include "simulation/item_index.h"

namespace pbd {
namespace {

std::string noSuchBall(const char* verb, std::size_t index, std::size_t count)
{
    return detail::noSuchItem(verb, "ball", index, count);
}

template <glm::length_t D>
BallOf<D>* heldBall(std::vector<BallOf<D>>& balls)
{
    for (BallOf<D>& b : balls)
        if (b.held)
            return &b;
    return nullptr;
}

} // namespace

template <glm::length_t D>
std::optional<std::string> SimulationOf<D>::addBall(const BallType& ball)
{
    if (balls_.size() >= kMaxBalls)
        return "ball: a simulation holds at most " + std::to_string(kMaxBalls) +
               " balls; allowed: remove one first";
    if (auto error = checkBall(ball))
        return "ball: " + *error;
    BallType added = ball;
    added.start = added.position;
    added.held = false;
    balls_.push_back(added);
    return std::nullopt;
}

template <glm::length_t D>
bool SimulationOf<D>::removeBall(std::size_t index)
{
    if (index >= balls_.size())
        return false;
    balls_.erase(balls_.begin() + static_cast<std::ptrdiff_t>(index));
    return true;
}

template <glm::length_t D>
std::optional<std::string> SimulationOf<D>::grabBall(std::size_t index, Vector centre)
{
    if (index >= balls_.size())
        return noSuchBall("grab-ball", index, balls_.size());
    BallType moved = balls_[index];
    moved.position = centre;
    if (auto error = checkBall(moved))
        return "grab-ball: " + *error;
    if (BallType* held = heldBall(balls_))
        held->held = false;
    balls_[index].position = centre;
    balls_[index].held = true;
    return std::nullopt;
}

template <glm::length_t D>
std::optional<std::string> SimulationOf<D>::moveBall(Vector centre)
{
    BallType* held = heldBall(balls_);
    if (held == nullptr)
        return "move-ball: no ball is held; allowed: after 'grab-ball I X Y'";
    BallType moved = *held;
    moved.position = centre;
    if (auto error = checkBall(moved))
        return "move-ball: " + *error;
    held->position = centre;
    return std::nullopt;
}

template <glm::length_t D>
std::optional<std::string> SimulationOf<D>::releaseBall(std::optional<Vector> velocity)
{
    BallType* held = heldBall(balls_);
    if (held == nullptr)
        return "release-ball: no ball is held; allowed: after 'grab-ball I X Y'";
    if (velocity) {
        BallType moved = *held;
        moved.velocity = *velocity;
        if (auto error = checkBall(moved))
            return "release-ball: " + *error;
        held->velocity = *velocity;
    }
    held->held = false;
    return std::nullopt;
}

template <glm::length_t D>
std::optional<std::string> SimulationOf<D>::setInitialBalls(std::vector<BallType> balls)
{
    if (auto error = checkBalls(balls))
        return error;
    for (BallType& ball : balls) {
        ball.start = ball.position;
        ball.held = false;
    }
    initialBalls_ = balls;
    balls_ = std::move(balls);
    return std::nullopt;
}

template class SimulationOf<2>;
template class SimulationOf<3>;

} // namespace pbd
