// Self-collision with obstacles: rounds of the obstacles' contacts and the self-collision
// phase, in which the particles that a contact moved take their obstacle's side against the
// layers on them. Without that, the contacts push a bottom layer back up into the layer that
// self-collision had pushed it away from (a heap on the ground kept pairs at 0.972 thickness);
// with it, self-collision pushes the upper layer instead, and the contact phase proper after
// it finds little to undo.

#include <algorithm>

#include "pbd/device/contacts.h"
#include "world/self_collision.h"

namespace pbd::detail {

template <glm::length_t D>
void SelfCollisionOf<D>::resolveWithContacts(const ContactWorldOf<D>& contacts, Vec<D>* x,
                                             const Vec<D>* x0, const double* w, std::size_t n,
                                             int width, double thickness, double friction,
                                             unsigned threads, const ThreadRun& run)
{
    held_.assign(n, 0);
    beforeContacts_.resize(n);
    bool jammed = false;
    for (int round = 0; round < kSelfContactRounds; ++round) {
        // Every round starts with the contacts, so that the first already knows which
        // particles the obstacles hold. A particle held once stays held for the substep: it
        // lies against its obstacle, which wins in the end.
        std::copy(x, x + n, beforeContacts_.begin());
        resolveContacts(contacts, x, x0, w, 0, n);
        for (std::size_t i = 0; i < n; ++i)
            if (x[i] != beforeContacts_[i])
                held_[i] = 1;
        // After a round that could not settle, one in which the held particles move too: a
        // particle wedged between two of them (say, on the ground less than two thicknesses
        // apart, friction locking it in) is otherwise pushed to and fro by the two for ever.
        // The contacts of the next round put them back on their obstacle.
        jammed = !resolve(x, x0, w, n, width, thickness, friction, threads, run,
                          jammed ? nullptr : held_.data());
    }
}

template void SelfCollisionOf<2>::resolveWithContacts(const ContactWorldOf<2>&, Vec<2>*,
                                                      const Vec<2>*, const double*, std::size_t,
                                                      int, double, double, unsigned,
                                                      const ThreadRun&);
template void SelfCollisionOf<3>::resolveWithContacts(const ContactWorldOf<3>&, Vec<3>*,
                                                      const Vec<3>*, const double*, std::size_t,
                                                      int, double, double, unsigned,
                                                      const ThreadRun&);

} // namespace pbd::detail
