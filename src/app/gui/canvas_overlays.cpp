// Over the canvas, drawn with ImGui after the panel: the knife's line, the grab radius's
// circle, the recording's and paused badges, a validation scene's law with its legend, and the
// strain and speed colours with their legends; in 3D also the pins, the hovered and the
// grabbed particle and the selected obstacle's or ball's outline (the 2D renderer draws
// those).

#include "gui/app.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include <glm/geometric.hpp>
#include <imgui.h>

#include "gui/law_legend.h"
#include "gui/wind_arrow.h"
#include "logic/obstacle_geometry.h"
#include "render/particles_pass.h"

namespace pbd::app {

namespace {

/// A label in a rounded box at the canvas's left edge, its top at `top` window pixels;
/// returns its bottom. `dot`: a filled disc before the text in that colour (0: none).
float badge(float top, float scale, const char* text, ImU32 fill, ImU32 dot)
{
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 pad(6.0f * scale, 3.0f * scale);
    const float disc = dot != 0 ? size.y : 0.0f; // the disc's room, a line high
    const ImVec2 min(8.0f * scale, top + 8.0f * scale);
    const ImVec2 max(min.x + disc + size.x + 2.0f * pad.x, min.y + size.y + 2.0f * pad.y);
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->AddRectFilled(min, max, fill, 3.0f * scale);
    if (dot != 0)
        draw->AddCircleFilled(ImVec2(min.x + pad.x + 0.4f * disc, min.y + pad.y + 0.5f * size.y),
                              0.32f * disc, dot);
    draw->AddText(ImVec2(min.x + pad.x + disc, min.y + pad.y), IM_COL32(255, 255, 255, 255),
                  text);
    return max.y;
}

/// "PAUSED" at the canvas's top-left corner while paused, below `top` window pixels;
/// returns the bottom of what it drew.
float drawPausedBadge(float top, float scale)
{
    // Top-left of the canvas, where no legend, help or cloth of the page's view is: a dark
    // label that says why nothing moves (Space resumes).
    return badge(top, scale, "PAUSED (Space resumes)", IM_COL32(60, 60, 60, 220), 0);
}

/// The recording's or replay's badge at the canvas's top-left ("REC", "REPLAY") while one
/// runs; returns the bottom of what it drew (`top` when nothing).
float drawFilesBadge(float top, float scale, const RunFiles& files)
{
    // Recording is easy to forget (Ctrl+R, a --record from a script): a red disc and REC on
    // the canvas say so for as long as it lasts; a replay says so too, since the input is
    // not the user's then.
    if (files.recording())
        return badge(top, scale, "REC (Ctrl+R stops)", IM_COL32(60, 60, 60, 220),
                     IM_COL32(230, 30, 30, 255));
    if (files.replaying())
        return badge(top, scale, "REPLAY (an edit takes over)", IM_COL32(60, 60, 60, 220), 0);
    return top;
}

/// The knife's stroke from `a` to `b` (window pixels) while Ctrl+dragging.
void drawKnifeLine(glm::dvec2 a, glm::dvec2 b, float scale)
{
    ImGui::GetForegroundDrawList()->AddLine(
        ImVec2(static_cast<float>(a.x), static_cast<float>(a.y)),
        ImVec2(static_cast<float>(b.x), static_cast<float>(b.y)), IM_COL32(200, 0, 0, 255),
        2.0f * scale);
}

ImU32 colour(const std::array<float, 4>& c)
{
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], c[3]));
}

/// The grab radius's circle: the 2D hand's colour, one logical pixel wide.
constexpr ImU32 kReachColour = IM_COL32(230, 120, 0, 200);

/// Segments of a circle drawn in 3D (the 2D grab radius's count).
constexpr int kCircleSegments = 48;

/// The points of the circle of `radius` m around `centre` in the plane of the unit vectors
/// `a` and `b` (at right angles), kCircleSegments of them.
std::vector<glm::dvec3> circle3(glm::dvec3 centre, double radius, glm::dvec3 a, glm::dvec3 b)
{
    std::vector<glm::dvec3> points;
    for (int k = 0; k < kCircleSegments; ++k) {
        const double angle = 2.0 * std::numbers::pi * k / kCircleSegments;
        points.push_back(centre + radius * (std::cos(angle) * a + std::sin(angle) * b));
    }
    return points;
}

