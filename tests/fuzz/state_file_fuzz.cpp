// libFuzzer target: any bytes as a saved state. The reader must either refuse them with a
// message naming what is wrong or return a state; restoring it must either be refused (and
// change nothing) or give a simulation that steps without leaving it non-finite, and saving
// it again must read back to the same state. The same bytes go to the scene file reader
// (which shares the settings and obstacles readers): refused with a message, or a scene that
// writes and reads back equal.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "pbd/scene.h"
#include "pbd/state_file.h"

namespace {

void require(bool condition)
{
    if (!condition)
        std::abort();
}

} // namespace

/// The same checks of a state in D dimensions: restored into a small simulation (or refused,
/// changing nothing), saved and read back to the same positions, stepped.
template <glm::length_t D>
void checkState(const pbd::SimulationStateOf<D>& state)
{
    // Keep each run small: the fuzzer may write any size, and a large cloth steps slowly.
    if (state.position.size() > 400 || state.settings.iterations > 20 ||
        state.settings.substeps > 4)
        return;
    pbd::Settings small = pbd::SimulationOf<D>::defaultSettings();
    small.width = 2;
    small.height = 2;
    pbd::SimulationOf<D> simulation(small);
    const auto before = simulation.state();
    if (auto refused = simulation.restore(state)) {
        require(!refused->empty());
        require(simulation.particles().size() == before.position.size());
        return;
    }
    const pbd::StateParseOf<D> again =
        pbd::stateFromJson<D>(pbd::stateToJson(simulation.state()));
    require(again.state.has_value());
    require(std::memcmp(again.state->position.data(), state.position.data(),
                        state.position.size() * sizeof state.position[0]) == 0);
    pbd::Settings settings = simulation.settings();
    settings.solver = pbd::Solver::Sequential;
    require(!simulation.apply(settings));
    for (int step = 0; step < 3; ++step)
        simulation.step();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const pbd::SceneParse scene = pbd::sceneFromJson(text);
    require(scene.scene.has_value() != scene.error.has_value());
    if (scene.error)
        require(!scene.error->message.empty());
    else
        require(pbd::sceneFromJson(pbd::sceneToJson(*scene.scene)).scene == scene.scene);
    // A state is read as what its settings say: 2D, or 3D ("dimensions": 3).
    if (pbd::stateDimensions(text) == 3) {
        const pbd::StateParseOf<3> parsed = pbd::stateFromJson<3>(text);
        require(parsed.state.has_value() != parsed.error.has_value());
        if (parsed.error)
            require(!parsed.error->message.empty());
        else
            checkState(*parsed.state);
        return 0;
    }
    const pbd::StateParse parsed = pbd::stateFromJson(text);
    require(parsed.state.has_value() != parsed.error.has_value());
    if (parsed.error) {
        require(!parsed.error->message.empty());
        return 0;
    }
    checkState(*parsed.state);
    return 0;
}
