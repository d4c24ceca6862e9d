#include "logic/input.h"

#include <algorithm>
#include <cmath>

#include "logic/picking.h"

namespace pbd::app {
namespace {

/// Whether any of `positions` lies within `radius` of `point` (as Simulation::grabArea
/// counts it).
bool withinReach(const std::vector<glm::dvec2>& positions, glm::dvec2 point, double radius)
{
    return std::any_of(positions.begin(), positions.end(), [&](glm::dvec2 x) {
        const glm::dvec2 d = x - point;
        return d.x * d.x + d.y * d.y <= radius * radius;
    });
}

} // namespace

KeyAction keyAction(Key key, bool repeat, Modifiers modifiers, PanelFocus focus)
{
    if (modifiers.control) { // even while typing in a field; other Ctrl combinations: not ours
        if (key == Key::Z && !focus.keyboard) // typing: the field's own undo
            return modifiers.shift ? KeyAction::Redo : KeyAction::Undo;
        return key == Key::Q && !repeat ? KeyAction::Quit : KeyAction::None;
    }
    if (key == Key::F12) // even while typing: F12 types nothing
        return repeat ? KeyAction::None : KeyAction::Screenshot;
    if (focus.keyboard)
        return KeyAction::None; // typing into a field: the field has the keys
    switch (key) {
    case Key::Space:
        return repeat ? KeyAction::None : KeyAction::TogglePause;
    case Key::R:
        return repeat ? KeyAction::None : KeyAction::Restart;
    case Key::S:
        return KeyAction::SingleStep;
    case Key::Home:
        return KeyAction::ResetView;
    case Key::F:
        return KeyAction::FitView;
    case Key::F1:
        return repeat ? KeyAction::None : KeyAction::ToggleHelp;
    case Key::Escape:
        return KeyAction::Cancel;
    case Key::Q:
    case Key::O: // Ctrl+O is RunFiles'
    case Key::Z:
    case Key::F12:
    case Key::Other:
        break;
    }
    return KeyAction::None;
}

Input::Input(CanvasView& view, Simulation& simulation, const Preferences& preferences,
             Stepping::Clock clock, IssueCommand issue)
    : view_(view), simulation_(simulation), preferences_(preferences), clock_(std::move(clock)),
      issue_(std::move(issue))
{
}

void Input::mouseButton(MouseButton button, bool pressed, Modifiers modifiers, PanelFocus focus)
{
    const bool pans = button == MouseButton::Right || button == MouseButton::Middle;
    if (!pressed) {
        if (button == MouseButton::Left && knife_) {
            const auto [from, to] = *knife_;
            knife_.reset();
            issue_(CutCommand{from, to});
        } else if (button == MouseButton::Left && !touchDrag_) {
            pointerUp(); // always: a drag may end over the panel
        } else if (pans) {
            panFrom_.reset();
        }
        return;
    }
    // Where the pointer was when the button went down: the last motion event before it.
    if (!cursor_ || focus.mouse || !view_.inCanvas(*cursor_))
        return;
    if (button == MouseButton::Left)
        pointerDown(*cursor_, modifiers);
    else if (pans)
        panFrom_ = *cursor_;
}

void Input::mouseMove(glm::dvec2 p)
{
    if (!std::isfinite(p.x) || !std::isfinite(p.y))
        return;
    cursor_ = p;
    if (panFrom_) {
        view_.pan(p - *panFrom_);
        panFrom_ = p;
    }
    if (knife_)
        knife_->second = view_.camera().screenToWorld(p);
    pointerMove(p);
}

void Input::scroll(double yOffset, PanelFocus focus)
{
    // Wheel notches give +-1, touchpads fractions, Ctrl+wheel (a Windows precision-touchpad
    // pinch) the same: all zoom smoothly about the cursor.
    if (!cursor_ || focus.mouse || !view_.inCanvas(*cursor_) || !std::isfinite(yOffset))
        return;
    view_.zoomAt(std::pow(kWheelZoomBase, yOffset), *cursor_);
    pointerMove(*cursor_); // a held particle stays under the cursor
}

std::vector<PanelPointer> Input::touch(const TouchEvent& e)
{
    return perform(touchRouter_.route(e, view_.layout().canvasSize()));
}

std::vector<PanelPointer> Input::perform(const std::vector<TouchAction>& actions)
{
    std::vector<PanelPointer> taps;
    for (const TouchAction& a : actions) {
        switch (a.kind) {
        case TouchAction::Kind::PanelPress:
            taps.push_back({a.point, true});
            break;
        case TouchAction::Kind::PanelRelease:
            taps.push_back({a.point, false});
            break;
        case TouchAction::Kind::PointerDown:
            touchDrag_ = true;
            pointerDown(a.point, {});
            break;
        case TouchAction::Kind::PointerMove:
            if (touchDrag_)
                pointerMove(a.point);
            break;
        case TouchAction::Kind::PointerUp:
            if (touchDrag_) {
                touchDrag_ = false;
                pointerUp();
            }
            break;
        case TouchAction::Kind::Zoom:
            view_.zoomAt(a.factor, a.point);
            if (dragging_ && cursor_ && !touchDrag_)
                pointerMove(*cursor_); // a mouse-held particle stays under the cursor
            break;
        }
    }
    return taps;
}

void Input::focusLost()
{
    // A mouse drag will finish (X sends the button release to the window that got the press);
    // touches in flight will not.
    perform(touchRouter_.reset());
}

void Input::cancel()
{
    touchDrag_ = false;
    panFrom_.reset();
    knife_.reset();
    endWorldDrag(false);
    // Esc: the particle is let go where it is, without a throw.
    if (dragging_) {
        dragging_ = false;
        trail_.clear();
        issue_(ReleaseCommand{});
    }
}

void Input::followCursor()
{
    if (cursor_)
        pointerMove(*cursor_);
}

void Input::updateHover(PanelFocus focus)
{
    hovered_.reset();
    if (dragging_ || worldDrag_.item() || touchDrag_ || panFrom_ || !cursor_ || focus.mouse ||
        !view_.inCanvas(*cursor_))
        return;
    const Camera& camera = view_.camera();
    if (hoverPicker_) {
        hovered_ = hoverPicker_(camera, *cursor_, view_.pickRadius());
        return;
    }
    simulation_.sync();
    hovered_ = pickParticle(camera, simulation_.particles().position, *cursor_,
                            view_.pickRadius());
}

std::optional<glm::dvec2> Input::reachCentre() const
{
    if (preferences_.grabRadius <= 0.0)
        return std::nullopt;
    if (dragging_ && simulation_.areaGrab())
        return simulation_.areaGrab()->point;
    if (!cursor_ || panFrom_ || knife_ || !view_.inCanvas(*cursor_))
        return std::nullopt;
    return view_.camera().screenToWorld(*cursor_);
}

void Input::clothRebuilt()
{
    dragging_ = false;
    worldDrag_.reset(); // a restart's world holds no ball, its indices may differ
    touchDrag_ = false;
    hovered_.reset();
}

void Input::stateReplaced()
{
    clothRebuilt();
    knife_.reset();
    trail_.clear();
}

void Input::pointerDown(glm::dvec2 p, Modifiers modifiers)
{
    const Camera& camera = view_.camera();
    if (modifiers.control) { // the knife: cuts from here to where the button goes up
        knife_ = {camera.screenToWorld(p), camera.screenToWorld(p)};
        return;
    }
    simulation_.sync(); // the particle under the pointer now
    const auto picked =
        pickParticle(camera, simulation_.particles().position, p, view_.pickRadius());
    if (modifiers.shift) { // toggles a pin, corners too
        if (!picked)
            return;
        if (simulation_.particles().pinned(*picked))
            issue_(UnpinCommand{*picked});
        else
            issue_(PinCommand{*picked});
        return;
    }
    if (!picked) { // no particle within reach: an obstacle or ball under the pointer moves
        const glm::dvec2 world = camera.screenToWorld(p);
        const double slack = 2.0 / camera.zoom(); // two pixels, for thin bars
        if (const auto item =
                pickWorld(simulation_.obstacles(), simulation_.balls(), world, slack)) {
            selected_ = *item;
            if (startWorldDrag(*item, world))
                return;
        }
    }
    const double radius = preferences_.grabRadius;
    if (radius > 0.0) { // a hand: every particle within the radius, if there is one
        const glm::dvec2 world = camera.screenToWorld(p);
        if (!withinReach(simulation_.particles().position, world, radius))
            return; // nothing to hold: no grab (nor a recorded line that does nothing)
        if (!issue_(AreaGrabCommand{world, radius}) && simulation_.holding()) {
            dragging_ = true;
            trail_.clear();
            noteTrail(world);
        }
        return;
    }
    if (!picked)
        return;
    // A grab that a restored state holds, not this drag's: let it go first, so that taking
    // the same particle again starts a grab of its own (an action to undo).
    if (simulation_.grabbed() == picked && !dragging_)
        issue_(ReleaseCommand{});
    // The page's mouseDown: select the particle, move it only when the pointer moves.
    if (!issue_(GrabCommand{*picked})) {
        dragging_ = true;
        trail_.clear();
        noteTrail(simulation_.particles().position[*picked]);
    }
}

void Input::pointerMove(glm::dvec2 p)
{
    if (worldDrag_.item()) {
        moveWorldDrag(view_.camera().screenToWorld(p));
        return;
    }
    if (dragging_ && simulation_.holding()) { // the particle, or the area grab's point
        const glm::dvec2 world = view_.camera().screenToWorld(p);
        issue_(MoveCommand{world});
        noteTrail(world);
    }
}

void Input::noteTrail(glm::dvec2 world)
{
    trail_.note(clock_(), world);
}

glm::dvec2 Input::throwVelocity() const
{
    return trail_.velocity(clock_());
}

void Input::pointerUp()
{
    if (worldDrag_.item())
        endWorldDrag(preferences_.onRelease == OnRelease::Throw);
    if (!dragging_)
        return;
    dragging_ = false;
    if (preferences_.onRelease == OnRelease::Throw)
        issue_(ReleaseCommand{throwVelocity()});
    else
        issue_(ReleaseCommand{});
    trail_.clear();
}

} // namespace pbd::app
