#include "app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "pbd/state_io.h"
#include "screenshot.h"
#include "view_dump.h"

namespace pbd::app {
namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

} // namespace

App::App(const AppOptions& options)
    : options_(options), simulation_(options.settings), model_(options.settings)
{
    window_.emplace("pbd-cloth: Position-Based Dynamics");
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
            glfwWaitEventsTimeout(0.1); // minimised: no steps, no drawing
            continue;
        }
        const bool last = closing || (options_.frames && frames_ + 1 >= *options_.frames);
        frame(!closing, last);
        workMilliseconds_ += millisecondsSince(start);
        if (last)
            break;
        pace();
    }
    return finish();
}

void App::frame(bool step, bool last)
{
    updateLayout();
    if (step) {
        const Clock::time_point start = Clock::now();
        advance();
        stepMilliseconds_ += millisecondsSince(start);
    }

    imgui_->beginFrame();
    const PanelStats stats{simulation_.time(), stepTimer_.meanMilliseconds(),
                           simulation_.particles().size(), simulation_.constraints().size(),
                           paused_};
    const Viewport view = viewport();
    const PanelActions actions = panel_->draw(
        model_, stats, {view.canvasOffset.x + view.canvasSize.x, 0.0},
        {view.windowSize.x - view.canvasSize.x, view.windowSize.y});
    applyPanel(actions);

    renderer_->draw(simulation_.particles().position, simulation_.grabbed(), camera_, view);
    imgui_->render();
    ++frames_;
    if (last && !options_.screenshotFile.empty()) {
        if (auto error = writeScreenshot(options_.screenshotFile, view.framebufferSize)) {
            std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
            outputFailed_ = true;
        }
    }
    glfwSwapBuffers(window_->handle());
}

void App::advance()
{
    const int steps = paused_ ? (singleStep_ ? 1 : 0) : kStepsPerFrame;
    singleStep_ = false;
    for (int i = 0; i < steps; ++i) {
        const Clock::time_point start = Clock::now();
        simulation_.step();
        stepTimer_.add(millisecondsSince(start));
    }
}

void App::updateLayout()
{
    const glm::dvec2 size = glm::dvec2(window_->size());
    if (size == windowSize_ || size.x <= 0.0 || size.y <= 0.0)
        return;
    // The page's columns: canvas 75%, panel 25%, but never a panel too narrow to read.
    const double minimum = std::min(260.0 * window_->contentScale(), 0.5 * size.x);
    const double panel = std::max(std::round(kPanelFraction * size.x), minimum);
    const glm::dvec2 canvas{size.x - panel, size.y};
    if (windowSize_.x <= 0.0) {
        camera_.resetToPage(canvas);
    } else {
        // Keep the world point at the canvas centre where it was (the page's view stays the
        // page's view for the new canvas size).
        camera_.pan(0.5 * (canvas - canvasSize_));
    }
    windowSize_ = size;
    canvasSize_ = canvas;
}

Viewport App::viewport() const
{
    return {windowSize_, window_->framebufferSize(), glm::dvec2(0.0), canvasSize_};
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
    // As the page's restart(): every field's value, then a fresh cloth.
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
    // at the page's speed and the CPU is not spun for frames nobody sees.
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
        const ViewDump dump{view.windowSize, view.framebufferSize, view.canvasOffset,
                            view.canvasSize, camera_, paused_, frames_, panel_->widgetRects()};
        if (auto error = writeViewFile(options_.viewOutFile, dump)) {
            std::fprintf(stderr, "pbd-cloth: %s\n", error->c_str());
            status = 1;
        }
    }
    if (options_.frames && frames_ > 0) {
        std::fprintf(stderr,
                     "pbd-cloth: %lld frames of %zu particles; per frame %.3f ms of work "
                     "(%.3f ms in %d simulation steps)\n",
                     frames_, simulation_.particles().size(), workMilliseconds_ / frames_,
                     stepMilliseconds_ / frames_, kStepsPerFrame);
    }
    return status;
}

} // namespace pbd::app
