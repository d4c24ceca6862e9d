#include "app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>

#if defined(PBD_HAVE_GPU)
#include "gpu_backend.h"
#endif
#include "app_error.h"
#include "pbd/state_io.h"
#include "screenshot.h"
#include "thread_report.h"
#include "view_dump.h"

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

} // namespace

App::App(const AppOptions& options)
    : options_(options), simulation_(options.settings), model_(options.settings),
      stepping_([] {
          return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
      })
{
    model_.setStepping(options.stepping, options.speed);
    const bool debugGl = GlDebug::wanted();
    window_.emplace("pbd-cloth: Position-Based Dynamics", debugGl);
    if (debugGl) {
        glDebug_.emplace();
        std::fprintf(stderr, "pbd-cloth: GL debug output %s\n",
                     glDebug_->active() ? "on (KHR_debug)" : "not available in this context");
    }
    // The GPU solver runs on the window's context when it is OpenGL 4.3 or later.
    const int gl = window_->glVersion();
    if (gl < GLAD_MAKE_VERSION(4, 3)) {
        model_.setGpuUnavailable("GPU unavailable: the window's OpenGL is " +
                                 std::to_string(GLAD_VERSION_MAJOR(gl)) + "." +
                                 std::to_string(GLAD_VERSION_MINOR(gl)) +
                                 "; the GPU solver needs 4.3 (compute shaders)");
    } else {
#if defined(PBD_HAVE_GPU)
        const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
        simulation_.installBackend(
            gpu::currentContextBackendFactory(renderer != nullptr ? renderer : "OpenGL"));
#else
        model_.setGpuUnavailable("GPU unavailable: this pbd-cloth was built without it");
#endif
    }
    if (options.settings.solver == Solver::Gpu && !model_.gpuUnavailable().empty())
        throw AppError("pbd-cloth: --solver gpu: " + model_.gpuUnavailable());
    installCallbacks(); // before ImGui's GLFW backend, which chains to them
    imgui_.emplace(window_->handle(), window_->contentScale());
    renderer_.emplace();
    panel_.emplace(imgui_->hasSymbols());
    touch_.emplace(window_->handle());
    rebuilt();
    updateLayout();
}

App::~App() = default;

int App::run()
{
    nextFrame_ = Clock::now();
    while (true) {
        const Clock::time_point start = Clock::now();
        glfwPollEvents();
        handleTouch();
        const bool closing = glfwWindowShouldClose(window_->handle()) != 0;
        if (window_->hidden()) {
            if (closing)
                break;
            glfwWaitEventsTimeout(0.1); // minimised: no steps, no drawing, no GL calls
            resumed_ = true;            // the hidden spell is no frame period
            frameStats_.restartWindow();
            continue;
        }
        const bool last = closing || (options_.frames && frames_ + 1 >= *options_.frames);
        const double period =
            frames_ == 0 || resumed_
                ? 0.0
                : std::chrono::duration<double, std::milli>(start - lastFrameStart_).count();
        lastFrameStart_ = start;
        resumed_ = false;
        frame(!closing, last, period);
        workMilliseconds_ += millisecondsSince(start);
        if (last)
            break;
        pace();
    }
    return finish();
}

void App::frame(bool step, bool last, double periodMilliseconds)
{
    FrameTimes times;
    updateLayout();
    Clock::time_point mark = Clock::now();
    if (step)
        advance(periodMilliseconds == 0.0);
    times.simulation = lap(mark);

    imgui_->beginFrame();
    const PanelStats stats{simulation_.time(),
                           stepTimer_.meanMilliseconds(),
                           simulation_.particles().size(),
                           simulation_.constraints().size(),
                           paused_,
                           frameStats_.mean(),
                           frameStats_.framesPerSecond(),
                           cli::threadsShortText(simulation_),
                           stepping_.ratio(),
                           stepping_.stepsPerFrame(),
                           stepping_.status()};
    const Viewport view = viewport();
    const PanelActions actions = panel_->draw(
        model_, stats, {view.canvasOffset.x + view.canvasSize.x, 0.0},
        {view.windowSize.x - view.canvasSize.x, view.windowSize.y});
    applyPanel(actions);
    times.interface = lap(mark);

    renderer_->upload(simulation_.particles().position);
    times.upload = lap(mark);
    renderer_->draw(simulation_.grabbed(), camera_, view);
    times.draw = lap(mark);
    imgui_->render();
    times.interface += lap(mark);
    ++frames_;
    if (last && !options_.screenshotFile.empty()) {
        if (auto error = writeScreenshot(options_.screenshotFile, view.framebufferSize)) {
            std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
            outputFailed_ = true;
        }
        lap(mark); // not part of a frame's cost
    }
    glfwSwapBuffers(window_->handle());
    times.swap = lap(mark);
    frameStats_.add(times, periodMilliseconds);
}

