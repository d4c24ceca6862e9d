// Ball contacts as PBD position corrections weighted by inverse mass: a correction moves the
// two bodies in opposite directions by amounts inversely proportional to their masses, so
// the momentum that the velocity update derives from the displacements is conserved.

#include "ball_contacts.h"

#include <algorithm>
#include <cmath>

namespace pbd::detail {
namespace {

double dot(glm::dvec2 a, glm::dvec2 b) { return a.x * b.x + a.y * b.y; }

double inverseMass(const Ball& ball) { return ball.held ? 0.0 : 1.0 / ball.mass; }

/// Separates two discs whose centres are a and b, of inverse masses wa and wb, to `reach`
/// between their centres. Coincident centres are left alone (no direction to choose).
void separate(glm::dvec2& a, double wa, glm::dvec2& b, double wb, double reach)
{
    const glm::dvec2 d = a - b;
    if (std::abs(d.x) >= reach || std::abs(d.y) >= reach)
        return;
    const double d2 = dot(d, d);
    if (d2 >= reach * reach || d2 == 0.0)
        return;
    const double sum = wa + wb;
    if (sum == 0.0)
        return;
    const double length = std::sqrt(d2);
    const glm::dvec2 n = d / length;
    const double depth = reach - length;
    a += (wa / sum * depth) * n;
    b -= (wb / sum * depth) * n;
}

/// Pushes a free ball out of one obstacle, with friction against the obstacle's motion.
void pushOutOf(const ContactShape& shape, double mu, double grow, Ball& ball)
{
    // The shape is grown by thickness / 2 for the particles; the ball needs its radius.
    const double extra = ball.radius - grow;
    SurfaceDistance sd = surfaceDistance(shape, ball.position);
    const double depth = extra - sd.d;
    if (depth <= 0.0)
        return;
    ball.position += depth * sd.n;
    if (mu <= 0.0)
        return;
    const glm::dvec2 moved = ball.position - carried(shape, ball.start);
    const glm::dvec2 tangential = moved - dot(moved, sd.n) * sd.n;
    const double length = std::sqrt(dot(tangential, tangential));
    const double limit = mu * depth;
    ball.position -= length <= limit ? tangential : (limit / length) * tangential;
}

} // namespace

void predictBalls(std::span<Ball> balls, double h, double gravity)
{
    for (Ball& b : balls) {
        b.start = b.position;
        if (b.held)
            continue;
        b.velocity.y = b.velocity.y + h * gravity;
        b.position.x = b.position.x + h * b.velocity.x;
        b.position.y = b.position.y + h * b.velocity.y;
    }
}

void resolveBallContacts(std::span<Ball> balls, glm::dvec2* x, const double* w, std::size_t n,
                         double thickness, const ContactWorld* world)
{
    const double grow = 0.5 * thickness;
    for (Ball& ball : balls) {
        const double wb = inverseMass(ball);
        const double reach = ball.radius + grow;
        for (std::size_t i = 0; i < n; ++i)
            separate(x[i], w[i], ball.position, wb, reach);
    }
    for (std::size_t a = 0; a < balls.size(); ++a)
        for (std::size_t b = a + 1; b < balls.size(); ++b)
            separate(balls[a].position, inverseMass(balls[a]), balls[b].position,
                     inverseMass(balls[b]), balls[a].radius + balls[b].radius);
    if (world == nullptr)
        return;
    for (Ball& ball : balls)
        if (!ball.held)
            for (const ContactShape& shape : world->shapes)
                pushOutOf(shape, world->friction, grow, ball);
}

void updateBallVelocities(std::span<Ball> balls, double h, double damping)
{
    const double invH = 1.0 / h;
    const double factor = damping > 0.0 ? std::max(0.0, 1.0 - damping * h) : 1.0;
    for (Ball& b : balls) {
        if (b.held)
            continue;
        b.velocity = invH * (b.position - b.start);
        if (damping > 0.0) {
            b.velocity.x = b.velocity.x * factor;
            b.velocity.y = b.velocity.y * factor;
        }
    }
}

} // namespace pbd::detail
