#pragma once
/// \file
/// --view-out: the view and the panel's layout as plain text, so that scripted tests can aim
/// the mouse at a particle or a field and check where the view went.

#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "logic/camera.h"
#include "logic/world_picking.h"
#include "gui/panel.h"
#include "pbd/cloth.h"
#include "pbd/settings.h"

namespace pbd::app {

/// Everything the view file records.
struct ViewDump {
    glm::dvec2 windowSize{0.0};       ///< window coordinates
    glm::ivec2 framebufferSize{0};    ///< pixels
    glm::dvec2 canvasOffset{0.0};     ///< window coordinates
    glm::dvec2 canvasSize{0.0};       ///< window coordinates
    Camera camera;
    /// In 3D, the orbit camera's line (OrbitCamera::dumpLine: "camera EX EY EZ TX TY TZ UX UY
    /// UZ FOVY"), written instead of the 2D zoom and origin lines; empty in 2D.
    std::string camera3{};
    bool paused = false;
    long long frames = 0;
    std::vector<WidgetRect> widgets;
    double time = 0.0;  ///< simulated seconds since the last restart
    Settings settings;  ///< the panel's committed settings
    /// The validation message of each field whose last commit was refused
    std::vector<std::string> errors;
    double contentScale = 1.0; ///< the window's content scale, as the panel was scaled by
    SteppingMode stepping = SteppingMode::Page; ///< the panel's stepping choice
    double speed = 1.0;                         ///< the panel's real-time speed
    bool help = false;         ///< the help overlay is shown
    std::string title;         ///< the window title
    std::string colorBy = "none"; ///< what the lines show
    double strainScale = 0.0;     ///< saturation strain of the colours (0 when not by strain)
    std::size_t constraints = 0;  ///< live constraints (torn and cut ones not counted)
    bool strainScaleAuto = true;  ///< the strain scale is the automatic one
    std::string particleColorBy = "none"; ///< what the particles' discs show
    double speedScale = 0.0;      ///< saturation speed of the discs' colours, m/s (0: not by speed)
    bool plots = false;           ///< the Plots section is open
    std::size_t plotSamples = 0;  ///< bins in the plots' history
    std::size_t residuals = 0;    ///< residuals of the last step (convergence plot)
    std::optional<Index> hovered{}; ///< the particle a left click would grab, last frame
    std::size_t obstacles = 0;    ///< obstacles in the world now
    std::size_t balls = 0;        ///< balls in the world now
    /// The obstacle or ball clicked last (drawn highlighted; "Remove selected" removes it).
    std::optional<WorldItem> selected{};
    std::string notice{};         ///< the exports' last message in the panel ("" when none)
    std::string videoText{};      ///< the Export section's video line ("" when none)
    std::string newestMessage{};  ///< the message place's newest message ("" when none)
    std::string editing{};        ///< the field being typed in: "ID TEXT" ("" when none)
    /// A validation scene's law (logic/validation_law.h): its name, the largest distance of a
    /// particle from it and validate's tolerance (m; 0: none); nothing for other scenes.
    struct Law {
        std::string name;
        double residual = 0.0;
        double tolerance = 0.0;
    };
    std::optional<Law> law{};
};

/// Writes one "key values..." line per item:
///   window W H / framebuffer W H / scale S / canvas X Y W H / zoom Z / origin X Y (2D; in 3D
///   instead camera EX EY EZ TX TY TZ UX UY UZ FOVY) / paused 0|1 /
///   frames N / widget ID X0 Y0 X1 Y1 (one per panel widget) / time T /
///   setting NAME VALUE (one per row of the settings table, value as the panel shows it) /
///   solver NAME / stepping page|realtime SPEED /
///   error MESSAGE (one per refused field; the message starts with the field's label) /
///   help 0|1 / colorby NAME / strainscale S / strainscalemode auto|set / constraints N /
///   particlecolor NAME / speedscale S / plots 0|1 SAMPLES RESIDUALS / hovered N (-1: none) /
///   world OBSTACLES BALLS / selected obstacle|ball INDEX (only when one is selected) /
///   title TEXT / notice TEXT and video TEXT (the exports' message and video line, when not
///   empty) / message TEXT (the message place's newest, when there is one) / editing ID TEXT
///   (the field being typed in and its text, when one is) / law NAME RESIDUAL TOLERANCE (a
///   validation scene's law, metres; tolerance 0: none).
/// Written to PATH.tmp and renamed to `path`, so that a reader never sees half a file.
/// Numbers use %.17g, settings the shortest text that reads back as the same value. Returns an error message on failure.
std::optional<std::string> writeViewFile(const std::string& path, const ViewDump& view);

} // namespace pbd::app
