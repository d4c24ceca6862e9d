#pragma once
/// \file
/// The "Controls" panel drawn with ImGui: the page's panel item for item, in its order (with
/// xpbd.html's Stiffness), a fixed place for validation messages, the sections "Physics beyond
/// the page" (the table's other rows), "Stepping" (page or real time, speed, how fast the
/// simulation really runs), Performance (solver choice, simulation ms per frame, frame rate,
/// where a frame's time goes), "Plots" (the last step's convergence and the last 10 s of
/// energy, strain and step time; collapsed by default) and a short help section. All values and commits go through
/// PanelModel; the rows come from the settings table.

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <imgui.h>

#include "logic/chart_axis.h"
#include "logic/export_options.h"
#include "logic/files_actions.h"
#include "io/export_status.h"
#include "logic/frame_stats.h"
#include "logic/message_order.h"
#include "logic/panel_actions.h"
#include "logic/panel_model.h"
#include "pbd/simulation.h"
#include "logic/plot_history.h"

namespace pbd::app {

/// The read-only values the panel shows.
struct PanelStats {
    double time = 0.0;            ///< simulated seconds since the restart
    double millisecondsPerStep = 0.0; ///< mean of the last 50 steps; 0: none yet ("—")
    std::size_t particles = 0;
    std::size_t constraints = 0;
    bool paused = false;
    FrameTimes frame;             ///< mean phases of recent frames (ms)
    double framesPerSecond = 0.0; ///< over recent frames
    std::string threads = "1";   ///< threads a step uses (common::threadsText)
    /// Substeps the last step took under a strain budget (Simulation::substepsInUse()); 0
    /// while the budget is off (no line).
    int substepsInUse = 0;
    /// Simulated seconds per wall-clock second over the last second; 0: not measured yet
    double simulatedPerWall = 0.0;
    double stepsPerFrame = 0.0;   ///< mean over the last second; 0: none ("—")
    std::string steppingStatus;   ///< "running at 0.4x real time ..." when behind, else empty
    ColorBy colorBy = ColorBy::None; ///< what the lines show
    bool throwOnRelease = true;      ///< a released particle takes the pointer's velocity
    FilesView files;                 ///< the "Record and save" section
    ParticleColorBy particleColorBy = ParticleColorBy::None; ///< what the discs show
    bool plotsOpen = false;          ///< the Plots section starts open (--plots)
    const PlotHistory* plotHistory = nullptr; ///< the history plots' samples
    std::span<const Residual> residuals{};    ///< the last step's residuals (convergence plot)
    bool residualsOnGpu = false;     ///< the GPU solver runs: it records no residuals
    std::size_t undoCount = 0;       ///< actions Undo would take back (pbd::History)
    std::size_t redoCount = 0;       ///< actions Redo would bring back
    std::string foldHint;            ///< the fold hint (foldHintText), empty when none
    bool follow = false;             ///< the view follows the cloth (Preferences::follow)
    ExportOptions exports;           ///< the Export section's options
    DrawMode drawMode = DrawMode::Lines; ///< what the canvas draws of the cloth
    bool wireframe = false;              ///< 3D: the triangles' edges over the mesh
    std::string frameLimit;          ///< what limits the frame rate (frameLimitText)
    std::string scene;               ///< the scene last chosen or given, empty when none
    /// A validation scene's live error: the largest distance of a particle from its law and
    /// validate's tolerance (0: none stated), m; nothing outside validation scenes (no line).
    std::optional<std::pair<double, double>> lawError;
    std::size_t obstacles = 0;       ///< obstacles in the world now
    std::size_t balls = 0;           ///< balls in the world now
    std::string pinnedNow;           ///< "# fixed particles"' note (pinnedNowText), "" if none
    bool worldSelected = false;      ///< an obstacle or ball is selected (Remove selected)
    /// The cloth has three dimensions: the rows that do not apply yet are disabled, each
    /// saying why.
    bool threeD = false;
};

/// One series of a panel plot.
struct PlotSeries {
    std::span<const float> values; ///< evenly spaced along the plot's width
    ImU32 color;
    const char* name;              ///< shown in the plot's title line, in its colour
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
    explicit Panel(bool symbols);
    /// Lines of the message box below the page's fields (a box of fixed height with its own
    /// scroll bar, newest message first: a message never moves the rows below it, unless the
    /// newest alone needs more, when the box grows to show it whole). Five hold a
    /// 209-character "Screenshot saved to ..." whole in the 350 px panel of a 1400 px window.
    static constexpr int kMessageLines = 5;

