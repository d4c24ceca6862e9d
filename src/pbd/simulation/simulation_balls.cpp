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

Ball* heldBall(std::vector<Ball>& balls)
{
    for (Ball& b : balls)
        if (b.held)
            return &b;
    return nullptr;
}

} // namespace

std::optional<std::string> Simulation::addBall(const Ball& ball)
{
    if (balls_.size() >= kMaxBalls)
        return "ball: a simulation holds at most " + std::to_string(kMaxBalls) +
               " balls; allowed: remove one first";
    if (auto error = checkBall(ball))
        return "ball: " + *error;
    Ball added = ball;
    added.start = added.position;
    added.held = false;
    balls_.push_back(added);
    return std::nullopt;
}

bool Simulation::removeBall(std::size_t index)
{
    if (index >= balls_.size())
        return false;
    balls_.erase(balls_.begin() + static_cast<std::ptrdiff_t>(index));
    return true;
}

std::optional<std::string> Simulation::grabBall(std::size_t index, glm::dvec2 centre)
{
    if (index >= balls_.size())
        return noSuchBall("grab-ball", index, balls_.size());
    Ball moved = balls_[index];
    moved.position = centre;
    if (auto error = checkBall(moved))
        return "grab-ball: " + *error;
    if (Ball* held = heldBall(balls_))
        held->held = false;
    balls_[index].position = centre;
    balls_[index].held = true;
    return std::nullopt;
}

std::optional<std::string> Simulation::moveBall(glm::dvec2 centre)
{
    Ball* held = heldBall(balls_);
    if (held == nullptr)
        return "move-ball: no ball is held; allowed: after 'grab-ball I X Y'";
    Ball moved = *held;
    moved.position = centre;
    if (auto error = checkBall(moved))
        return "move-ball: " + *error;
    held->position = centre;
    return std::nullopt;
}

std::optional<std::string> Simulation::releaseBall(std::optional<glm::dvec2> velocity)
{
    Ball* held = heldBall(balls_);
    if (held == nullptr)
        return "release-ball: no ball is held; allowed: after 'grab-ball I X Y'";
    if (velocity) {
        Ball moved = *held;
        moved.velocity = *velocity;
        if (auto error = checkBall(moved))
            return "release-ball: " + *error;
        held->velocity = *velocity;
    }
    held->held = false;
    return std::nullopt;
}

std::optional<std::string> Simulation::setInitialBalls(std::vector<Ball> balls)
{
    if (auto error = checkBalls(balls))
        return error;
    for (Ball& ball : balls) {
        ball.start = ball.position;
        ball.held = false;
    }
    initialBalls_ = balls;
    balls_ = std::move(balls);
    return std::nullopt;
}

} // namespace pbd
