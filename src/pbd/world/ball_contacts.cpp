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

template <glm::length_t D>
double inverseMass(const BallOf<D>& ball) { return ball.held ? 0.0 : 1.0 / ball.mass; }

/// Separates two discs whose centres are a and b, of inverse masses wa and wb, to `reach`
/// between their centres, then (mu > 0) applies Coulomb friction to their relative motion
/// over the substep (a0, b0: their centres at its start): its tangential part is taken away
/// up to mu times the normal correction, all of it when shorter (static friction), as
/// contacts with obstacles do. Both corrections are shared by inverse mass, so momentum is
/// kept. Coincident centres are left alone (no direction to choose). Returns whether they
/// touched.
template <glm::length_t D>
bool separate(Vec<D>& a, Vec<D> a0, double wa, Vec<D>& b, Vec<D> b0, double wb, double reach,
              double mu)
{
    const Vec<D> d = a - b;
    for (glm::length_t k = 0; k < D; ++k)
        if (std::abs(d[k]) >= reach)
            return false;
    const double d2 = dot(d, d);
    if (d2 >= reach * reach || d2 == 0.0)
        return false;
    const double sum = wa + wb;
    if (sum == 0.0)
        return false;
    const double length = std::sqrt(d2);
    const Vec<D> n = d / length;
    const double depth = reach - length;
    a += (wa / sum * depth) * n;
    b -= (wb / sum * depth) * n;
    if (mu > 0.0) {
        const Vec<D> moved = (a - a0) - (b - b0);
        const Vec<D> tangential = moved - dot(moved, n) * n;
        const double slide = std::sqrt(dot(tangential, tangential));
        const double limit = mu * depth;
        const Vec<D> stop = slide <= limit ? tangential : (limit / slide) * tangential;
        a -= (wa / sum) * stop;
        b += (wb / sum) * stop;
    }
    return true;
}

/// Particles in blocks of this many, each with a box around their positions: a ball skips
/// every block whose box it cannot reach (the broad phase).
constexpr std::size_t kBlock = 256;

/// Each particle [0, n) against each ball, in that order, skipping the blocks out of reach.
/// A block is skipped only when the test each pair begins with (some |d_k| >= reach)
/// rejects every particle in it against the ball where it is, and a rejected pair changes
/// nothing (the ball stays put while its block is skipped): the same bits as every pair in
/// turn. The boxes grow with every particle a contact moves, so they always hold them.
template <glm::length_t D>
void ballsAgainstParticles(std::span<BallOf<D>> balls, Vec<D>* x, const Vec<D>* x0,
                           const double* w, std::size_t n, double grow, double mu)
{
    const std::size_t blocks = (n + kBlock - 1) / kBlock;
    std::vector<Vec<D>> lo(blocks, Vec<D>(std::numeric_limits<double>::infinity()));
    std::vector<Vec<D>> hi(blocks, Vec<D>(-std::numeric_limits<double>::infinity()));
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t k = i / kBlock;
        lo[k] = lowerOf(lo[k], x[i]);
        hi[k] = upperOf(hi[k], x[i]);
    }
    // Whether the ball at c cannot reach block k: some |x[i]_j - c_j| >= reach for every
    // x[i] in the block's box (rounding is monotonic, so the bound carries over to each).
    auto outOfReach = [&](std::size_t k, const Vec<D>& c, double reach) {
        for (glm::length_t j = 0; j < D; ++j)
            if (c[j] - hi[k][j] >= reach || lo[k][j] - c[j] >= reach)
                return true;
        return false;
    };
    for (BallOf<D>& ball : balls) {
        const double wb = inverseMass(ball);
        const double reach = ball.radius + grow;
        for (std::size_t k = 0; k < blocks; ++k) {
            if (outOfReach(k, ball.position, reach))
                continue;
            const std::size_t end = std::min(n, (k + 1) * kBlock);
            for (std::size_t i = k * kBlock; i < end; ++i)
                if (separate(x[i], x0[i], w[i], ball.position, ball.start, wb, reach, mu)) {
                    lo[k] = lowerOf(lo[k], x[i]);
                    hi[k] = upperOf(hi[k], x[i]);
                }
        }
    }
}

/// Pushes a free ball out of one obstacle, with friction against the obstacle's motion.
template <glm::length_t D>
void pushOutOf(const ContactShapeOf<D>& shape, double mu, double grow, BallOf<D>& ball)
{
    // The shape is grown by thickness / 2 for the particles; the ball needs its radius.
    const double extra = ball.radius - grow;
    const SurfaceDistanceOf<D> sd = surfaceDistance(shape, ball.position);
    const double depth = extra - sd.d;
    if (depth <= 0.0)
        return;
    ball.position += depth * sd.n;
    if (mu <= 0.0)
        return;
    const Vec<D> moved = ball.position - carried(shape, ball.start);
    const Vec<D> tangential = moved - dot(moved, sd.n) * sd.n;
    const double length = std::sqrt(dot(tangential, tangential));
    const double limit = mu * depth;
    ball.position -= length <= limit ? tangential : (limit / length) * tangential;
}

} // namespace

template <glm::length_t D>
void predictBalls(std::span<BallOf<D>> balls, double h, double gravity)
{
    for (BallOf<D>& b : balls) {
        b.start = b.position;
        if (b.held)
            continue;
        b.velocity.y = b.velocity.y + h * gravity;
        for (glm::length_t k = 0; k < D; ++k)
            b.position[k] = b.position[k] + h * b.velocity[k];
    }
}

template <glm::length_t D>
void resolveBallContacts(std::span<BallOf<D>> balls, Vec<D>* x, const Vec<D>* x0,
                         const double* w, std::size_t n, double thickness, double friction,
                         const ContactWorldOf<D>* world)
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
    for (BallOf<D>& ball : balls)
        if (!ball.held)
            for (const ContactShapeOf<D>& shape : world->shapes)
                pushOutOf(shape, world->friction, grow, ball);
}

template <glm::length_t D>
void updateBallVelocities(std::span<BallOf<D>> balls, double h, double damping)
{
    const double invH = 1.0 / h;
    const double factor = damping > 0.0 ? std::max(0.0, 1.0 - damping * h) : 1.0;
    for (BallOf<D>& b : balls) {
        if (b.held)
            continue;
        b.velocity = invH * (b.position - b.start);
        if (damping > 0.0)
            for (glm::length_t k = 0; k < D; ++k)
                b.velocity[k] = b.velocity[k] * factor;
    }
}

template void predictBalls(std::span<BallOf<2>>, double, double);
template void predictBalls(std::span<BallOf<3>>, double, double);
template void resolveBallContacts(std::span<BallOf<2>>, Vec<2>*, const Vec<2>*, const double*,
                                  std::size_t, double, double, const ContactWorldOf<2>*);
template void resolveBallContacts(std::span<BallOf<3>>, Vec<3>*, const Vec<3>*, const double*,
                                  std::size_t, double, double, const ContactWorldOf<3>*);
template void updateBallVelocities(std::span<BallOf<2>>, double, double);
template void updateBallVelocities(std::span<BallOf<3>>, double, double);

} // namespace pbd::detail
