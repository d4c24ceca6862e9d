#pragma once
/// \file
/// The "Controls" panel drawn with ImGui: the page's panel item for item, in its order, then a
/// Performance section (solver choice, simulation ms per frame, frame rate, where a frame's
/// time goes) and a short help section. All values and commits go through PanelModel.

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "frame_stats.h"
#include "panel_actions.h"
#include "panel_model.h"

namespace pbd::app {

/// The read-only values the panel shows.
struct PanelStats {
    double time = 0.0;            ///< simulated seconds since the restart
    double millisecondsPerStep = 0.0;
    std::size_t particles = 0;
    std::size_t constraints = 0;
    bool paused = false;
    FrameTimes frame;             ///< mean phases of recent frames (ms)
    double framesPerSecond = 0.0; ///< over recent frames
    unsigned threads = 1;         ///< threads the solver uses
    ColorBy colorBy = ColorBy::None; ///< what the lines show
};

/// A widget's rectangle in window coordinates, by a stable id ("width", "restart", ...), for
/// scripted tests that click into the panel.
struct WidgetRect {
    std::string id;
    glm::dvec2 min{0.0};
    glm::dvec2 max{0.0};
};

/// Draws the panel; call between ImGui's NewFrame and Render.
class Panel {
public:
    /// `symbols`: the font has the page's button symbols.
    explicit Panel(bool symbols) : symbols_(symbols) {}

    /// Draws the panel docked at `position` with `size` (window coordinates) and applies the
    /// user's commits to `model`.
    PanelActions draw(PanelModel& model, const PanelStats& stats, glm::dvec2 position,
                      glm::dvec2 size);
    /// The widgets' rectangles as drawn in the last frame.
    const std::vector<WidgetRect>& widgetRects() const { return rects_; }

private:
    void field(PanelModel& model, PanelField field, PanelActions& actions);
    void fixedCountCombo(PanelModel& model, PanelActions& actions);
    void performance(PanelModel& model, const PanelStats& stats, PanelActions& actions);
    void errorRow(const PanelModel& model, PanelField field);
    void record(const char* id);

    bool symbols_;
    std::array<std::array<char, 64>, kPanelFieldCount> text_{};
    std::array<bool, kPanelFieldCount> editing_{};
    std::vector<WidgetRect> rects_;
};

} // namespace pbd::app