void App::advance(bool resumed)
{
    // The panel's stepping choice, within a budget of 2/3 of the display's frame period.
    stepping_.setMode(model_.stepping(), model_.speed());
    stepping_.setFramePeriod(1.0 / window_->refreshRate());
    if (paused_ || resumed) // a pause or a hidden spell is not owed in real time
        stepping_.idleFrame();
    if (paused_) {
        if (singleStep_)
            timedStep();
        singleStep_ = false;
        return;
    }
    steps_ += stepping_.runFrame(simulation_.settings().timeStep, [this] { timedStep(); });
}

void App::timedStep()
{
    const Clock::time_point start = Clock::now();
    simulation_.step();
    stepTimer_.add(millisecondsSince(start));
}

void App::updateLayout()
{
    layout_.update(glm::dvec2(window_->size()), window_->contentScale(), camera_, logicalScale());
}

double App::logicalScale() const
{
    return logicalPixelScale(window_->contentScale(), window_->size().x,
                             window_->framebufferSize().x);
}

Viewport App::viewport() const
{
    return {layout_.windowSize(), window_->framebufferSize(), glm::dvec2(0.0),
            layout_.canvasSize()};
}

void App::applyPanel(const PanelActions& actions)
{
    if (actions.effect == CommitEffect::Restart) {
        simulation_.apply(model_.settings()); // a different cloth: rebuilt
        rebuilt();
    } else if (actions.effect == CommitEffect::Live) {
        simulation_.apply(model_.settings());
    }
    if (actions.restart)
        restart();
    if (actions.togglePause)
        paused_ = !paused_;
}

void App::restart()
{
    // Every field's current value (the invalid ones keep their last valid value), then a
    // fresh cloth at rest at time 0.
    simulation_.apply(model_.settings());
    simulation_.restart();
    rebuilt();
}

void App::rebuilt()
{
    renderer_->setConstraints(simulation_.constraints());
    stepTimer_.reset();
}

void App::pace()
{
    // With working vsync the swap already waited for the display. Where it does not wait
    // (Xvfb, vsync forced off) hold the frame rate at the monitor's, so that the cloth moves
    // at its intended speed (8 steps of dt per displayed frame) and the CPU is not spun for
    // frames nobody sees.
    const auto period = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(1.0 / window_->refreshRate()));
    const Clock::time_point now = Clock::now();
    nextFrame_ += period;
    if (nextFrame_ > now)
        std::this_thread::sleep_until(nextFrame_);
    else
        nextFrame_ = now; // fell behind: do not try to catch up
}

int App::finish()
{
    int status = outputFailed_ ? 1 : 0;
    if (!options_.stateOutFile.empty()) {
        if (auto error = writePositionsFile(options_.stateOutFile, simulation_.particles().position)) {
            std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
            status = 1;
        }
    }
    if (!options_.viewOutFile.empty()) {
        const Viewport view = viewport();
        ViewDump dump{view.windowSize, view.framebufferSize, view.canvasOffset,
                      view.canvasSize, camera_, paused_, frames_, panel_->widgetRects(),
                      simulation_.time(), model_.settings(), model_.errors(),
                      window_->contentScale(), model_.stepping(), model_.speed()};
        if (auto error = writeViewFile(options_.viewOutFile, dump)) {
            std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
            status = 1;
        }
    }
    if (options_.frames && frames_ > 0)
        printSummary();
    if (glDebug_ && glDebug_->errors() > 0)
        std::fprintf(stderr, "pbd-cloth: %lld GL errors reported\n", glDebug_->errors());
    return status;
}

void App::printSummary() const
{
    const FrameTimes mean = frameStats_.sum().scaled(1.0 / static_cast<double>(frames_));
    std::fprintf(stderr,
                 "pbd-cloth: %lld frames of %zu particles; per frame %.3f ms of work "
                 "(%.3f ms in %.3g simulation steps; upload %.3f, draw %.3f, ImGui %.3f, "
                 "swap %.3f ms); %.1f frames per second; solver %s, threads %s; stepping %s: "
                 "simulated %.3f s in %.3f s of wall-clock time, %.3gx real time\n",
                 frames_, simulation_.particles().size(), workMilliseconds_ / frames_,
                 mean.simulation, static_cast<double>(steps_) / static_cast<double>(frames_),
                 mean.upload, mean.draw, mean.interface, mean.swap,
                 frameStats_.overallFramesPerSecond(), solverName(model_.settings().solver),
                 cli::threadsText(simulation_).c_str(), steppingName(model_.stepping()),
                 stepping_.simulatedSeconds(), stepping_.wallSeconds(),
                 stepping_.wallSeconds() > 0.0
                     ? stepping_.simulatedSeconds() / stepping_.wallSeconds()
                     : 0.0);
}

} // namespace pbd::app
