#include "gui/app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>

#include <unistd.h>

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>

#if defined(PBD_HAVE_GPU)
#include "gpu_backend.h"
#endif
#include "logic/app_command_line.h"
#include "logic/app_error.h"
#include "gui/help_overlay.h"
#include "gui/lost_cloth_hint.h"
#include "logic/frame_limit.h"
#include "logic/picking.h"
#include "render/screenshot.h"
#include "common/thread_report.h"

namespace pbd::app {
namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Milliseconds since `mark`, which moves to now: consecutive laps cover a frame's phases.
double lap(Clock::time_point& mark)
{
    const Clock::time_point now = Clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - mark).count();
    mark = now;
    return ms;
}

/// The window system's events: waits for one when `idle` (at most
/// FramePacing::kIdleWakeSeconds, which also bounds how late touch events and a quit
/// signal's note are read), else only polls.
void pollEvents(bool idle)
{
    if (idle) // no busy redraw while paused and idle
        glfwWaitEventsTimeout(FramePacing::kIdleWakeSeconds);
    else
        glfwPollEvents();
}

/// The 2D controller's cloth: the command line's in 2D; in 3D the page's, standing by.
Settings planeSettings(const AppOptions& options)
{
    return options.settings.dimensions == 2 ? options.settings : Simulation::defaultSettings();
}

/// Texels a side of the 3D view's shadow map: under llvmpipe, 2048 cost a 100 x 100 cloth's
/// frame about 17 ms more than 1024 (docs/app.md, "The 3D window").
constexpr int kShadowMapSize3 = 1024;

} // namespace

App::App(const AppOptions& options)
    : options_(options), simulation_(planeSettings(options)),
      controller_(simulation_, [] {
          return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
      }),
      files_(controller_)
{
    if (options.settings.dimensions == 3) {
        session3_ = std::make_unique<Session3>(options.settings, clockSeconds);
        Simulation3& cloth = session3_->simulation();
        if (auto error = setUpStart(cloth, options.start)) // checked by the command line
            throw AppError("pbd-cloth: " + error->message);
        session3_->model().showSettings(cloth.settings()); // a loaded state's
        session3_->setSceneName(options.sceneName);
        session3_->setPreferences(options.preferences);
        session3_->setPaused(options.paused);
        watch3();
        // A scene's fit follows its cloth until it rests, as the 2D view follows a scene's.
        session3_->setFollowFirstFit(!options.sceneName.empty() && options.sceneName != "page");
    } else if (auto error = setUpStart(simulation_, options.start)) { // checked likewise
        throw AppError("pbd-cloth: " + error->message);
    }
    controller_.setSceneName(options.sceneName);
    if (!session3_ && !options.sceneName.empty() && options.sceneName != "page")
        controller_.fitScene(); // its world in view from the first frame, as the combo's
    controller_.setPreferences(options.preferences);
    controller_.setPaused(options.paused);
    const bool debugGl = GlDebug::wanted();
    title_ = session3_ ? session3_->title() : controller_.title();
    // The 3D view's edges multisampled when asked (--samples; the 2D canvas as it was).
    window_.emplace(title_.c_str(), debugGl, session3_ ? options.samples : 0);
    if (session3_ && options.samples > 0) // what the display gave
        std::fprintf(stderr, "pbd-cloth: --samples %d: the window has %d samples a pixel\n",
                     options.samples, window_->samples());
    if (debugGl) {
        glDebug_.emplace();
        std::fprintf(stderr, "pbd-cloth: GL debug output %s\n",
                     glDebug_->active() ? "on (KHR_debug)" : "not available in this context");
    }
    // The GPU solver runs on the window's context when it is OpenGL 4.3 or later.
    glVersion_ = window_->glVersion();
    offerGpu();
    const PanelModel& model = session3_ ? session3_->model() : controller_.model();
    // (A --load state's solver is the state's.)
    const Solver solver = model.settings().solver;
    if (const std::string& why = model.unavailable(solver); !why.empty())
        throw AppError(std::string("pbd-cloth: --solver ") + solverName(solver) + ": " + why);
    installCallbacks(); // before ImGui's GLFW backend, which chains to them
    imgui_.emplace(window_->handle(), window_->contentScale());
    renderer_.emplace();
    if (session3_)
        prepareDrawing3();
    gpuView_.emplace(glVersion_ >= GLAD_MAKE_VERSION(4, 3));
    controller_.setHoverPicker([this](const Camera& camera, glm::dvec2 point, double radius) {
        return hoverAt(camera, point, radius);
    });
    // While the GPU solver holds the state, the view's bulk of the cloth is measured there.
    controller_.setClothMeasure([this](bool following) {
        DeviceMeasure<WorldRect> measure;
        if (!gpuView_)
            return measure;
        const DeviceMeasure<MeasuredCloth> gpu = gpuView_->measureCloth(simulation_, following);
        measure.measures = gpu.measures;
        if (gpu.latest) {
            constexpr double kInf = std::numeric_limits<double>::infinity();
            const MeasuredCloth& box = gpu.latest->box;
            measure.latest = MeasuredBox<WorldRect>{
                box.empty ? WorldRect{glm::dvec2(kInf), glm::dvec2(-kInf)} // as clothBulk's
                          : WorldRect{glm::dvec2(box.min), glm::dvec2(box.max)},
                gpu.latest->time};
        }
        return measure;
    });
    panel_.emplace(imgui_->hasSymbols());
    touch_.emplace(window_->handle());
    windowWatch_.emplace(); // after X11Touch, which sets a handler of its own for a moment
    exporter_.emplace(options.framesDirectory);
    clothFeed_.start(*renderer_, simulation_);
    updateLayout();
    // --record with --load records from the loaded state (written beside the recording).
    if (!options.recordFile.empty() && session3_) {
        if (auto error = record3(options.recordFile, options.start.stateFile.has_value()))
            throw AppError("pbd-cloth: --record: " + *error);
    } else if (!options.recordFile.empty() &&
               !files_.startRecording(options.recordFile, options.start.stateFile.has_value())) {
        throw AppError("pbd-cloth: --record: " + files_.message());
    }
    if (!options.replayFile.empty() && session3_)
        startReplay3(options_.replayEvents3, options.replayFile);
    else if (!options.replayFile.empty())
        files_.startReplay(options_.replayEvents, options.replayFile);
    controller_.driver().setFixedBudget(options.stepBudgetSeconds);
    // The session of either space: a left-over restores in its own (loadAnySpace).
    autosave_.emplace(sessionHost_,
                      AutosaveOptions{options.autosave, options.restore, options.autosaveSeconds},
                      autosaveFolder(std::getenv), ::getpid(), [] {
                          return std::chrono::duration<double>(
                                     Clock::now().time_since_epoch()).count();
                      });
    if (const std::string said = autosave_->start(); !said.empty()) {
        std::fputs(said.c_str(), stdout);
        std::fflush(stdout);
    }
}

