// App's switch between the plane and the space: the panel's Dimensions switch, a scene of
// the other dimension count chosen in the Scene combo, and a state file of the other
// dimension count loaded (Ctrl+O, Load, a restored autosave). The cloth restarts in the other space
// with the panel's values; its world stays behind (2D and 3D shapes differ); the preferences
// and the pause carry over; both undo histories start afresh (undo cannot cross a switch,
// whose two states have different particle types); a recording ends first, saying so (the
// recordings of the window keep one dimension count from their start).

#include "gui/app.h"

#include <cstdio>
#include <stdexcept>

#include "files/input_text.h"
#include "logic/world_edits.h"
#include "pbd/scene.h"
#include "pbd/state_file.h"

namespace pbd::app {
namespace {

/// The panel's values in the space of `dimensions`: in 2D the values only a 3D cloth has
/// (Bending, Wind z, Orientation, refused or meaningless in the plane) go back to the page's.
Settings inSpace(Settings settings, int dimensions)
{
    settings.dimensions = dimensions;
    if (dimensions == 2) {
        const Settings page;
        settings.bending = page.bending;
        settings.windZ = page.windZ;
        settings.orientation = page.orientation;
    }
    return settings;
}

} // namespace

bool App::switchSpace(const PanelActions& actions)
{
    const int now = session3_ ? 3 : 2;
    int wanted = actions.dimensions.value_or(now);
    std::optional<Scene> scene;
    if (actions.world.scene) { // a scene that cannot be read is refused as before, later
        std::string error;
        scene = loadScene(*actions.world.scene, error);
        if (scene)
            wanted = scene->settings.dimensions;
    }
    if (wanted == now)
        return false;
    enterSpace(wanted, scene, scene ? *actions.world.scene : std::string());
    return true;
}

bool App::enterSpace(int wanted, const std::optional<Scene>& scene, const std::string& sceneName)
{
    const PanelModel& model = session3_ ? session3_->model() : controller_.model();
    Settings settings = inSpace(model.settings(), wanted);
    if (scene)
        settings = sceneSettings(*scene, settings); // the scene's, on this machine's solver
    const Preferences preferences = this->preferences();
    const bool paused = session3_ ? session3_->paused() : controller_.paused();
    std::unique_ptr<Session3> next;
    if (wanted == 3) { // made first: a refusal leaves the 2D cloth as it was
        try {
            next = std::make_unique<Session3>(settings, clockSeconds);
        } catch (const std::invalid_argument& refused) {
            std::fprintf(stderr, "pbd-cloth: Dimensions 3: %s\n", refused.what());
            return false;
        }
        if (scene) {
            RunStart start;
            start.scene = *scene;
            if (auto error = setUpStart(next->simulation(), start)) {
                std::fprintf(stderr, "pbd-cloth: %s\n", error->message.c_str());
                return false;
            }
        }
    }
    // What runs now ends here: the step on its way, and a recording (its end line and hash)
    // or a playback. A recording keeps the space it started in: it ends at the switch, as
    // `pbd-sim run --events` replays it (to the hash it ends with), and says so.
    const bool recording = files_.recording() || (recorder3_ && recorder3_->active());
    bool recorded = true;
    if (files_.recording())
        recorded = files_.stopRecording();
    if (session3_) {
        session3_->driver().finishOffThreadStep();
        recorded = stopRecording3() && recorded;
        replay3_.reset();
    } else {
        controller_.finishOffThreadStep();
    }
    if (recording) {
        if (recorded)
            files_.report("Recording ended at the switch to " + std::to_string(wanted) +
                              "D (a recording keeps the space it started in). " +
                              files_.message(),
                          false);
        std::fprintf(stderr, "pbd-cloth: %s\n", files_.message().c_str());
    }
    if (wanted == 3) {
        session3_ = std::move(next);
        if (scene)
            session3_->setSceneName(sceneName);
        session3_->model().showSettings(session3_->simulation().settings());
        offerGpu();
        session3_->setPreferences(preferences);
        session3_->setPaused(paused);
        watch3();
        prepareDrawing3();
    } else {
        session3_.reset();
        if (scene) {
            controller_.chooseScene(sceneName);
        } else {
            controller_.model().showSettings(settings);
            controller_.restart(); // the 2D cloth's own start world, as R brings it back
        }
        controller_.clearHistory();
        controller_.setPreferences(preferences);
        controller_.setPaused(paused);
    }
    updateLayout(); // the new cloth's first canvas frames it
    std::fprintf(stderr, "pbd-cloth: the cloth restarted in %dD (%d x %d particles)\n", wanted,
                 settings.width, settings.height);
    return true;
}

bool App::loadAnySpace(const std::string& path)
{
    const int now = session3_ ? 3 : 2;
    std::string text;
    const int dimensions = readWholeFile(path, text, kMaxStateFileBytes + 1) || path.empty()
                               ? now // the space's own load says why it cannot read it
                               : stateDimensions(text);
    if (dimensions != now) {
        // Read and checked whole in the other space before anything changes.
        const auto probe = [&](auto simulation) { return loadStateText(simulation, text, path); };
        if (auto error = dimensions == 3 ? probe(Simulation3(Simulation3::defaultSettings()))
                                         : probe(Simulation(Settings{}))) {
            files_.report("Not loaded (nothing changed): " + *error, true);
            return false;
        }
        if (!enterSpace(dimensions, std::nullopt, {})) {
            files_.report("Not loaded (nothing changed): the cloth could not restart in " +
                              std::to_string(dimensions) + "D",
                          true);
            return false;
        }
    }
    return session3_ ? load3(path) : files_.load(path);
}

bool App::replayAnySpace(const std::string& path)
{
    if (path.empty()) // as the 2D playback refuses it
        return files_.startReplay(path);
    // Read as pbd-cloth --replay reads it: from the page's settings in 2D (a 3D recording sets
    // every field it needs), as a recording of a 3D cloth first.
    const Settings start = session3_ ? Settings{} : simulation_.settings();
    Settings settings;
    std::vector<DragEvent3> events;
    std::string warning;
    bool notThreeD = false;
    if (auto error = readEventScriptFile3(path, start, settings, events, warning, notThreeD)) {
        files_.report("Not replaying: " + error->message, true);
        return false;
    }
    const int wanted = notThreeD ? 2 : 3;
    if (wanted != (session3_ ? 3 : 2) && !enterSpace(wanted, std::nullopt, {})) {
        files_.report("Not replaying: the cloth could not restart in " +
                          std::to_string(wanted) + "D",
                      true);
        return false;
    }
    if (notThreeD)
        return files_.startReplay(path); // says what is wrong with a bad one
    if (settings != session3_->simulation().settings())
        session3_->issue(SetCommand{settings}); // the cloth its recording starts from
    startReplay3(std::move(events), path);
    if (!warning.empty() && files_.message().empty())
        files_.report("Replaying up to the cut: " + warning, false);
    return true;
}

} // namespace pbd::app
