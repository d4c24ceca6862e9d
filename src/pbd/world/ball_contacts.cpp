// Ball contacts as PBD position corrections weighted by inverse mass: a correction moves the
// two bodies in opposite directions by amounts inversely proportional to their masses, so
// the momentum that the velocity update derives from the displacements is conserved.

#include "pbd/device/ball_contacts.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace pbd::detail {
namespace {

double dot(glm::dvec2 a, glm::dvec2 b) { return a.x * b.x + a.y * b.y; }

double inverseMass(const Ball& ball) { return ball.held ? 0.0 : 1.0 / ball.mass; }

/// Separates two discs whose centres are a and b, of inverse masses wa and wb, to `reach`
/// between their centres, then (mu > 0) applies Coulomb friction to their relative motion
/// over the substep (a0, b0: their centres at its start): its tangential part is taken away
/// up to mu times the normal correction, all of it when shorter (static friction), as
/// contacts with obstacles do. Both corrections are shared by inverse mass, so momentum is
/// kept. Coincident centres are left alone (no direction to choose). Returns whether they
/// touched.
bool separate(glm::dvec2& a, glm::dvec2 a0, double wa, glm::dvec2& b, glm::dvec2 b0, double wb,
              double reach, double mu)
{
    const glm::dvec2 d = a - b;
    if (std::abs(d.x) >= reach || std::abs(d.y) >= reach)
        return false;
    const double d2 = dot(d, d);
    if (d2 >= reach * reach || d2 == 0.0)
        return false;
    const double sum = wa + wb;
    if (sum == 0.0)
        return false;
    const double length = std::sqrt(d2);
    const glm::dvec2 n = d / length;
    const double depth = reach - length;
    a += (wa / sum * depth) * n;
    b -= (wb / sum * depth) * n;
    if (mu > 0.0) {
        const glm::dvec2 moved = (a - a0) - (b - b0);
        const glm::dvec2 tangential = moved - dot(moved, n) * n;
        const double slide = std::sqrt(dot(tangential, tangential));
        const double limit = mu * depth;
        const glm::dvec2 stop = slide <= limit ? tangential : (limit / slide) * tangential;
        a -= (wa / sum) * stop;
        b += (wb / sum) * stop;
    }
    return true;
}

/// Particles in blocks of this many, each with a box around their positions: a ball skips
/// every block whose box it cannot reach (the broad phase).
constexpr std::size_t kBlock = 256;

/// Each particle [0, n) against each ball, in that order, skipping the blocks out of reach.
/// A block is skipped only when the test each pair begins with (|dx| or |dy| >= reach)
/// rejects every particle in it against the ball where it is, and a rejected pair changes
/// nothing (the ball stays put while its block is skipped): the same bits as every pair in
/// turn. The boxes grow with every particle a contact moves, so they always hold them.
void ballsAgainstParticles(std::span<Ball> balls, glm::dvec2* x, const glm::dvec2* x0,
                           const double* w, std::size_t n, double grow, double mu)
{
    const std::size_t blocks = (n + kBlock - 1) / kBlock;
    std::vector<glm::dvec2> lo(blocks, glm::dvec2(std::numeric_limits<double>::infinity()));
    std::vector<glm::dvec2> hi(blocks, glm::dvec2(-std::numeric_limits<double>::infinity()));
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t k = i / kBlock;
        lo[k] = glm::dvec2(std::min(lo[k].x, x[i].x), std::min(lo[k].y, x[i].y));
        hi[k] = glm::dvec2(std::max(hi[k].x, x[i].x), std::max(hi[k].y, x[i].y));
    }
    for (Ball& ball : balls) {
        const double wb = inverseMass(ball);
        const double reach = ball.radius + grow;
        for (std::size_t k = 0; k < blocks; ++k) {
            // d = x[i] - ball: |d.x| >= reach for every x[i].x in [lo, hi] when one of these
            // holds (rounding is monotonic, so the bound carries over to each particle).
            const glm::dvec2 c = ball.position;
            if (c.x - hi[k].x >= reach || lo[k].x - c.x >= reach || c.y - hi[k].y >= reach ||
                lo[k].y - c.y >= reach)
                continue;
            const std::size_t end = std::min(n, (k + 1) * kBlock);
            for (std::size_t i = k * kBlock; i < end; ++i)
                if (separate(x[i], x0[i], w[i], ball.position, ball.start, wb, reach, mu)) {
                    lo[k] = glm::dvec2(std::min(lo[k].x, x[i].x), std::min(lo[k].y, x[i].y));
                    hi[k] = glm::dvec2(std::max(hi[k].x, x[i].x), std::max(hi[k].y, x[i].y));
                }
        }
    }
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

void resolveBallContacts(std::span<Ball> balls, glm::dvec2* x, const glm::dvec2* x0,
                         const double* w, std::size_t n, double thickness, double friction,
                         const ContactWorld* world)
{
    const double grow = 0.5 * thickness;
    ballsAgainstParticles(balls, x, x0, w, n, grow, friction);
    for (std::size_t a = 0; a < balls.size(); ++a)
        for (std::size_t b = a + 1; b < balls.size(); ++b)
            separate(balls[a].position, balls[a].start, inverseMass(balls[a]),
                     balls[b].position, balls[b].start, inverseMass(balls[b]),
                     balls[a].radius + balls[b].radius, 0.0);
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
