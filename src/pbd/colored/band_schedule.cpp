#include "colored/band_schedule.h"

namespace pbd {

void BandSchedule::reset(std::size_t chunks, std::uint32_t phases)
{
    if (chunks != chunkCount_) {
        states_ = std::make_unique<ChunkState[]>(chunks);
        chunkCount_ = chunks;
    } else {
        for (std::size_t c = 0; c < chunks; ++c)
            states_[c].value.store(0, std::memory_order_relaxed);
    }
    phaseCount_ = phases;
    done_.store(0, std::memory_order_relaxed);
}

} // namespace pbd
