#include "logic/background_step.h"

#include <chrono>
#include <utility>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace pbd::app {

template <glm::length_t D>
bool BackgroundStepOf<D>::ready() const
{
    return running() && future_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

template <glm::length_t D>
void BackgroundStepOf<D>::start(SimulationOf<D> snapshot, int steps)
{
    future_ = std::async(std::launch::async, [simulation = std::move(snapshot), steps]() mutable {
#if defined(__linux__)
        // Below the window's thread (and the software rasteriser's, which it starts): on a
        // busy machine the window keeps its frame rate and the cloth takes what is left.
        // Threads the step starts (the colored solver's workers) inherit this.
        setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kNice);
#endif
        using Clock = std::chrono::steady_clock;
        const Clock::time_point begin = Clock::now();
        for (int i = 0; i < steps; ++i)
            simulation.step();
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
        return Result{std::move(simulation), steps, ms};
    });
}

template <glm::length_t D>
typename BackgroundStepOf<D>::Result BackgroundStepOf<D>::take()
{
    return future_.get();
}

template class BackgroundStepOf<2>;
template class BackgroundStepOf<3>;

} // namespace pbd::app
