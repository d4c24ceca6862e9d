#pragma once
// What the controller's tests share: a controller on a window with the page's view, driven
// with no window. The cloth is built with gravity 0, so it stays on the page's grid: particle
// (row i, column j) at world (0.2 j, -0.2 i), index i * width + j.

#include <catch2/catch.hpp>

#include <cstddef>
#include <variant>
#include <vector>

#include <glm/vec2.hpp>

#include "logic/controller.h"

namespace pbd::app::testing {


constexpr PanelFocus kCanvas{};                ///< the panel claims nothing
constexpr PanelFocus kOverPanel{true, false};  ///< the pointer is over the panel
constexpr PanelFocus kTyping{false, true};     ///< a field is being typed in
constexpr Modifiers kNone{};
constexpr Modifiers kCtrl{false, true, false};

inline Settings restingCloth(int width = 40, int height = 30)
{
    Settings s;
    s.width = width;
    s.height = height;
    s.gravity = 0.0;
    return s;
}

/// A controller on a 1400 x 960 window: canvas 1050 x 960, the page's view with origin
/// (525, 280) and 50 pixels per metre. Records every command it applies. Its clock (`now`,
/// seconds) moves only when a test moves it, so steps cost nothing against the frame budget:
/// each running frame takes the page's 8 steps.
struct Rig {
    explicit Rig(const Settings& settings = restingCloth(), double logicalScale = 1.0)
        : simulation(settings), controller(simulation, [this] { return now; })
    {
        controller.setCommandObserver([this](const Command& c) { commands.push_back(c); });
        controller.resize({1400.0, 960.0}, 1.0, logicalScale);
    }
    /// Window pixels of particle (row i, column j) at rest.
    glm::dvec2 screenOf(int row, int column) const
    {
        return controller.view().camera().worldToScreen({0.2 * column, -0.2 * row});
    }
    template <class T>
    std::size_t count() const
    {
        std::size_t n = 0;
        for (const Command& c : commands)
            n += std::holds_alternative<T>(c) ? 1 : 0;
        return n;
    }
    void press(MouseButton button, glm::dvec2 at, PanelFocus focus = kCanvas)
    {
        controller.mouseMove(at);
        controller.mouseButton(button, true, kNone, focus);
    }
    void releaseButton(MouseButton button)
    {
        controller.mouseButton(button, false, kNone, kCanvas);
    }
    void tap(Key key, Modifiers modifiers = kNone, PanelFocus focus = kCanvas)
    {
        controller.key(key, false, modifiers, focus);
    }

    /// The controller's camera (its view part's).
    const Camera& camera() const { return controller.view().camera(); }

    double now = 0.0;
    Simulation simulation;
    Controller controller;
    std::vector<Command> commands;
};

inline void requireNear(glm::dvec2 actual, glm::dvec2 expected, double margin = 1e-9)
{
    CHECK(actual.x == Approx(expected.x).margin(margin));
    CHECK(actual.y == Approx(expected.y).margin(margin));
}

} // namespace pbd::app::testing
