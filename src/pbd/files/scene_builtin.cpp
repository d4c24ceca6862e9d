// The built-in scenes. Each cloth spans x in [0, clothWidth] and y in [-clothHeight, 0]
// (row 0 on top), so every obstacle is placed at least 0.3 m below y = -clothHeight: no particle
// starts inside one. All but `page` and `flag` start unpinned ("pinned": []) and fall; a
// ground below keeps the cloth in view; `flag` hangs from its pole in the wind. Sizes keep
// each at an interactive rate (at most 50 x 40 particles, under 2 ms per step sequential),
// except `drop`, the 60 x 60 cloth of the self-collision tests.
// `hammock` hangs its strip by the fixed corners and drops a ball into it; `sweep` moves its
// bar by a scripted velocity (Obstacle::velocity).

#include <string>

#include "pbd/scene.h"

namespace pbd {
namespace {

Obstacle circle(double x, double y, double r)
{
    Obstacle o;
    o.shape = ObstacleShape::Circle;
    o.a = {x, y};
    o.radius = r;
    settleObstacle(o);
    return o;
}

Obstacle box(double x, double y, double w, double h, double angle)
{
    Obstacle o;
    o.shape = ObstacleShape::Box;
    o.a = {x, y};
    o.width = w;
    o.height = h;
    o.angle = angle;
    settleObstacle(o);
    return o;
}

Obstacle capsule(double x1, double y1, double x2, double y2, double r)
{
    Obstacle o;
    o.shape = ObstacleShape::Capsule;
    o.a = {x1, y1};
    o.b = {x2, y2};
    o.radius = r;
    settleObstacle(o);
    return o;
}

Obstacle ground(double x, double y, double angle)
{
    Obstacle o;
    o.shape = ObstacleShape::Ground;
    o.a = {x, y};
    o.angle = angle;
    settleObstacle(o);
    return o;
}

/// A cloth of w x h particles spanning metresW x metresH, the rest as the defaults.
Scene sizedCloth(int w, int h, double metresW, double metresH)
{
    Scene s;
    s.settings.width = w;
    s.settings.height = h;
    s.settings.clothWidth = metresW;
    s.settings.clothHeight = metresH;
    return s;
}

/// A falling cloth of `w` x `h` particles, `metresW` x `metresH`, 4 substeps, a little
/// damping and thickness, nothing pinned.
Scene fallingCloth(int w, int h, double metresW, double metresH)
{
    Scene s = sizedCloth(w, h, metresW, metresH);
    s.settings.substeps = 4;
    s.settings.damping = 0.5;
    s.settings.thickness = 0.02;
    s.pinned = std::vector<Index>{};
    return s;
}

} // namespace

const std::vector<std::string>& builtInSceneNames()
{
    static const std::vector<std::string> names{
        "page", "curtain-over-ball", "pegs", "table", "slope", "bar", "hammock", "sweep", "drop",
        "heap", "flag"};
    return names;
}

std::optional<Scene> builtInScene(std::string_view name)
{
    if (name == "page")
        return Scene{}; // the defaults, the fixed corners, nothing else
    if (name == "curtain-over-ball") {
        // A 6 m curtain seen edge-on (80 x 2 particles, 8 cm deep: in 2D a deeper sheet is
        // stiff in its plane and would rest flat) falls onto a ball of radius 1 m; friction 0.5
        // holds it wrapped over the top with both ends hanging (after 5 s it spans x 1.25 to
        // 4.65 m and hangs to y = -3.26 m).
        Scene s = fallingCloth(80, 2, 6.0, 0.08);
        s.settings.friction = 0.5;
        s.obstacles = {circle(3.0, -2.0, 1.0), ground(0.0, -6.0, 0.0)};
        return s;
    }
    if (name == "pegs") {
        // A 6 m strip dropped on three thin capsule pegs, two round pegs below: it catches on
        // the capsules and rests across them; its thickness (4 cm) keeps it off their surfaces.
        Scene s = fallingCloth(80, 2, 6.0, 0.08);
        s.settings.thickness = 0.04;
        s.settings.friction = 0.4;
        s.obstacles = {capsule(0.6, -1.2, 1.0, -1.3, 0.04), capsule(2.6, -1.2, 3.4, -1.2, 0.04),
                       capsule(5.0, -1.3, 5.4, -1.2, 0.04), circle(1.8, -2.2, 0.12),
                       circle(4.2, -2.2, 0.12), ground(0.0, -6.0, 0.0)};
        return s;
    }
    if (name == "table") {
        // A 5 m tablecloth lands on a 3 m box table; friction 0.6 holds it there, its ends
        // hang over the edges.
        Scene s = fallingCloth(50, 40, 5.0, 4.0);
        s.settings.friction = 0.6;
        s.obstacles = {box(2.5, -4.6, 3.0, 0.2, 0.0), box(1.2, -5.7, 0.2, 2.0, 0.0),
                       box(3.8, -5.7, 0.2, 2.0, 0.0), ground(0.0, -6.7, 0.0)};
        return s;
    }
    if (name == "slope") {
        // A cloth lands on a ground tilted by -20 degrees with friction 0.2 < tan 20 = 0.36:
        // it slides down to the right (with 0.5 it would stay).
        Scene s = fallingCloth(40, 30, 4.0, 3.0);
        s.settings.friction = 0.2;
        s.obstacles = {ground(0.0, -3.6, -20.0)};
        return s;
    }
    if (name == "bar") {
        // A cloth drapes over a tilted static bar and slides off its low end onto the ground.
        // (A bar that sweeps the cloth needs scripted motion: `STEP move-obstacle` lines.)
        Scene s = fallingCloth(40, 30, 4.0, 3.0);
        s.settings.friction = 0.1;
        s.obstacles = {capsule(0.5, -4.0, 3.5, -4.8, 0.08), ground(0.0, -8.0, 0.0)};
        return s;
    }
    if (name == "hammock") {
        // A 4 m strip (40 x 2 particles, 2 kg/m^2) hung by its top corners, elastic (XPBD,
        // 5000 N/m per constraint) so that it sags, catches a 2 kg ball dropped from 1.2 m
        // above it; damping brings the ball to rest about 0.4 m down (a heavier one sags it
        // further).
        Scene s = sizedCloth(40, 2, 4.0, 0.08);
        s.settings.density = 2.0;
        s.settings.stiffness = 5000.0;
        s.settings.substeps = 8;
        s.settings.iterations = 4;
        s.settings.damping = 2.0;
        s.settings.thickness = 0.02;
        s.settings.friction = 0.5;
        s.obstacles = {ground(0.0, -4.0, 0.0)};
        Ball ball;
        ball.position = {2.0, 1.5};
        ball.radius = 0.3;
        ball.mass = 2.0;
        ball.start = ball.position;
        s.balls = {ball};
        return s; // the fixed corners: the default two
    }
    if (name == "sweep") {
        // A 4 m strip falls onto the ground and a bar moving right at 0.5 m/s (a capsule with
        // a scripted velocity, stepped by the core) sweeps it along, bunching it up; friction
        // 0.5 with the ground holds the far end back.
        Scene s = fallingCloth(60, 2, 4.0, 0.08);
        s.settings.thickness = 0.04;
        s.settings.friction = 0.5;
        Obstacle bar = capsule(-0.5, -1.5, -0.5, 0.5, 0.1);
        bar.velocity = {0.5, 0.0};
        s.obstacles = {ground(0.0, -1.0, 0.0), bar};
        return s;
    }
    if (name == "drop") {
        // A 3 m cloth of 60 x 60 particles (5 cm apart) seen face-on, dropped 1 m onto a
        // ground tilted by -10 degrees. In its plane a cloth is a stiff membrane: it lands on
        // its lower corner, which curls under it for a moment (self-collision keeps that layer
        // a thickness, 4 cm, off the cloth above it), then slides and comes to rest on its
        // edge. The self-collision tests' 60 x 60 drop; `heap` shows a cloth that piles up.
        Scene s = fallingCloth(60, 60, 3.0, 3.0);
        s.settings.thickness = 0.04;
        s.settings.friction = 0.3;
        s.settings.selfCollision = true;
        s.obstacles = {ground(0.0, -4.0, -10.0)};
        return s;
    }
    if (name == "heap") {
        // A 4 m cloth seen edge-on, hanging straight down (one particle across: its
        // cross-section, which bends freely; 100 particles 4.04 cm apart), dropped 0.5 m onto
        // a ground tilted by -5 degrees: its lower end lands first, the rest folds down onto
        // it and it settles in a heap of folds (about 25 cm high) that self-collision keeps a
        // thickness (3 cm) apart. 10 iterations keep it from stretching under the heap's
        // weight; with friction 0.6 the folds could stand as a column of stacked discs.
        Scene s = fallingCloth(1, 100, 0.0, 4.0);
        s.settings.iterations = 10;
        s.settings.thickness = 0.03;
        s.settings.friction = 0.3;
        s.settings.selfCollision = true;
        s.obstacles = {ground(0.0, -4.5, -5.0)};
        return s;
    }
    if (name == "flag") {
        // A 3 m flag of light cloth (0.2 kg/m^2) seen edge-on, as the curtain (40 x 2
        // particles, 6 cm deep), pinned along its left edge to the pole, in an 8 m/s wind from
        // the left gusting by up to 60%: without wind it hangs down the pole; the wind lifts
        // it out downwind, and the gusts keep it flapping up and down.
        Scene s = sizedCloth(40, 2, 3.0, 0.06);
        s.settings.density = 0.2;
        s.settings.substeps = 4;
        s.settings.damping = 0.3;
        s.settings.airDrag = 0.04;
        s.settings.windX = 8.0;
        s.settings.gusts = 0.6;
        s.pinned = std::vector<Index>{0, 40};
        return s;
    }
    return std::nullopt;
}

} // namespace pbd
