#pragma once
// The balls' part of a substep: their prediction, their contacts (with the cloth two-way,
// with each other, with the obstacles) and their velocities. Serial and in a fixed order
// (balls are few, at most kMaxBalls), so that every solver and thread count gives the same
// bits; docs/physics.md says how.
// Part of the device contract (pbd/device/): a device backend (src/gpu) reuses or repeats it;
// namespace detail: not for users of the library.

#include <cstddef>
#include <span>

#include "pbd/device/contacts.h"
#include "pbd/ball.h"

namespace pbd::detail {

/// Symplectic Euler for the free balls, as predict() for particles: v += h g (along y),
/// x += h v; every ball remembers its centre as the substep's start.
template <glm::length_t D>
void predictBalls(std::span<BallOf<D>> balls, double h, double gravity);

/// The contact phase of the balls, after the constraints and before the particles' own
/// contacts with the obstacles: each particle [0, n) (a disc of diameter `thickness`)
/// overlapping a ball is separated from it along the line between their centres, the
/// correction shared by inverse mass (a held ball's is 0, a particle's w), with Coulomb
/// friction `friction` on their relative motion since the substep's start (x0 the particles'
/// positions then); a broad phase skips the blocks of particles a ball cannot reach, with the
/// same bits as every pair. Then each pair of overlapping balls likewise (no friction); then
/// each free ball is pushed out of the obstacles in `world` (null: none), with Coulomb
/// friction `world->friction` relative to their motion.
template <glm::length_t D>
void resolveBallContacts(std::span<BallOf<D>> balls, Vec<D>* x, const Vec<D>* x0,
                         const double* w, std::size_t n, double thickness, double friction,
                         const ContactWorldOf<D>* world);

/// v = (x - x_start) / h for the free balls, then damped as updateVelocities() damps
/// particles. Held balls keep their velocity.
template <glm::length_t D>
void updateBallVelocities(std::span<BallOf<D>> balls, double h, double damping);

} // namespace pbd::detail
