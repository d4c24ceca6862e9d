// App's switch between the plane and the space: the panel's Dimensions switch, and a scene of
// the other dimension count chosen in the Scene combo. The cloth restarts in the other space
// with the panel's values; its world stays behind (2D and 3D shapes differ); the preferences
// and the pause carry over; both undo histories start afresh (undo cannot cross a switch,
// whose two states have different particle types); a recording ends first (an event script
// keeps one dimension count from its start).

#include "gui/app.h"

#include <cstdio>
#include <stdexcept>

#include "logic/world_edits.h"
#include "pbd/scene.h"

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
            return true;
        }
        if (scene) {
            RunStart start;
            start.scene = *scene;
            if (auto error = setUpStart(next->simulation(), start)) {
                std::fprintf(stderr, "pbd-cloth: %s\n", error->message.c_str());
                return true;
            }
        }
    }
    // What runs now ends here: the step on its way, and a recording (its end line and hash).
    if (files_.recording() && !files_.stopRecording())
        std::fprintf(stderr, "pbd-cloth: %s\n", files_.message().c_str());
    if (session3_) {
        session3_->driver().finishOffThreadStep();
        stopRecording3();
    } else {
        controller_.finishOffThreadStep();
    }
    if (wanted == 3) {
        session3_ = std::move(next);
        if (scene)
            session3_->setSceneName(*actions.world.scene);
        session3_->model().showSettings(session3_->simulation().settings());
        offerGpu();
        session3_->setPreferences(preferences);
        session3_->setPaused(paused);
        prepareDrawing3();
    } else {
        session3_.reset();
        if (scene) {
            controller_.chooseScene(*actions.world.scene);
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

} // namespace pbd::app
