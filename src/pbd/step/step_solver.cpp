#include "step/step_solver.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "air/air.h"
#include "colored/colored_solver.h"

namespace pbd::detail {

template <>
std::unique_ptr<StepSolverOf<3>> makeStepSolver<3>(const Settings& settings,
                                                   const SolverBackendFactory& gpu)
{
    switch (settings.solver) {
    case Solver::Colored:
        return makeColoredSolver<3>(settings);
    case Solver::Gpu:
        if (!gpu)
            throw std::runtime_error("the gpu solver is not available: this program has no GPU "
                                     "backend installed");
        return makeDeviceSolver<3>(gpu(settings), settings);
    case Solver::Sequential:
        break;
    }
    return makeSequentialSolver<3>();
}

template <>
std::unique_ptr<StepSolver> makeStepSolver<2>(const Settings& settings,
                                              const SolverBackendFactory& gpu)
{
    switch (settings.solver) {
    case Solver::Colored:
        return makeColoredSolver(settings);
    case Solver::Gpu:
        if (!gpu)
            throw std::runtime_error("the gpu solver is not available: this program has no GPU "
                                     "backend installed");
        return makeDeviceSolver(gpu(settings), settings);
    case Solver::Sequential:
        break;
    }
    return makeSequentialSolver();
}

bool keepsStateOnDevice(Solver solver)
{
    return solver == Solver::Gpu;
}

SolverThreads solverThreads(const Settings& settings)
{
    if (settings.solver != Solver::Colored)
        return {};
    const unsigned requested = resolveThreadCount(settings.threads);
    const ChunkLayout layout =
        coloredChunkLayout(settings.width, settings.height, requested, 0, settings.dimensions);
    return {requested, layout.threadCount, layout.chunkCount};
}

template <glm::length_t D>
PhaseInputs phaseInputs(const StepStateOf<D>& state)
{
    PhaseInputs in;
    in.air = airOn(state.settings);
    in.tethers = state.tethers != nullptr && state.tethers->slots > 0;
    in.selfCollision = state.settings.selfCollision;
    in.balls = !state.balls.empty();
    in.obstacles = !state.obstacles.empty();
    in.tear = state.settings.tearStrain > 0.0;
    if constexpr (D == 3) { // bending needs the third dimension: 2D ignores the setting
        in.bending = state.settings.bending > 0.0;
        in.selfContact = state.settings.selfCollision; // the elements' (2D: particles only)
    }
    return in;
}

SubstepParams substepParams(const Settings& s)
{
    const int substeps = s.substeps;
    SubstepParams params;
    params.h = substeps == 1 ? s.timeStep : s.timeStep / substeps;
    params.gravity = s.gravity;
    params.iterations = s.iterations;
    params.alphaTilde = complianceOverStepSquared(s.stiffness, params.h);
    if (halvesEdgeSprings(s))
        params.edgeAlphaTilde = 2.0 * params.alphaTilde;
    params.shear = s.shearStiffness > 0.0;
    params.shearAlphaTilde = complianceOverStepSquared(s.shearStiffness, params.h);
    params.damping = s.damping;
    params.area = s.areaStiffness > 0.0 && s.width > 1 && s.height > 1;
    params.areaAlphaTilde = complianceOverStepSquared(s.areaStiffness, params.h);
    params.cellRestArea = cellRestArea(clothRestLengths(s));
    params.chebyshev = s.chebyshev;
    return params;
}

template <glm::length_t D>
SubstepParams substepParams(StepStateOf<D>& state)
{
    const SubstepParams params = substepParams(state.settings);
    if (params.area)
        state.areaLambda.resize(2 * static_cast<std::size_t>(state.settings.width - 1) *
                                static_cast<std::size_t>(state.settings.height - 1));
    return params;
}

template <glm::length_t D>
bool removeConstraint(StepStateOf<D>& state, std::size_t k)
{
    if (k >= state.alive.size() || state.alive[k] == 0)
        return false;
    state.alive[k] = 0;
    --state.liveCount;
    ++state.constraintsVersion;
    return true;
}

template <glm::length_t D>
void tear(StepStateOf<D>& state, double strain)
{
    // After the substep: every live constraint stretched or compressed beyond `strain`
    // gives way, all judged on the same positions.
    const auto& x = state.particles.position;
    for (std::size_t k = 0; k < state.constraints.size(); ++k) {
        if (state.alive[k] == 0)
            continue;
        const DistanceConstraint& c = state.constraints[k];
        const double length = std::sqrt(squaredLength(x[c.a] - x[c.b]));
        if (std::abs(length - c.restLength) / c.restLength > strain)
            removeConstraint(state, k);
    }
}

template <glm::length_t D>
Residual measureResidual(const StepStateOf<D>& state)
{
    const auto& x = state.particles.position;
    Residual r;
    double sumSquares = 0.0;
    for (std::size_t k = 0; k < state.constraints.size(); ++k) {
        if (state.alive[k] == 0)
            continue;
        const DistanceConstraint& c = state.constraints[k];
        const double e = std::abs(std::sqrt(squaredLength(x[c.a] - x[c.b])) - c.restLength);
        r.max = std::max(r.max, e);
        sumSquares += e * e;
    }
    if (state.liveCount != 0)
        r.rms = std::sqrt(sumSquares / static_cast<double>(state.liveCount));
    return r;
}

template PhaseInputs phaseInputs(const StepStateOf<2>&);
template PhaseInputs phaseInputs(const StepStateOf<3>&);
template SubstepParams substepParams(StepStateOf<2>&);
template SubstepParams substepParams(StepStateOf<3>&);
template bool removeConstraint(StepStateOf<2>&, std::size_t);
template bool removeConstraint(StepStateOf<3>&, std::size_t);
template void tear(StepStateOf<2>&, double);
template void tear(StepStateOf<3>&, double);
template Residual measureResidual(const StepStateOf<2>&);
template Residual measureResidual(const StepStateOf<3>&);

} // namespace pbd::detail
