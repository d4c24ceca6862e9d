// The panel's "World" section: the contact settings (the settings table's World rows:
// thickness, friction), buttons that add an obstacle or a ball in free space in view, remove
// the selected one or clear them all, and the Scene combo. Every edit reaches the simulation
// as commands (logic/world_edits.h), so recordings replay it and undo takes it back. A part
// of the world added later (air, wind) is one more table section's rows or a call here.

#include "gui/panel.h"

#include <algorithm>

#include <imgui.h>

#include "pbd/scene.h"

namespace pbd::app {

void Panel::world(PanelModel& model, const PanelStats& stats, PanelActions& actions)
{
    ImGui::Spacing();
    // Open from the start when there is a world (--scene, --obstacle, --ball) or air (a drag
    // or a wind); collapsed for the page's cloth, so that the sections below keep their place
    // on a 960 px screen.
    const Settings& now = model.settings();
    const bool anyAir = now.airDrag > 0.0 || now.windX != 0.0 || now.windY != 0.0;
    const bool anyWorld = stats.obstacles + stats.balls > 0 || !stats.scene.empty() || anyAir;
    // The Dimensions switch (or a scene of the other space) just changed the space: the section
    // it sits in stays open, whatever the new cloth's world.
    if (spaceShown_ && *spaceShown_ != stats.threeD)
        ImGui::SetNextItemOpen(true);
    spaceShown_ = stats.threeD;
    if (!ImGui::CollapsingHeader("World", anyWorld ? ImGuiTreeNodeFlags_DefaultOpen : 0))
        return;
    sceneCombo(stats, actions);
    space(model, stats, actions);
    if (ImGui::BeginTable("world", 2, ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed,
                                ImGui::CalcTextSize("Thickness (m)").x);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        fields(model, PanelSection::World, actions);
        ImGui::EndTable();
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Add");
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float quarter =
        std::max(1.0f, (ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Add").x -
                        4.0f * spacing) / 4.0f);
    // In 3D the same four places add the 3D shapes (the ids stay: scripts find them there).
    struct Add {
        const char* label[2]; ///< 2D, 3D
        const char* id;
        const char* help[2];
        bool* asked[2];
    };
    const Add adds[] = {
        {{"Circle", "Sphere"}, "add-circle",
         {"Add a circle obstacle (radius 0.5 m) in free space in view.",
          "Add a sphere (radius 0.5 m) at the view's target, as --obstacle sphere:X,Y,Z,0.5 "
          "(the point rounded to the centimetre)."},
         {&actions.world.addCircle, &actions.world.addCircle}},
        {{"Box", "Box"}, "add-box",
         {"Add a box obstacle (1.2 x 0.4 m) in free space in view.",
          "Add a box (1.2 x 0.4 x 1.2 m) at the view's target, as --obstacle "
          "box:X,Y,Z,1.2,0.4,1.2."},
         {&actions.world.addBox, &actions.world.addBox}},
        {{"Capsule", "Capsule"}, "add-capsule",
         {"Add a capsule obstacle (a 1.6 m bar of radius 0.1 m) in free space in view.",
          "Add a capsule (a 1.6 m bar along x of radius 0.1 m) at the view's target, as "
          "--obstacle capsule:...."},
         {&actions.world.addCapsule, &actions.world.addCapsule}},
        {{"Ball", "Ground"}, "add-ball",
         {"Add a ball (radius 0.3 m, 1 kg) in free space in view: it falls, hits the cloth and "
          "can be grabbed and thrown.",
          "Add a ground (the plane y = Y, solid below) under the view's target, at its height "
          "when that is below the cloth, else 0.5 m under the cloth's lowest point, as "
          "--obstacle ground:Y."},
         {&actions.world.addBall, &actions.world.addGround}},
    };
    const int d = stats.threeD ? 1 : 0;
    for (const Add& add : adds) {
        ImGui::SameLine();
        if (ImGui::Button(add.label[d], ImVec2(quarter, 0.0f)))
            *add.asked[d] = true;
        tooltip(add.id, add.help[d]);
        record(add.id);
    }
    const float half = (ImGui::GetContentRegionAvail().x - spacing) * 0.5f;
    ImGui::BeginDisabled(!stats.worldSelected);
    if (ImGui::Button("Remove selected", ImVec2(half, 0.0f)))
        actions.world.removeSelected = true;
    ImGui::EndDisabled();
    tooltip("remove-selected", "Remove the obstacle or ball clicked last (drawn with an orange "
                               "ring, in 3D an orange outline). Left-drag an obstacle or ball "
                               "away from the cloth to move it; a ball is thrown on release.");
    record("remove-selected");
    ImGui::SameLine();
    ImGui::BeginDisabled(stats.obstacles + stats.balls == 0);
    if (ImGui::Button("Clear obstacles & balls", ImVec2(half, 0.0f)))
        actions.world.clear = true;
    ImGui::EndDisabled();
    tooltip("clear-world", "Remove every obstacle and ball (one undo brings them back).");
    record("clear-world");
    air(model, actions);
}

void Panel::sceneCombo(const PanelStats& stats, PanelActions& actions)
{
    const char* help =
        "A cloth and its world, as --scene NAME: page (the page's cloth, nothing else), a "
        "curtain over a ball, a strip on pegs, a tablecloth on a table, a slope, a bar, a "
        "hammock catching a ball, a sweeping bar, a 60 x 60 drop on a slope, a heap of cloth "
        "seen edge-on, a flag in the wind; and in 3D (\"-3d\") a drape over a sphere, a "
        "tablecloth, a flag, a curtain, a cantilever and a drop. Choosing one replaces the "
        "cloth, its settings and the world, in 2D or 3D as the scene is; Restart brings the "
        "scene back.";
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Scene");
    tooltip("scene-label", help);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    const std::string shown =
        sceneComboText(stats.scene, stats.obstacles + stats.balls, stats.threeD);
    if (ImGui::BeginCombo("##scene", shown.c_str())) {
        for (const BuiltInScene& scene : builtInScenes()) { // 2D and 3D (names "-3d")
            const std::string name(scene.name);
            const bool selected = name == shown;
            if (ImGui::Selectable(name.c_str(), selected))
                actions.world.scene = name;
            record("scene-" + name); // for tests to click
            if (selected)
                ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    tooltip("scene", help);
    record("scene");
}

} // namespace pbd::app
