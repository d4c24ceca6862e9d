#include "logic/panel_preferences.h"

namespace pbd::app {

void takePanelPreferences(const PanelModel& model, const PanelActions& actions,
                          Preferences& preferences)
{
    // The panel edits these in its model (text fields with their messages), like the
    // settings; they take effect here.
    preferences.stepping = model.stepping();
    preferences.speed = model.speed();
    preferences.strainScale = model.strainScale();
    preferences.grabRadius = model.grabRadius();
    if (actions.colorBy)
        preferences.colorBy = *actions.colorBy;
    if (actions.throwOnRelease)
        preferences.onRelease = *actions.throwOnRelease ? OnRelease::Throw : OnRelease::Keep;
    if (actions.particleColorBy)
        preferences.particleColorBy = *actions.particleColorBy;
    if (actions.drawMode)
        preferences.draw = *actions.drawMode;
    if (actions.wireframe)
        preferences.wireframe = *actions.wireframe;
    if (actions.exports)
        preferences.exports = *actions.exports;
}

void showPreferences(PanelModel& model, const Preferences& wanted, Preferences& preferences)
{
    model.setStepping(wanted.stepping, wanted.speed);
    model.setStrainScale(wanted.strainScale);
    model.setGrabRadius(wanted.grabRadius);
    preferences = wanted;
    preferences.speed = model.speed(); // as the model kept it (a speed out of range: not)
    preferences.grabRadius = model.grabRadius();
}

void noteExportRequests(const PanelActions& actions, ExportRequests& requests)
{
    if (actions.screenshot)
        requests.screenshot = true;
    if (actions.toggleVideo)
        requests.toggleVideo = !requests.toggleVideo; // two toggles cancel
    if (actions.exportObj)
        requests.obj = true;
}

template <glm::length_t D>
void issuePanelCommands(const PanelActions& actions, const SimulationOf<D>& simulation,
                        const IssueCommandOf<D>& issue)
{
    if (actions.unpinAll)
        for (Index i = 0; i < simulation.particles().size(); ++i)
            if (simulation.particles().pinned(i))
                issue(UnpinCommand{i});
    if (actions.pinCorners) {
        const Settings& s = simulation.settings();
        for (Index i : fixedCorners(s.width, s.height, s.fixedCount))
            if (!simulation.particles().pinned(i))
                issue(PinCommand{i});
    }
    if (actions.undo)
        issue(UndoCommand{});
    if (actions.redo)
        issue(RedoCommand{});
}

template void issuePanelCommands(const PanelActions&, const SimulationOf<2>&,
                                 const IssueCommandOf<2>&);
template void issuePanelCommands(const PanelActions&, const SimulationOf<3>&,
                                 const IssueCommandOf<3>&);

} // namespace pbd::app