    /// Draws the panel docked at `position` with `size` (window coordinates) and applies the
    /// user's commits to `model`.
    PanelActions draw(PanelModel& model, const PanelStats& stats, glm::dvec2 position,
                      glm::dvec2 size);
    /// What the Export section and the message place show about the exports from now on.
    void setExportStatus(ExportStatus status) { export_ = std::move(status); }
    /// The autosave's question ("Restore the session of HH:MM?"), shown with Restore and
    /// Discard in the hints' place over the canvas; "" for none.
    void setSessionOffer(std::string question) { sessionOffer_ = std::move(question); }
    /// The newest message of the message place as drawn in the last frame ("" for none).
    const std::string& newestMessage() const { return newestText_; }
    /// The id of the number field being typed in during the last frame and, after a space,
    /// its text ("stiffness 1,5"); "" when none is.
    const std::string& editingField() const { return editingId_; }
    /// The widgets' rectangles as drawn in the last frame.
    const std::vector<WidgetRect>& widgetRects() const { return rects_; }

private:
    /// One editable number row: label, text field, -/+ buttons. `slot` indexes text_.
    /// Returns the commit's text when the field was committed this frame.
    struct NumberRow {
        std::size_t slot;
        std::string id;        ///< widget id for --view-out ("width", "speed")
        std::string label;     ///< with its unit
        std::string tooltip;
        std::string shown;     ///< the committed value's text
        bool failed;           ///< its last commit was refused: red frame
    };
    enum class RowInput { None, Commit, Minus, Plus };
    RowInput numberRow(const NumberRow& row);
    void field(PanelModel& model, PanelField field, PanelActions& actions);
    void fields(PanelModel& model, PanelSection section, PanelActions& actions,
                const std::string& pinnedNow = "");
    /// `note`: shown after the value in the closed combo ("2, 0 pinned now").
    void choiceCombo(PanelModel& model, PanelField field, PanelActions& actions,
                     const std::string& note = "");
    /// The message place below the page's rows, newest first.
    void messages(const PanelModel& model, const FilesView& files);
    /// The hints' place over the canvas (`canvasSize`, at the window's top-left): the fold hint
    /// and the autosave's offer, each with its buttons, while its cause lasts.
    void hints(glm::dvec2 canvasSize, FilesActions& actions);
    /// The autosave's offer and its two buttons (files_panel.cpp).
    void sessionOffer(FilesActions& actions);
    /// The "Record and save" section (files_panel.cpp).
    void filesSection(const FilesView& view, FilesActions& actions);
    /// One file-name field; true (with the text in `path`) when it was edited.
    bool pathRow(const char* id, const char* label, const char* help, const std::string& shown,
                 std::array<char, 512>& text, bool& editing, std::string& path);
    void stepping(PanelModel& model, const PanelStats& stats);
    /// The "Air" section: the wind's speed and direction, its rows (panel_air.cpp).
    void air(PanelModel& model, PanelActions& actions);
    void performance(PanelModel& model, const PanelStats& stats, PanelActions& actions);
    // panel_colouring.cpp: "Draw" (2D) or "Wireframe" (3D), then "Colour lines by", "Strain
    // scale", "Colour particles by"
    void colouring(PanelModel& model, const PanelStats& stats, PanelActions& actions);
    void drawModeRow(const PanelStats& stats, PanelActions& actions);
    void colourRows(PanelModel& model, const PanelStats& stats, PanelActions& actions);
    // panel_plots.cpp: the "Plots" section
    void plots(const PanelStats& stats, PanelActions& actions);
    /// One plot of `series` over `axis`, as wide as the panel, recorded as widget `id`.
    void chart(const std::string& id, std::span<const PlotSeries> series, const ChartAxis& axis,
               const char* xLabel);
    // panel_export.cpp: the "Export" section, its buttons and options
    void exports(const PanelStats& stats, PanelActions& actions);
    /// Record, Save PNG and Export video, each `width` wide, on the current line (ids with
    /// "-quick"), so that they are reachable without scrolling.
    void quickExports(const PanelStats& stats, PanelActions& actions, float width);
    // panel_editing.cpp: Undo / Redo, the Grab radius row, the fold hint
    /// Undo and Redo, each `width` wide, on the current line.
    void history(const PanelStats& stats, PanelActions& actions, float width);
    void grabRadius(PanelModel& model);
    // panel_world.cpp: the "World" section: contacts' rows, additions, removals, the scene
    void world(PanelModel& model, const PanelStats& stats, PanelActions& actions);
    /// The World section's Space rows: Dimensions, and in 3D Orientation and Bending
    /// (panel_space.cpp).
    void space(PanelModel& model, const PanelStats& stats, PanelActions& actions);
    /// The Scene combo of the World section.
    void sceneCombo(const PanelStats& stats, PanelActions& actions);
    /// The "Follow the cloth" box.
    void follow(const PanelStats& stats, PanelActions& actions);
    /// Draws the fold hint and its button in the hints' place (foldHint_, set by draw()).
    void foldHint();
    void tooltip(const std::string& id, const char* text);
    void labelCell(const std::string& id, const char* label, const char* help);
    void statRow(const char* label, const char* value, const char* help);
    void record(const std::string& id);
    const char* dash() const { return symbols_ ? "\u2014" : "-"; }

    bool symbols_;
    /// per settings row, then the grab radius field, then the speed field
    std::vector<std::string> text_;
    std::vector<bool> editing_;
    std::vector<WidgetRect> rects_;
    std::array<char, 512> statePath_{};     ///< the state file field's text
    std::array<char, 512> recordingPath_{}; ///< the recording file field's text
    bool editingStatePath_ = false;
    bool editingRecordingPath_ = false;
    std::string strainScaleText_; ///< the Strain scale field's text
    bool strainScaleEditing_ = false;
    std::vector<float> plotScratch_[4];      ///< series of this frame's plots
    std::vector<ImVec2> plotPoints_;         ///< a chart's polyline
    TooltipTimer tooltipTimer_; ///< the delay before a widget's tooltip
    bool anyHovered_ = false;   ///< a widget with a tooltip is under the mouse this frame
    ExportStatus export_;       ///< the exports' state (setExportStatus)
    std::string sessionOffer_;  ///< setSessionOffer's question
    std::string foldHint_;      ///< this frame's fold hint, empty when none
    MessageOrder messageOrder_; ///< the message place's order, newest first
    std::string newestShown_;   ///< the newest message last drawn (key and text)
    std::string newestText_;    ///< its text
    std::string editingId_;     ///< the number field being typed in and its text, or ""
    bool turnOnArea_ = false;   ///< the fold hint's button was pressed this frame
    /// Whether the World section last showed a 3D cloth (none before the first frame)
    std::optional<bool> spaceShown_;
};

} // namespace pbd::app
