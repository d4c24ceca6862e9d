// The host's self-collision pair search behind the device contract's interface
// (pbd/device/self_collision_pairs.h): SelfCollision::find() on a worker pool of its own.

#include "pbd/device/self_collision_pairs.h"
#include "pbd/settings.h"
#include "world/pool_run.h"

namespace pbd::detail {
namespace {

template <glm::length_t D>
class HostPairSearch final : public SelfCollisionPairSearchOf<D> {
public:
    explicit HostPairSearch(int threads) : pool_(resolveThreadCount(threads)) {}

    void find(const Vec<D>* x, const double* w, std::size_t n, int width,
              double thickness) override
    {
        search_.find(x, w, n, width, thickness, pool_.threadCount(), runOnPool(pool_));
    }
    std::span<const SelfCollisionPair> pairs() const override { return search_.pairs(); }
    std::span<const std::size_t> colourStarts() const override
    {
        return search_.colourStarts();
    }

private:
    WorkerPool pool_;
    SelfCollisionOf<D> search_;
};

} // namespace

template <glm::length_t D>
std::unique_ptr<SelfCollisionPairSearchOf<D>> makeHostPairSearch(int threads)
{
    return std::make_unique<HostPairSearch<D>>(threads);
}

template std::unique_ptr<SelfCollisionPairSearchOf<2>> makeHostPairSearch(int);
template std::unique_ptr<SelfCollisionPairSearchOf<3>> makeHostPairSearch(int);

} // namespace pbd::detail
