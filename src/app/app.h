#pragma once
/// \file
/// The desktop app: owns the simulation, the window and everything drawn in it, and turns
/// input into calls on the core (input -> controller -> simulation -> renderer).

#include <chrono>
#include <optional>

#include <glm/vec2.hpp>

#include "app_options.h"
#include "camera.h"
#include "canvas_layout.h"
#include "frame_stats.h"
#include "gl_debug.h"
#include "imgui_layer.h"
#include "panel.h"
#include "panel_model.h"
#include "pbd/simulation.h"
#include "renderer.h"
#include "step_timer.h"
#include "stepping.h"
#include "touch_router.h"
#include "window.h"
#include "x11_touch.h"

struct GLFWwindow;

namespace pbd::app {

/// One window running one simulation. The GLFW window's user pointer leads here; there is no
/// global state. Construction opens the window (throws AppError on failure); run() loops until
/// the window closes or --frames is reached and returns the exit status.
class App {
public:
    static constexpr double kWheelZoomBase = 1.1;  ///< zoom factor per wheel notch

    explicit App(const AppOptions& options);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    /// Runs the frame loop; returns the process exit status.
    int run();

    // Input, called from the GLFW callbacks and the touch poll (app_input.cpp).
    void onKey(int key, int action);
    void onMouseButton(int button, int action);
    void onCursorPos(glm::dvec2 point);
    void onScroll(double yOffset);
    void onFocus(bool focused);

private:
    // app.cpp
    void frame(bool step, bool last, double periodMilliseconds);
    void advance(bool resumed);
    void timedStep();
    void updateLayout();
    void applyPanel(const PanelActions& actions);
    void restart();
    void rebuilt();
    void pace();
    int finish();
    Viewport viewport() const;
    /// Window pixels per CSS pixel of the page (logicalPixelScale of the window now).
    double logicalScale() const;
    void printSummary() const;

    // app_input.cpp
    void installCallbacks();
    void handleTouch();
    void perform(const std::vector<TouchAction>& actions);
    bool inCanvas(glm::dvec2 point) const;
    bool imguiWantsMouse() const;
    void pointerDown(glm::dvec2 point);
    void pointerMove(glm::dvec2 point);
    void pointerUp();
    void resetView();

    AppOptions options_;
    Simulation simulation_;
    PanelModel model_;
    Camera camera_;
    CanvasLayout layout_;
    StepTimer stepTimer_;
    Stepping stepping_;      ///< how many steps each frame takes (page or real time, budget)
    long long steps_ = 0;    ///< steps taken by the frame loop, for the exit summary
    FrameStats frameStats_;
    TouchRouter touchRouter_;

    // Created in this order in the constructor and destroyed in reverse (declaration order).
    std::optional<Window> window_;
    std::optional<GlDebug> glDebug_; ///< only when GlDebug::wanted()
    std::optional<ImGuiLayer> imgui_;
    std::optional<Renderer> renderer_;
    std::optional<Panel> panel_;
    std::optional<X11Touch> touch_;

    bool paused_ = false;
    bool singleStep_ = false;           ///< S while paused: one step in the next frame
    std::optional<glm::dvec2> panFrom_; ///< right/middle drag in progress: last cursor
    glm::dvec2 cursor_{0.0};            ///< pointer at the last motion event, window coords

    bool outputFailed_ = false;     ///< the screenshot could not be written: exit status 1
    long long frames_ = 0;
    double workMilliseconds_ = 0.0; ///< summed over frames: events, steps, drawing, swap
    std::chrono::steady_clock::time_point nextFrame_{};
    std::chrono::steady_clock::time_point lastFrameStart_{};
    bool resumed_ = false; ///< the window was hidden since the last frame
};

} // namespace pbd::app