/// The pixels of `points` as `camera` sees them; empty when one lies behind the eye.
std::vector<ImVec2> pixels3(const OrbitCamera& camera, const std::vector<glm::dvec3>& points)
{
    std::vector<ImVec2> pixels;
    for (const glm::dvec3& p : points) {
        const auto s = camera.worldToScreen(p);
        if (!s)
            return {};
        pixels.emplace_back(static_cast<float>(s->x), static_cast<float>(s->y));
    }
    return pixels;
}

/// The outline of the sphere of `radius` m around `centre` as `camera` sees it: the circle
/// where the rays from the eye touch it (none when the eye is inside).
std::vector<glm::dvec3> sphereOutline(const OrbitCamera& camera, glm::dvec3 centre,
                                      double radius)
{
    const glm::dvec3 toEye = camera.eye() - centre;
    const double d = glm::length(toEye);
    if (d <= radius)
        return {};
    const glm::dvec3 u = toEye / d;
    // Two unit vectors at right angles to u (and to each other).
    const glm::dvec3 a = glm::normalize(glm::cross(u, std::abs(u.y) < 0.9 ? glm::dvec3(0, 1, 0)
                                                                          : glm::dvec3(1, 0, 0)));
    const glm::dvec3 b = glm::cross(u, a);
    return circle3(centre + (radius * radius / d) * u, radius * std::sqrt(1.0 - (radius / d) *
                                                                                (radius / d)),
                   a, b);
}

/// The selected obstacle's or ball's outline (the 2D ring's orange, 3 pixels wide): a
/// sphere's or ball's silhouette, a box's twelve edges, a capsule's silhouette (the outer
/// halves of its ends' and the lines along its sides between them).
void drawSelected3(const OrbitCamera& camera, const Simulation3& cloth, const WorldItem& item,
                   float scale)
{
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const ImU32 orange = ImGui::ColorConvertFloat4ToU32(
        ImVec4(kSelectedOutline[0], kSelectedOutline[1], kSelectedOutline[2], 1.0f));
    const float width = 3.0f * scale;
    const auto polyline = [&](const std::vector<ImVec2>& pixels, ImDrawFlags flags) {
        if (pixels.size() >= 2)
            draw->AddPolyline(pixels.data(), static_cast<int>(pixels.size()), orange, flags,
                              width);
    };
    if (item.kind == WorldItem::Kind::Ball) {
        const BallOf<3>& ball = cloth.balls()[item.index];
        polyline(pixels3(camera, sphereOutline(camera, ball.position, ball.radius)),
                 ImDrawFlags_Closed);
        return;
    }
    const Obstacle3& o = cloth.obstacles()[item.index];
    if (o.shape == Obstacle3Shape::Sphere) {
        polyline(pixels3(camera, sphereOutline(camera, o.a, o.radius)), ImDrawFlags_Closed);
    } else if (o.shape == Obstacle3Shape::Box) {
        const std::array<Vec<3>, 3> axes = rotationColumns(o.angles);
        std::array<glm::dvec3, 8> corner;
        for (int k = 0; k < 8; ++k)
            corner[k] = o.a + 0.5 * ((k & 1 ? 1.0 : -1.0) * o.size.x * axes[0] +
                                     (k & 2 ? 1.0 : -1.0) * o.size.y * axes[1] +
                                     (k & 4 ? 1.0 : -1.0) * o.size.z * axes[2]);
        for (int k = 0; k < 8; ++k)
            for (const int bit : {1, 2, 4})
                if ((k & bit) == 0)
                    polyline(pixels3(camera, {corner[k], corner[k | bit]}), ImDrawFlags_None);
    } else if (o.shape == Obstacle3Shape::Capsule) {
        const std::vector<ImVec2> ends = pixels3(camera, {o.a, o.b});
        const std::vector<ImVec2> a = pixels3(camera, sphereOutline(camera, o.a, o.radius));
        const std::vector<ImVec2> b = pixels3(camera, sphereOutline(camera, o.b, o.radius));
        if (ends.empty() || a.empty() || b.empty())
            return;
        const ImVec2 along(ends[1].x - ends[0].x, ends[1].y - ends[0].y);
        const auto dot = [](ImVec2 p, ImVec2 q) { return p.x * q.x + p.y * q.y; };
        const auto minus = [](ImVec2 p, ImVec2 q) { return ImVec2(p.x - q.x, p.y - q.y); };
        // Each end's arc away from the other end (its ring turned to start past the part
        // that is dropped, so that the arc is one run); its first and last points join the
        // other end's by the sides.
        const auto outerArc = [&](const std::vector<ImVec2>& ring, ImVec2 centre, float sign) {
            const auto outer = [&](std::size_t k) {
                return sign * dot(minus(ring[k], centre), along) <= 0.0f;
            };
            std::size_t start = 0;
            while (start < ring.size() && outer(start))
                ++start;
            std::vector<ImVec2> arc;
            for (std::size_t n = 0; n < ring.size(); ++n)
                if (const std::size_t k = (start + n) % ring.size(); outer(k))
                    arc.push_back(ring[k]);
            return arc;
        };
        const std::vector<ImVec2> arcA = outerArc(a, ends[0], 1.0f);
        const std::vector<ImVec2> arcB = outerArc(b, ends[1], -1.0f);
        polyline(arcA, ImDrawFlags_None);
        polyline(arcB, ImDrawFlags_None);
        if (arcA.empty() || arcB.empty())
            return;
        // The arcs run the same way round: A's end meets B's start, B's end A's start.
        draw->AddLine(arcA.back(), arcB.front(), orange, width);
        draw->AddLine(arcB.back(), arcA.front(), orange, width);
    }
}

