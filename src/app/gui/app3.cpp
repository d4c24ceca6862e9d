// App's parts that read the 2D controller or the 3D session, whichever runs the cloth, and
// the 3D session's side of the frame: the shaded cloth, its world and the shadow (Scene3Pass).

#include "gui/app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glad/gl.h>

#include "common/thread_report.h"
#include "gui/law_legend.h"
#include "pbd/state_file.h"
#include "pbd/state_io.h"
#include "logic/frame_limit.h"

namespace pbd::app {
namespace {

/// The panel's values that come from the cloth, its step driver, preferences and history,
/// alike in 2D and 3D.
template <glm::length_t D>
PanelStats clothStats(const SimulationOf<D>& simulation, const StepDriverOf<D>& driver,
                      const Preferences& preferences, const HistoryOf<D>& history)
{
    PanelStats stats;
    stats.time = simulation.time();
    stats.millisecondsPerStep = driver.stepTimer().meanMilliseconds();
    stats.particles = simulation.particles().size();
    stats.constraints = simulation.liveConstraintCount();
    stats.paused = driver.paused();
    stats.threads = common::threadsShortText(simulation);
    stats.substepsInUse = simulation.settings().maxStrain > 0.0 ? simulation.substepsInUse() : 0;
    stats.simulatedPerWall = driver.stepping().ratio();
    stats.stepsPerFrame = driver.stepping().stepsPerFrame();
    stats.steppingStatus = driver.stepping().status();
    stats.colorBy = preferences.colorBy;
    stats.throwOnRelease = preferences.onRelease == OnRelease::Throw;
    stats.particleColorBy = preferences.particleColorBy;
    stats.plotsOpen = preferences.plots;
    stats.plotHistory = &driver.plotHistory();
    stats.residuals = simulation.residuals();
    stats.residualsOnGpu = simulation.stateOnDevice();
    stats.undoCount = history.undoCount();
    stats.redoCount = history.redoCount();
    stats.follow = preferences.follow;
    stats.exports = preferences.exports;
    stats.drawMode = preferences.draw;
    stats.wireframe = preferences.wireframe;
    stats.obstacles = simulation.obstacles().size();
    stats.balls = simulation.balls().size();
    stats.pinnedNow = pinnedNowText(simulation);
    return stats;
}

/// Metres around the scene's centre that the ground and planes are drawn over, at least.
constexpr double kMinPlaneHalfSide = 10.0;

} // namespace

PanelStats App::panelStats() const
{
    PanelStats stats =
        session3_ ? clothStats(session3_->simulation(), session3_->driver(),
                               session3_->preferences(), session3_->history())
                  : clothStats(simulation_, controller_.driver(), controller_.preferences(),
                               controller_.history());
    stats.frame = frameStats_.mean();
    stats.framesPerSecond = frameStats_.framesPerSecond();
    if (law_) // as the last frame drew it
        stats.lawError = std::pair{law_->residual, law_->tolerance};
    stats.files = files_.view();
    stats.frameLimit = frameLimitText(frameStats_.mean(), 1000.0 / window_->refreshRate());
    if (session3_) {
        stats.threeD = true;
        stats.scene = session3_->sceneName();
        stats.worldSelected = session3_->selected().has_value();
        stats.files.recording = recorder3_ && recorder3_->active();
        stats.files.replaying = replay3_.has_value();
        if (stats.files.recording)
            stats.files.status = "Recording to " + recorder3_->path() + ": step " +
                                 std::to_string(recorder3_->steps());
        else if (replay3_)
            stats.files.status = "Replaying " + replay3_->path() + ": step " +
                                 std::to_string(replay3_->step()) + " of " +
                                 std::to_string(replay3_->endStep());
        return stats;
    }
    stats.foldHint = foldHintText(controller_.foldWatch());
    stats.scene = controller_.sceneName();
    stats.worldSelected = controller_.input().selected().has_value();
    return stats;
}

const Preferences& App::preferences() const
{
    return session3_ ? session3_->preferences() : controller_.preferences();
}

long long App::stepsTaken() const
{
    return session3_ ? session3_->driver().steps() : controller_.driver().steps();
}

std::optional<std::string> App::record3(const std::string& path, bool fromState)
{
    replay3_.reset(); // recording and playback exclude each other, as in 2D
    recorder3_.emplace();
    return recorder3_->start(path, session3_->simulation(), fromState);
}

void App::watch3()
{
    session3_->driver().setCommandObserver([this](const Command3& command) {
        onCommand3(command);
    });
    // While the GPU solver holds the state, the view's box of the cloth is measured there.
    session3_->setClothMeasure([this](bool following) {
        DeviceMeasure<Box3> measure;
        if (!gpuView_)
            return measure;
        const DeviceMeasure<MeasuredCloth> gpu =
            gpuView_->measureCloth(session3_->simulation(), following);
        measure.measures = gpu.measures;
        if (gpu.latest) {
            const MeasuredCloth& box = gpu.latest->box;
            measure.latest = MeasuredBox<Box3>{box.empty ? Box3{} : Box3{box.min, box.max},
                                               gpu.latest->time}; // none finite: clothBox's
        }
        return measure;
    });
}

void App::onCommand3(const Command3& command)
{
    ++changes3_;
    if (recorder3_ && recorder3_->active() && !ownCommand3_)
        recorder3_->note(command, session3_->simulation());
    if (!replay3_)
        return;
    if (std::holds_alternative<StepCommand>(command)) {
        replay3_->stepped();
        playDue3(); // the events before the next step, now: nothing else can come between
    } else if (!ownCommand3_) {
        stopReplay3("Replay of " + replay3_->path() + " stopped at step " +
                    std::to_string(replay3_->step()) + " of " +
                    std::to_string(replay3_->endStep()) + ": the cloth was changed by hand (" +
                    commandName(command) + "); it carries on live");
    }
}

void App::startReplay3(std::vector<DragEvent3> events, const std::string& path)
{
    session3_->driver().finishOffThreadStep(); // its step is not the playback's
    stopRecording3();
    replay3_.emplace(std::move(events), path);
    session3_->clearHistory(); // the recording's undo lines undo its own actions
    files_.report("", false);
    playDue3(); // the events before step 0: the recording's settings and fresh cloth
}

void App::playDue3()
{
    if (!replay3_)
        return;
    Session3& session = *session3_;
    const ReplayTarget<3> target{
        [&session]() -> const Settings& { return session.simulation().settings(); },
        [&session](Solver solver) { return session.model().unavailable(solver); },
        [&session](const Command3& command) { session.issue(command); }};
    ownCommand3_ = true;
    const std::optional<std::string> over = playTurn(*replay3_, target, [&session] {
        session.simulation().sync();
        return formatHash(positionsHash(session.simulation().particles().position));
    });
    ownCommand3_ = false;
    if (over) {
        session.setPaused(true);
        stopReplay3(*over);
    }
}

void App::stopReplay3(const std::string& why)
{
    replay3_.reset();
    files_.report(why, false);
    if (!why.empty())
        std::fprintf(stderr, "pbd-cloth: %s\n", why.c_str());
}

void App::toggleRecording3()
{
    if (recorder3_ && recorder3_->active()) {
        stopRecording3();
        return;
    }
    // As in 2D (RunFiles::startRecording): the file first, so that a failure changes nothing;
    // then from a fresh cloth, the panel's values and the start's world, with nothing before
    // it to undo.
    const std::string& path = files_.recordingPath(); // the Record and save section's field
    const auto refuse = [&](const std::string& error) {
        std::fprintf(stderr, "pbd-cloth: Not recording: %s\n", error.c_str());
        files_.report("Not recording: " + error, true);
    };
    if (path.empty()) {
        refuse("the recording file name is empty; allowed: a file name");
        return;
    }
    session3_->driver().finishOffThreadStep(); // a step on its way belongs before it
    replay3_.reset(); // recording and playback exclude each other, as in 2D
    recorder3_.emplace();
    if (auto error = recorder3_->open(path)) {
        refuse(*error);
        return;
    }
    ownCommand3_ = true; // the start's `0 scene` and `0 restart` already say it
    session3_->restartForRecording();
    ownCommand3_ = false;
    session3_->simulation().sync();
    if (auto error = recorder3_->begin(session3_->simulation())) {
        refuse(*error);
        return;
    }
    std::fprintf(stderr, "pbd-cloth: Recording to %s\n", path.c_str());
    files_.report("Started recording from a fresh cloth (the cloth restarted); Ctrl+R stops",
                  false);
}

void App::files3(const FilesActions& actions)
{
    FilesActions fields; // the file names typed, which files_ keeps for both spaces
    fields.statePath = actions.statePath;
    fields.recordingPath = actions.recordingPath;
    files_.panel(fields);
    if (actions.toggleRecording)
        toggleRecording3();
    if (actions.toggleReplay)
        toggleReplay3();
    if (actions.save)
        save3();
    if (actions.load)
        loadAnySpace(files_.statePath());
}

void App::toggleReplay3()
{
    if (!replay3_) {
        replayAnySpace(files_.recordingPath());
        return;
    }
    stopReplay3("Replay of " + replay3_->path() + " stopped at step " +
                std::to_string(replay3_->step()) + " of " + std::to_string(replay3_->endStep()));
}

void App::save3()
{
    const std::string& path = files_.statePath();
    session3_->driver().finishOffThreadStep(); // the state with what was done meanwhile
    Simulation3& cloth = session3_->simulation();
    cloth.sync();
    if (auto error = saveStateFile(cloth, path))
        files_.report("Not saved: " + *error + " (an existing file is kept as it was)", true);
    else
        files_.report(stateOutcome("Saved", path, cloth), false);
}

bool App::load3(const std::string& path)
{
    if (recorder3_ && recorder3_->active()) // a load is no line of a recording started here
        stopRecording3();
    replay3_.reset();
    if (auto error = session3_->loadState(path)) {
        files_.report("Not loaded (nothing changed): " + *error, true);
        return false;
    }
    files_.report(stateOutcome("Loaded", path, session3_->simulation()), false);
    return true;
}

AnySimulationState App::SessionHost::snapshot()
{
    if (!app_.session3_)
        return app_.controller_.syncedSimulation().state();
    Simulation3& cloth = app_.session3_->simulation();
    cloth.sync();
    return cloth.state();
}

void App::SessionHost::finishOffThreadStep()
{
    if (app_.session3_)
        app_.session3_->driver().finishOffThreadStep();
    else
        app_.controller_.finishOffThreadStep();
}

std::uint64_t App::SessionHost::changes() const
{
    return app_.files_.changes() + app_.changes3_; // each only grows
}

void App::upload3()
{
    Simulation3& cloth = session3_->simulation();
    const std::span<const std::uint32_t> triangles = session3_->triangles(session3_->lodStep());
    // Coloured as the 2D mesh: by strain (each particle the mean of its live constraints'),
    // or by speed, through the same tables and scales (the legends: drawCanvasOverlays3):
    // those need the positions here. Uncoloured, the GPU solver's own buffers are drawn
    // when it holds the state (nothing read back; the shadow's box below is the cloth's as
    // last read), else the CPU's positions.
    const bool coloured = colours_.lines() != nullptr || colours_.particles() != nullptr;
    if (!coloured && gpuView_ &&
        gpuView_->draw3(cloth, *scene3_, triangles, session3_->trianglesVersion())) {
        colouring3_.reset();
    } else {
        cloth.sync(); // the GPU solver's positions, when it runs
        colouring3_ = meshColoringOf(session3_->liveLines(), cloth.particles().size(),
                                     colours_.lines(), colours_.particles(),
                                     programs3_->strainTable(), programs3_->speedTable(),
                                     vertexStrains3_, strainCounts3_);
        scene3_->setCloth(cloth.particles().position, triangles, session3_->trianglesVersion(),
                          colouring3_ ? colouring3_->values : std::span<const float>());
    }
    const Box3 box = session3_->sceneBox();
    scene3_->setWorld(cloth.obstacles(), cloth.balls(), box.centre(),
                      std::max(kMinPlaneHalfSide, 4.0 * box.radius()));
}

void App::drawCanvas3()
{
    const Viewport& view = frameView_;
    if (view.framebufferSize.x <= 0 || view.framebufferSize.y <= 0)
        return; // minimised: no GL call
    Shading3 shading;
    shading.coloring = colouring3_ ? &*colouring3_ : nullptr;
    shading.wireframe = session3_->preferences().wireframe;
    // The panel's side of the window, as the 2D renderer clears it (the pass clears the
    // canvas: a software renderer pays for every pixel cleared twice).
    const int canvasRight = static_cast<int>(
        std::lround(view.canvasSize.x * view.framebufferSize.x / std::max(view.windowSize.x, 1.0)));
    glViewport(0, 0, view.framebufferSize.x, view.framebufferSize.y);
    glEnable(GL_SCISSOR_TEST);
    glScissor(canvasRight, 0, std::max(view.framebufferSize.x - canvasRight, 0),
              view.framebufferSize.y);
    glClearColor(shading.background.r, shading.background.g, shading.background.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    // The shadow map covers the cloth, its solids and the ground below them.
    Box3 box = session3_->sceneBox();
    for (const Obstacle3& o : session3_->simulation().obstacles())
        if (o.shape == Obstacle3Shape::Ground)
            box.min.y = std::min(box.min.y, o.a.y);
    scene3_->draw(session3_->camera(), view, shading, box.centre(), 1.05 * box.radius());
}

void App::drawLaw3()
{
    // The command line's scene: the 3D window has no Scene combo of its own yet.
    law_ = lawOverlay3(session3_->sceneName(), session3_->simulation());
    lawRect_.reset();
    if (!law_)
        return;
    std::vector<glm::dvec2> curve;
    for (const glm::dvec3& at : law_->curve3)
        if (const auto p = session3_->camera().worldToScreen(at))
            curve.push_back(*p);
    if (curve.size() != law_->curve3.size())
        curve.clear(); // part of it behind the eye: the legend alone
    lawRect_ = drawLaw(*law_, curve, {}, static_cast<float>(controller_.view().logicalScale()),
                       0.0f);
}

void App::viewDump3(ViewDump& dump) const
{
    const Simulation3& cloth = session3_->simulation();
    const PanelModel& model = session3_->model();
    const Preferences& prefs = session3_->preferences();
    dump.camera3 = session3_->camera().dumpLine();
    dump.paused = session3_->paused();
    dump.time = cloth.time();
    dump.settings = model.settings();
    dump.errors = model.errors();
    dump.stepping = model.stepping();
    dump.speed = model.speed();
    dump.help = session3_->helpVisible();
    dump.colorBy = colorByName(prefs.colorBy);
    dump.constraints = cloth.liveConstraintCount();
    dump.particleColorBy = particleColorByName(prefs.particleColorBy);
    dump.plots = prefs.plots;
    dump.plotSamples = session3_->driver().plotHistory().size();
    dump.residuals = cloth.residuals().size();
    dump.hovered = session3_->hovered();
    dump.obstacles = cloth.obstacles().size();
    dump.balls = cloth.balls().size();
    dump.selected = session3_->selected();
}

} // namespace pbd::app
