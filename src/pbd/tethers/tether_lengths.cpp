// The tethers: each particle's nearest anchors by the shortest paths through the cloth at
// rest (tether_domain.h says what the cloth is, tether_search.h how the paths are found).

#include <algorithm>
#include <cmath>
#include <vector>

#include "pbd/particles.h"
#include "pbd/tethers.h"
#include "tethers/tether_domain.h"
#include "tethers/tether_search.h"

namespace pbd {

std::size_t Tethers::count() const
{
    return static_cast<std::size_t>(
        std::count_if(length.begin(), length.end(), [](double l) { return l < kNoTether; }));
}

std::optional<double> Tethers::lengthTo(Index particle, Index anchor) const
{
    for (std::size_t s = 0; s < static_cast<std::size_t>(slots); ++s) {
        const std::size_t k = s * particles + particle;
        if (k < length.size() && length[k] < kNoTether && anchors[anchorOf[k]] == anchor)
            return length[k];
    }
    return std::nullopt;
}

namespace {

using detail::AnchorSearch;
using detail::GridPoint;
using detail::TetherDomain;
using detail::TetherNodes;

/// Each particle's nearest anchors so far: up to `slots` (length, anchor) pairs, nearest first,
/// an earlier anchor first among equals.
class Nearest {
public:
    Nearest(std::size_t particles, int slots)
        : slots_(static_cast<std::size_t>(slots)),
          length_(particles * slots_, kNoTether), anchor_(particles * slots_, 0)
    {
    }

    void offer(std::size_t particle, double length, std::uint32_t anchor)
    {
        double* l = length_.data() + particle * slots_;
        std::uint32_t* a = anchor_.data() + particle * slots_;
        if (slots_ == 0 || !(length < l[slots_ - 1]))
            return;
        std::size_t s = slots_ - 1;
        for (; s > 0 && length < l[s - 1]; --s) {
            l[s] = l[s - 1];
            a[s] = a[s - 1];
        }
        l[s] = length;
        a[s] = anchor;
    }

    /// Into the tethers' slot-by-slot layout.
    void moveInto(Tethers& tethers) const
    {
        const std::size_t n = slots_ == 0 ? 0 : length_.size() / slots_;
        tethers.particles = n;
        tethers.length.resize(length_.size());
        tethers.anchorOf.resize(anchor_.size());
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t s = 0; s < slots_; ++s) {
                tethers.length[s * n + i] = length_[i * slots_ + s];
                tethers.anchorOf[s * n + i] = anchor_[i * slots_ + s];
            }
    }

private:
    std::size_t slots_;
    std::vector<double> length_;
    std::vector<std::uint32_t> anchor_;
};

} // namespace

TetherCloth tetherClothOf(const Settings& settings, std::span<const std::uint8_t> alive,
                          std::span<const std::uint8_t> flags)
{
    const ClothRestLengths rest = clothRestLengths(settings);
    return {.width = settings.width,
            .height = settings.height,
            .spacingX = rest.horizontal,
            .spacingY = rest.vertical,
            .alive = alive,
            .flags = flags};
}

Tethers computeTethers(const TetherCloth& cloth)
{
    Tethers tethers;
    const std::size_t n = cloth.flags.size();
    for (std::size_t i = 0; i < n; ++i)
        if ((cloth.flags[i] & kPinned) != 0)
            tethers.anchors.push_back(static_cast<Index>(i));
    tethers.slots = static_cast<int>(
        std::min<std::size_t>(static_cast<std::size_t>(kTetherSlots), tethers.anchors.size()));
    Nearest nearest(n, tethers.slots);
    const TetherDomain domain(cloth.width, cloth.height, cloth.alive);
    auto movable = [&](std::size_t i) { return (cloth.flags[i] & kPinned) == 0; };
    if (domain.intact()) {
        // The whole rectangle is cloth: every tether is the straight rest distance.
        const auto w = static_cast<std::size_t>(cloth.width);
        for (std::uint32_t k = 0; k < tethers.anchors.size(); ++k) {
            const std::size_t a = tethers.anchors[k];
            const double ax = static_cast<double>(a % w);
            const double ay = static_cast<double>(a / w);
            for (std::size_t i = 0; i < n; ++i) {
                if (!movable(i))
                    continue;
                const double dx = cloth.spacingX * (static_cast<double>(i % w) - ax);
                const double dy = cloth.spacingY * (static_cast<double>(i / w) - ay);
                nearest.offer(i, std::sqrt(dx * dx + dy * dy), k);
            }
        }
    } else {
        const TetherNodes nodes(cloth, domain);
        AnchorSearch search(domain, nodes);
        for (std::uint32_t k = 0; k < tethers.anchors.size(); ++k) {
            const std::vector<double>& distance = search.run(tethers.anchors[k]);
            for (std::size_t i = 0; i < n; ++i)
                if (movable(i) && std::isfinite(distance[i]))
                    nearest.offer(i, distance[i], k);
        }
    }
    nearest.moveInto(tethers);
    tethers.particles = n;
    return tethers;
}

} // namespace pbd
