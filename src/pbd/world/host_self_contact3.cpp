// The host's 3D self-collision phases behind the device contract's interface
// (pbd/device/self_contact3.h): the CPU solvers' SelfCollision and ElementContact, on a
// worker pool of its own.

#include "pbd/device/contacts.h"
#include "pbd/device/self_contact3.h"
#include "world/element_contact.h"
#include "world/pool_run.h"

namespace pbd::detail {
namespace {

class HostSelfContact3 final : public SelfContact3 {
public:
    explicit HostSelfContact3(int threads) : pool_(resolveThreadCount(threads)) {}

    void resolve(Vec<3>* x, const Vec<3>* x0, const double* w, std::size_t n,
                 const ClothTopology& topology, const std::uint8_t* alive,
                 const Settings& settings, std::span<const Obstacle3> obstacles,
                 int substep) override
    {
        const unsigned threads = pool_.threadCount();
        const ThreadRun onPool = runOnPool(pool_);
        // As the sequential and colored solvers' SelfCollision phase in 3D: the particles,
        // then the elements.
        if (!obstacles.empty()) {
            prepareContacts(obstacles, settings.thickness, settings.friction, substep,
                            settings.substeps, contacts_);
            particles_.resolveWithContacts(contacts_, x, x0, w, n, settings.width,
                                           settings.thickness, settings.friction, threads,
                                           onPool);
        } else {
            particles_.resolve(x, x0, w, n, settings.width, settings.thickness,
                               settings.friction, threads, onPool);
        }
        resolveElements(x, x0, w, n, topology, alive, settings, obstacles, substep);
    }

    void resolveElements(Vec<3>* x, const Vec<3>* x0, const double* w, std::size_t n,
                         const ClothTopology& topology, const std::uint8_t* alive,
                         const Settings& settings, std::span<const Obstacle3> obstacles,
                         int substep) override
    {
        elements_.setCapsules(obstacles, substep, settings.substeps);
        elements_.resolve(x, x0, w, n, topology, alive, settings.thickness, settings.friction,
                          SelfContactSwitches{});
    }

    void bound(Vec<3>* x, const double* w, std::size_t n) override
    {
        elements_.bound(x, w, n);
    }

    SelfContactBoundInputs boundInputs(std::size_t n) override
    {
        return elements_.boundInputs(n, speedLimit_, guards_);
    }

private:
    WorkerPool pool_;
    ContactWorldOf<3> contacts_;
    SelfCollisionOf<3> particles_;
    ElementContact elements_;
    std::vector<double> speedLimit_;         ///< boundInputs()'s
    std::vector<SelfContactGuard> guards_;   ///< boundInputs()'s
};

} // namespace

std::unique_ptr<SelfContact3> makeHostSelfContact3(int threads)
{
    return std::make_unique<HostSelfContact3>(threads);
}

} // namespace pbd::detail
