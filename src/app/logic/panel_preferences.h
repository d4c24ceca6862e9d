#pragma once
/// \file
/// What the panel asks that is alike for the 2D controller and the 3D session: what it edits
/// in its model (stepping, speed, strain scale, grab radius) and chooses in its combos becomes
/// the preferences in effect, preferences given from outside (the command line) show in the
/// model, and its buttons that are commands on the cloth (pins, undo, redo) are issued.

#include "logic/input.h"
#include "logic/panel_actions.h"
#include "logic/panel_model.h"
#include "logic/preferences.h"
#include "pbd/simulation.h"

namespace pbd::app {

/// This frame's panel edits into `preferences`: the model's stepping, speed, strain scale and
/// grab radius, and the combos' and boxes' choices (colours, on release, draw mode, exports).
/// The plots and Follow, which act at once, are the caller's.
void takePanelPreferences(const PanelModel& model, const PanelActions& actions,
                          Preferences& preferences);

/// Makes `wanted` the preferences in effect (`preferences`) and shows them in the model; a
/// speed or grab radius out of range keeps the model's.
void showPreferences(PanelModel& model, const Preferences& wanted, Preferences& preferences);

/// The Export buttons of this frame into `requests` (Save PNG; Export video, where two
/// presses cancel; Export OBJ).
void noteExportRequests(const PanelActions& actions, ExportRequests& requests);

/// The panel's buttons that are commands on the cloth, in this order: Unpin all (one unpin
/// per pin, so that a recording replays it), Pin corners (a pin for each fixed corner not
/// pinned now), Undo, Redo.
template <glm::length_t D>
void issuePanelCommands(const PanelActions& actions, const SimulationOf<D>& simulation,
                        const IssueCommandOf<D>& issue);

} // namespace pbd::app
