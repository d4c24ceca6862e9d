#pragma once
/// \file
/// Steps of a copy of the simulation on a thread of its own, for cloths whose single step
/// takes longer than a frame may spend (1000 iterations, huge cloths): the window keeps
/// drawing, panning and zooming the last finished state while the next one is computed.

#include <future>

#include "pbd/simulation.h"

namespace pbd::app {

/// At most one job at a time. The job owns its copy of the simulation, so nothing is shared
/// with the caller's thread while it runs; take() hands the stepped copy back. The
/// destructor waits for a running job (never a detached thread). Written once for the
/// cloth in D dimensions (BackgroundStep in 2D).
template <glm::length_t D>
class BackgroundStepOf {
public:
    /// The job's thread's nice value on Linux (0 normal, 19 lowest): below the window's.
    static constexpr int kNice = 10;

    /// A finished job: the stepped simulation, how many steps, and their wall-clock time.
    struct Result {
        SimulationOf<D> simulation;
        int steps = 0;
        double milliseconds = 0.0;
    };

    /// A job was started and not yet taken (it may have finished).
    bool running() const { return future_.valid(); }
    /// The running job has finished: take() will not wait.
    bool ready() const;
    /// Starts `steps` steps of `snapshot` on another thread. Requires !running().
    void start(SimulationOf<D> snapshot, int steps);
    /// Waits for the running job and returns its result (rethrows what the step threw).
    /// Requires running().
    Result take();

private:
    std::future<Result> future_;
};

using BackgroundStep = BackgroundStepOf<2>;

} // namespace pbd::app