/// A marker disc of `radius` pixels at `p`'s pixel, when in front of the eye.
void drawMarker3(const OrbitCamera& camera, glm::dvec3 p, float radius, ImU32 fill)
{
    if (const auto s = camera.worldToScreen(p))
        ImGui::GetBackgroundDrawList()->AddCircleFilled(
            ImVec2(static_cast<float>(s->x), static_cast<float>(s->y)), radius, fill, 16);
}

} // namespace

void App::drawCanvasOverlays3()
{
    const Viewport& view = frameView_;
    const float scale = static_cast<float>(controller_.view().logicalScale());
    const OrbitCamera& camera = session3_->camera();
    Simulation3& cloth = session3_->simulation();
    const ParticlesOf<3>& particles = cloth.particles();
    const Settings& settings = cloth.settings();
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    // The pins, as the 2D discs' markers; where two pins are grid neighbours a bar joins them,
    // so that a clamp (cantilever-3d's two pinned columns) reads as one.
    const ImU32 pinned = colour(kPinnedMarkerColor);
    for (std::size_t i = 0; i < particles.size(); ++i) {
        if (!particles.pinned(i))
            continue;
        const std::size_t column = settings.width > 0 ? i % settings.width : 0;
        const auto bar = [&](std::size_t j) {
            const auto a = camera.worldToScreen(particles.position[i]);
            const auto b = camera.worldToScreen(particles.position[j]);
            if (a && b)
                draw->AddLine(ImVec2(static_cast<float>(a->x), static_cast<float>(a->y)),
                              ImVec2(static_cast<float>(b->x), static_cast<float>(b->y)), pinned,
                              4.0f * scale);
        };
        const std::size_t below = i + static_cast<std::size_t>(settings.width);
        const bool right = column + 1 < static_cast<std::size_t>(settings.width) &&
                           particles.pinned(i + 1);
        const bool down = below < particles.size() && particles.pinned(below);
        if (right)
            bar(i + 1);
        if (down)
            bar(below);
        if (right && down && particles.pinned(below + 1)) { // a cell held whole: the jaw
            const auto a = camera.worldToScreen(particles.position[i]);
            const auto b = camera.worldToScreen(particles.position[i + 1]);
            const auto c = camera.worldToScreen(particles.position[below + 1]);
            const auto d = camera.worldToScreen(particles.position[below]);
            const auto at = [](glm::dvec2 p) {
                return ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
            };
            if (a && b && c && d)
                draw->AddQuadFilled(at(*a), at(*b), at(*c), at(*d),
                                    (pinned & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 150));
        }
        drawMarker3(camera, particles.position[i], kPinnedMarkerRadius * scale, pinned);
    }
    const std::optional<Index> grabbed = cloth.grabbed();
    if (const auto hovered = session3_->hovered(); hovered && hoverShown_ && hovered != grabbed)
        drawMarker3(camera, particles.position[*hovered], kHoveredMarkerRadius * scale,
                    colour(kHoveredMarkerColor));
    if (grabbed && *grabbed < particles.size())
        drawMarker3(camera, particles.position[*grabbed], kGrabbedMarkerRadius * scale,
                    colour(kGrabbedMarkerColor));
    if (const auto knife = session3_->hand().knife())
        drawKnifeLine(knife->first, knife->second, scale);
    if (const auto item = session3_->selected())
        drawSelected3(camera, cloth, *item, scale);
    if (const auto centre = session3_->reachCentre(); centre && hoverShown_) {
        // The grab radius's hand, facing the camera, as 2D draws it (and leaves it out of
        // exports likewise).
        const std::vector<ImVec2> ring = pixels3(
            camera, circle3(*centre, session3_->preferences().grabRadius, camera.right(),
                            camera.up()));
        if (!ring.empty())
            ImGui::GetForegroundDrawList()->AddPolyline(ring.data(),
                                                        static_cast<int>(ring.size()),
                                                        kReachColour, ImDrawFlags_Closed, scale);
    }
    if (session3_->paused())
        drawPausedBadge(0.0f, scale);
    // The wind as the camera sees it: along its right and up.
    const glm::dvec3 wind(settings.windX, settings.windY, settings.windZ);
    drawWindArrow(view.canvasOffset, view.canvasSize,
                  {glm::dot(wind, camera.right()), glm::dot(wind, camera.up())},
                  glm::length(wind), settings.gusts, settings.airDrag, scale);
    colours_.update(cloth, session3_->preferences(), view, window_->contentScale());
}

