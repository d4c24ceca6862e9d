#pragma once
/// \file
/// What the user asked for in the panel this frame: the ImGui panel fills it in, the
/// controller turns it into commands and view changes.

#include <optional>
#include <string>

#include "logic/files_actions.h"
#include "logic/cloth_mesh.h"
#include "logic/export_options.h"
#include "logic/panel_model.h"
#include "logic/speed_colors.h"
#include "logic/strain_colors.h"

namespace pbd::app {

/// What the user asked of the "World" section this frame (its Thickness and Friction rows
/// commit through the settings, as every field).
struct WorldActions {
    bool addCircle = false;      ///< "Add circle": in free space in view (3D: a sphere)
    bool addBox = false;         ///< "Add box"
    bool addCapsule = false;     ///< "Add capsule"
    bool addBall = false;        ///< "Add ball"
    bool addGround = false;      ///< 3D: "Ground", under the cloth
    bool removeSelected = false; ///< "Remove selected": the obstacle or ball clicked last
    bool clear = false;          ///< "Clear obstacles & balls"
    std::optional<std::string> scene; ///< the "Scene" combo's choice, when made
};

/// What the user asked of the exports (F12, the Export section's buttons); the app carries
/// them out, since they read the window.
struct ExportRequests {
    bool screenshot = false;  ///< write a PNG of the window (F12)
    bool toggleVideo = false; ///< start or stop the video export
    bool obj = false;         ///< write the cloth's surface as an OBJ file (Export OBJ)
};

/// What the user asked for this frame.
struct PanelActions {
    CommitEffect effect = CommitEffect::None; ///< strongest effect of this frame's commits
    bool restart = false;                     ///< the Restart button
    bool togglePause = false;                 ///< the Pause / Resume button
    bool fitView = false;                     ///< the Fit view button
    bool toggleHelp = false;                  ///< the "?" button
    bool unpinAll = false;                    ///< the "Unpin all" button
    bool pinCorners = false;                  ///< the "Pin corners again" button
    bool undo = false;                        ///< the "Undo" button (Ctrl+Z)
    bool redo = false;                        ///< the "Redo" button (Ctrl+Shift+Z)
    bool turnOnArea = false;                  ///< the fold hint's "Turn on Area stiffness"
    bool screenshot = false;                  ///< the "Save PNG (F12)" button
    bool toggleVideo = false;                 ///< the "Export video" / "Stop video export" button
    bool exportObj = false;                   ///< the "Export OBJ" button
    std::optional<ColorBy> colorBy;           ///< the "Colour lines by" combo, when changed
    std::optional<bool> throwOnRelease;       ///< the "On release" combo, when changed
    FilesActions files;                       ///< the "Record and save" section
    /// The "Colour particles by" combo, when changed
    std::optional<ParticleColorBy> particleColorBy;
    std::optional<DrawMode> drawMode; ///< the "Draw" combo, when changed
    std::optional<bool> wireframe;    ///< the "Wireframe" box (3D), when changed
    /// Whether the "Plots" section is open this frame (set every frame the panel is drawn)
    std::optional<bool> plotsOpen;
    std::optional<bool> follow;           ///< the "Follow the cloth" box, when changed
    std::optional<ExportOptions> exports; ///< the Export section's boxes, when changed
    WorldActions world;                   ///< the "World" section
    /// The Dimensions switch's choice (2 or 3), when it was changed: the cloth restarts in
    /// that space with the panel's values (App::switchSpace)
    std::optional<int> dimensions;
};

} // namespace pbd::app