double App::clockSeconds()
{
    return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

void App::offerGpu()
{
    PanelModel& model = session3_ ? session3_->model() : controller_.model();
    const int gl = glVersion_;
    if (gl < GLAD_MAKE_VERSION(4, 3)) {
        model.setGpuUnavailable("GPU unavailable: the window's OpenGL is " +
                                 std::to_string(GLAD_VERSION_MAJOR(gl)) + "." +
                                 std::to_string(GLAD_VERSION_MINOR(gl)) +
                                 "; the GPU solver needs 4.3 (compute shaders)");
        return;
    }
#if defined(PBD_HAVE_GPU)
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    const SolverBackendFactory factory =
        gpu::currentContextBackendFactory(renderer != nullptr ? renderer : "OpenGL");
    if (session3_)
        session3_->simulation().installBackend(factory);
    else
        simulation_.installBackend(factory);
#else
    model.setGpuUnavailable("GPU unavailable: this pbd-cloth was built without it");
#endif
}

void App::prepareDrawing3()
{
    if (scene3_)
        return; // made for an earlier 3D cloth: kept across switches
    programs3_.emplace();
    scene3_.emplace(*programs3_, kShadowMapSize3);
}

App::~App()
{
    releaseGpu(); // also when run() ended by an exception: free while the context exists
}

void App::releaseGpu()
{
    if (gpuView_ && session3_ && scene3_)
        gpuView_->releaseOnce(session3_->simulation(), *scene3_);
    else if (gpuView_ && renderer_)
        gpuView_->releaseOnce(simulation_, *renderer_);
}

std::optional<Index> App::hoverAt(const Camera& camera, glm::dvec2 point, double radiusPixels)
{
    // While the GPU solver holds the state, the GPU searches (its answer a frame late);
    // otherwise the CPU's positions (then current: sync reads nothing).
    if (gpuView_ && gpuView_->current(simulation_))
        return gpuView_->hover(simulation_, camera, point, radiusPixels);
    simulation_.sync();
    return pickParticle(camera, simulation_.particles().position, point, radiusPixels);
}

bool App::idle() const
{
    // Paused and untouched for a while: nothing on screen can change until the next event.
    // A counted run (--frames) never sleeps: its frames are what ends it.
    if (options_.frames)
        return false;
    const bool typing = ImGui::GetCurrentContext() != nullptr && ImGui::GetIO().WantTextInput;
    const bool still = session3_ ? session3_->idle() : controller_.idle();
    return still && !typing && pacing_.settled();
}

int App::run()
{
    pacing_.start();
    while (true) {
        const bool wasIdle = idle();
        pollEvents(wasIdle);
        if (session3_) // the space whose input the events went to
            session3_->eventsPolled();
        else
            controller_.eventsPolled();
        if (!tickServices())
            break;
        const Turn turn = nextTurn(wasIdle);
        if (turn == Turn::End)
            break;
        if (turn == Turn::Skip)
            continue;
        if (timedFrame(glfwWindowShouldClose(window_->handle()) != 0))
            break;
        if (!options_.viewOutFile.empty() && viewOut_.due(frames_))
            (void)writeViewOut(); // a failure here is left for the exit's write to report
        pacing_.pace(window_->refreshRate());
    }
    return finish();
}

bool App::tickServices()
{
    if (touch_->tick([this](const TouchEvent& e) {
            return session3_ ? session3_->touch(e) : controller_.touch(e);
        }))
        noteActivity();
    if (windowWatch_->tick())
        return false;
    files_.tick();     // the recording's lines reach the file within a second, idle or not
    if (recorder3_)
        recorder3_->tick();
    autosave_->tick(); // a change made before going idle is saved too
    quitWatch_.tick(controller_);
    return true;
}

App::Turn App::nextTurn(bool wasIdle)
{
    if (controller_.quitRequested() || (session3_ && session3_->quitRequested()))
        glfwSetWindowShouldClose(window_->handle(), GLFW_TRUE);
    const bool closing = glfwWindowShouldClose(window_->handle()) != 0;
    if (window_->hidden() || (wasIdle && idle() && !closing)) {
        if (closing)
            return Turn::End;
        if (!options_.viewOutFile.empty() && viewOut_.behind(frames_))
            (void)writeViewOut(); // the last frame drawn before the pause shows there
        if (window_->hidden())
            glfwWaitEventsTimeout(0.1); // minimised: no steps, no drawing, no GL calls
        pacing_.skip();                 // the hidden or idle spell is no frame period
        frameStats_.restartWindow();
        return Turn::Skip;
    }
    if (windowWatch_->gone()) // found out by the size queries just above
        return Turn::End;
    if (gpuView_) // once per frame: a driver reset ends the app (status 1)
        if (auto lost = gpuView_->checkReset()) {
            std::fprintf(stderr, "pbd-cloth: %s; ending\n", lost->c_str());
            contextLost_ = std::move(lost);
            return Turn::End;
        }
    return Turn::Frame;
}

bool App::timedFrame(bool closing)
{
    const Clock::time_point start = Clock::now();
    const bool last = closing || (options_.frames && frames_ + 1 >= *options_.frames);
    frame(last, pacing_.beginFrame(start, frames_ == 0));
    workMilliseconds_ += millisecondsSince(start);
    return last;
}

void App::frame(bool last, double periodMilliseconds)
{
    // As Dear ImGui's example loop (the events were polled in run()): a new frame, the
    // phases, render, swap. Each lap is a phase of the panel's frame statistics.
    FrameTimes times;
    updateLayout();
    Clock::time_point mark = Clock::now();
    const long long stepsBefore = stepsTaken();
    step(periodMilliseconds == 0.0);
    times.simulation = lap(mark);

    imgui_->beginFrame();
    frameView_ = viewport();
    drawPanel();
    // This frame's exports, known before drawing: the frames they read may leave out the
    // hover ring and the grab radius's circle (ExportOptions).
    exports_ = session3_ ? session3_->takeExportRequests() : controller_.takeExportRequests();
    // --screenshot's frame is one too: the pointer's place says nothing about the picture.
    const bool exported = exports_.screenshot || exports_.toggleVideo ||
                          exporter_->videoRunning() || (last && !options_.screenshotFile.empty());
    hoverShown_ = drawsHoverRing(preferences().exports, exported);
    if (session3_) {
        drawCanvasOverlays3();
        drawLaw3(); // a 3D validation scene's law
    } else {
        drawCanvasOverlays();
    }
    updateTitle();
    times.interface = lap(mark);
    if (session3_)
        upload3();
    else
        clothFeed_.upload(*renderer_, gpuView_ ? &*gpuView_ : nullptr, simulation_,
                          controller_.driver().clothVersion(), controller_.preferences().draw,
                          controller_.input().selected());
    times.upload = lap(mark);
    if (!drawCanvas()) { // the window is gone: draw nothing, let run() end
        ImGui::EndFrame();
        return;
    }
    times.draw = lap(mark);
    imgui_->render();
    times.interface += lap(mark);
    exportFrame();
    exportMilliseconds_ += lap(mark);
    ++frames_;
    if (last) {
        writeLastFrame();
        lap(mark); // not part of a frame's cost
    }
    glfwSwapBuffers(window_->handle());
    times.swap = lap(mark);
    frameStats_.add(times, periodMilliseconds);
    // The rest of the frame sets the simulation's budget (Stepping::budget).
    const double drawCost = 1e-3 * (times.total() - times.simulation);
    if (session3_) {
        session3_->driver().setDrawCost(drawCost);
        if (gpuView_)
            gpuView_->endFrame(session3_->simulation(), stepsTaken() != stepsBefore);
        return;
    }
    controller_.driver().setDrawCost(drawCost);
    if (gpuView_)
        gpuView_->endFrame(simulation_, controller_.driver().steps() != stepsBefore);
}

void App::step(bool resumed)
{
    const std::vector<std::string>& refusals =
        session3_ ? session3_->driver().refusals() : controller_.driver().refusals();
    const std::size_t refusalsBefore = refusals.size();
    const bool closing = glfwWindowShouldClose(window_->handle()) != 0;
    if (!closing && session3_)
        session3_->advance(1.0 / window_->refreshRate(), resumed);
    else if (!closing)
        controller_.advance(1.0 / window_->refreshRate(), resumed);
    for (std::size_t i = refusalsBefore; i < refusals.size(); ++i)
        std::fprintf(stderr, "pbd-cloth: %s\n", refusals[i].c_str());
    // With the GPU solver the state stays on the GPU: what follows reads the CPU's copy as
    // last synced, and syncs only for what needs it now: tearing (four bytes that say
    // whether anything tore, then the live flags when something did: the torn lines and the
    // count), strain and speed colours, and the events that need positions (click, knife, F,
    // saving). With the CPU solvers the syncs do nothing.
    if (session3_)
        session3_->simulation().syncConstraints();
    else
        simulation_.syncConstraints(); // the constraints the GPU tore
}

void App::drawPanel()
{
    const PanelStats stats = panelStats();
    const Viewport& view = frameView_;
    panel_->setExportStatus(exporter_->status());
    panel_->setSessionOffer(autosave_->offer());
    PanelActions actions = panel_->draw(
        session3_ ? session3_->model() : controller_.model(), stats,
        {view.canvasOffset.x + view.canvasSize.x, 0.0},
        {view.windowSize.x - view.canvasSize.x, view.windowSize.y});
    openDropped(actions);
    bool switched = switchSpace(actions); // the other space's cloth, now this one's
    if (session3_ && !switched) {
        session3_->panel(actions);
        for (const std::string& said : session3_->world(actions.world))
            std::fprintf(stderr, "pbd-cloth: %s\n", said.c_str());
        if (actions.world.scene)
            if (auto refused = session3_->chooseScene(*actions.world.scene))
                std::fprintf(stderr, "pbd-cloth: %s\n", refused->c_str());
        files3(actions.files); // a 2D state loaded goes back to 2D
        autosave_->panel(actions.files); // a 2D session restored likewise
        switched = !session3_;
    }
    if (session3_) {
        helpRect_.reset();
        if (session3_->helpVisible())
            helpRect_ = drawHelpOverlay(view.canvasSize, true);
        if (auto back = showLostClothHint(session3_->clothOutOfView(), view.canvasSize,
                                          lostHintRects_))
            session3_->panel(*back);
        session3_->updateHover(panelFocus());
        return;
    }
    if (switched)
        return; // this frame's other requests were the other cloth's
    const std::size_t obstaclesBefore = simulation_.obstacles().size();
    const std::size_t ballsBefore = simulation_.balls().size();
    controller_.panel(actions);
    // A 3D state or recording goes to 3D (loadAnySpace, replayAnySpace).
    const bool replay = actions.files.toggleReplay && !files_.replaying();
    FilesActions files = actions.files;
    files.load = false;
    files.toggleReplay = files.toggleReplay && !replay;
    files_.panel(files);
    if (replay)
        replayAnySpace(files_.recordingPath());
    if (actions.files.load)
        loadAnySpace(files_.statePath());
    autosave_->panel(actions.files); // a 3D session restored likewise
    if (session3_)
        return; // this frame's other requests were the 2D cloth's
    // The World section's additions, as their specs (for scripts and tests to wait on).
    if (const auto& o = simulation_.obstacles(); actions.world.addCircle ||
        actions.world.addBox || actions.world.addCapsule)
        for (std::size_t i = obstaclesBefore; i < o.size(); ++i)
            std::fprintf(stderr, "pbd-cloth: added obstacle %s\n",
                         formatObstacleSpec(o[i]).c_str());
    if (const auto& b = simulation_.balls(); actions.world.addBall && b.size() > ballsBefore)
        std::fprintf(stderr, "pbd-cloth: added ball %s\n", formatBallSpec(b.back()).c_str());
    helpRect_.reset();
    if (controller_.helpVisible())
        helpRect_ = drawHelpOverlay(view.canvasSize);
    if (auto back = showLostClothHint(controller_.clothOutOfView(), view.canvasSize,
                                      lostHintRects_))
        controller_.panel(*back);
    controller_.updateHover(panelFocus());
}

void App::openDropped(PanelActions& actions)
{
    if (!dropped_)
        return;
    const std::string path = std::exchange(dropped_, std::nullopt).value();
    OpenedFile kind = OpenedFile::Recording;
    if (auto error = classifyOpenedFile(path, kind)) {
        files_.report("Not opened: " + error->message, true);
        std::fprintf(stderr, "pbd-cloth: dropped file not opened: %s\n", error->message.c_str());
        return;
    }
    const char* what = kind == OpenedFile::State ? "state" : kind == OpenedFile::Scene ? "scene"
                                                                                     : "recording";
    std::fprintf(stderr, "pbd-cloth: dropped %s: opened as a %s\n", path.c_str(), what);
    switch (kind) {
    case OpenedFile::State:
        loadAnySpace(path);
        break;
    case OpenedFile::Scene:
        actions.world.scene = path; // as the Scene combo's choice (undoable, framed)
        break;
    case OpenedFile::Recording:
        replayAnySpace(path);
        break;
    }
}

void App::updateTitle()
{
    std::string title = session3_ ? session3_->title() : controller_.title();
    if (title != title_) {
        title_ = std::move(title);
        glfwSetWindowTitle(window_->handle(), title_.c_str());
    }
}

bool App::drawCanvas()
{
    // A round trip that names the window just before drawing into it: when another program
    // destroyed it meanwhile, draw nothing (Mesa would size the frame from the dead drawable).
    window_->framebufferSize();
    if (windowWatch_->destroyed())
        return false;
    if (session3_) {
        drawCanvas3();
        return true;
    }
    const std::optional<Index> hovered =
        hoverShown_ ? controller_.input().hovered() : std::optional<Index>();
    renderer_->draw({simulation_.grabbed(), hovered, clothFeed_.pinned()},
                    controller_.view().camera(), frameView_, colours_.lines(),
                    colours_.particles());
    return true;
}

void App::exportFrame()
{
    // F12, --frames-dir and the video read this frame before the swap (not a phase of the
    // panel's statistics; counted in the frame's work and in the exit summary).
    const glm::ivec2 framebuffer = frameView_.framebufferSize;
    const ExportOptions& options = preferences().exports;
    const auto part = [&](bool canvasOnly) {
        return exportedPixels(canvasOnly, framebuffer, frameView_.canvasSize.x,
                              frameView_.windowSize.x);
    };
    if (exports_.obj && session3_)
        exporter_->saveObj(session3_->simulation()); // synced for this frame's drawing
    else if (exports_.obj)
        exporter_->saveObj(controller_.syncedSimulation());
    const double time = session3_ ? session3_->simulation().time() : simulation_.time();
    if (exports_.toggleVideo)
        exporter_->toggleVideo(part(options.videoCanvasOnly), time);
    exporter_->afterDraw(framebuffer, exports_.screenshot, part(options.pngCanvasOnly), time);
}

void App::writeLastFrame()
{
    if (options_.screenshotFile.empty())
        return;
    if (auto error = writeScreenshot(options_.screenshotFile, frameView_.framebufferSize)) {
        std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
        outputFailed_ = true;
    }
}

void App::updateLayout()
{
    controller_.resize(glm::dvec2(window_->size()), window_->contentScale(),
                       logicalPixelScale(window_->contentScale(), window_->size().x,
                                         window_->framebufferSize().x));
    if (session3_) // the same canvas as in 2D: the window left of the panel
        session3_->resize(glm::dvec2(0.0), controller_.view().layout().canvasSize());
}

Viewport App::viewport() const
{
    const CanvasLayout& layout = controller_.view().layout();
    return {layout.windowSize(), window_->framebufferSize(), glm::dvec2(0.0),
            layout.canvasSize(), controller_.view().logicalScale()};
}

} // namespace pbd::app