void App::drawCanvasOverlays()
{
    const Viewport& view = frameView_;
    if (const auto knife = controller_.input().knife()) { // the knife's line while Ctrl+dragging
        const Camera& camera = controller_.view().camera();
        drawKnifeLine(camera.worldToScreen(knife->first), camera.worldToScreen(knife->second),
                      static_cast<float>(controller_.view().logicalScale()));
    }
    if (const auto centre = controller_.input().reachCentre(); centre && hoverShown_) {
        // the grab radius's hand (left out of the frames an export reads, as the hover ring)
        const Camera& camera = controller_.view().camera();
        const glm::dvec2 c = camera.worldToScreen(*centre);
        const double r = camera.zoom() * controller_.preferences().grabRadius;
        ImGui::GetForegroundDrawList()->AddCircle(
            ImVec2(static_cast<float>(c.x), static_cast<float>(c.y)), static_cast<float>(r),
            kReachColour, kCircleSegments, static_cast<float>(controller_.view().logicalScale()));
    }
    const float scale = static_cast<float>(controller_.view().logicalScale());
    float badges = drawFilesBadge(0.0f, scale, files_); // a sign while recording
    if (controller_.paused())
        badges = drawPausedBadge(badges, scale);
    // A validation scene's law, below the badges (nothing for the other scenes).
    law_ = lawOverlay(controller_.sceneName(), simulation_);
    lawRect_.reset();
    if (law_) {
        const Camera& camera = controller_.view().camera();
        std::vector<glm::dvec2> curve, marks;
        for (const glm::dvec2& at : law_->curve)
            curve.push_back(camera.worldToScreen(at));
        for (const glm::dvec2& at : law_->marks)
            marks.push_back(camera.worldToScreen(at));
        lawRect_ = drawLaw(*law_, curve, marks, scale, badges);
    }
    const Settings& air = simulation_.settings(); // the wind's arrow, top right, when it blows
    drawWindArrow(view.canvasOffset, view.canvasSize, {air.windX, air.windY},
                  std::hypot(air.windX, air.windY), air.gusts, air.airDrag, scale);
    // Strain and speed colours: the core computes the strains and speeds, the renderer only
    // maps them; their legends stack above the canvas's bottom.
    colours_.update(simulation_, controller_.preferences(), view, window_->contentScale());
}

} // namespace pbd::app
