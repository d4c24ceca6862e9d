// The World section's edits of a 3D cloth (Session3::world): the 3D shapes added at the
// view's target as their `--obstacle` specs read back, so that a recording's `obstacle` line
// and pbd-sim give the same obstacle and refuse what pbd-sim refuses, with its message; and
// the world cleared. Each is a command through the history, as in 2D (world_edits.cpp).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "logic/session3.h"
#include "logic/world_edits.h"
#include "pbd/obstacle3.h"

namespace pbd::app {
namespace {

/// `v` rounded to the centimetre: a short spec, a short `obstacle` line.
double centimetre(double v) { return std::round(v * 100.0) / 100.0; }

/// The spec of a new 3D obstacle of the shape a World button asks, centred on `at` (a
/// ground: the plane through `at`'s height), of the 2D buttons' sizes.
std::string newSpec3(const char* shape, glm::dvec3 at)
{
    char spec[200];
    const double x = centimetre(at.x), y = centimetre(at.y), z = centimetre(at.z);
    const std::string name(shape);
    if (name == "sphere")
        std::snprintf(spec, sizeof spec, "sphere:%.17g,%.17g,%.17g,%.17g", x, y, z,
                      kNewCircleRadius);
    else if (name == "box") // the 2D box's width and height, as deep as wide
        std::snprintf(spec, sizeof spec, "box:%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", x, y, z,
                      kNewBoxWidth, kNewBoxHeight, kNewBoxWidth);
    else if (name == "capsule") // along x, as the 2D capsule
        std::snprintf(spec, sizeof spec, "capsule:%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g",
                      x - 0.5 * kNewCapsuleLength, y, z, x + 0.5 * kNewCapsuleLength, y, z,
                      kNewCapsuleRadius);
    else
        std::snprintf(spec, sizeof spec, "ground:%.17g", y);
    return spec;
}

} // namespace

std::vector<std::string> Session3::world(const WorldActions& actions)
{
    std::vector<std::string> said;
    const IssueCommandOf<3> issuer = [this](const Command3& c) { return issue(c); };
    if (actions.removeSelected) {
        if (const std::optional<WorldItem> item = selected())
            removeWorldItem<3>(*item, issuer);
        selected_.reset();
    }
    if (actions.clear) {
        clearWorld(simulation_, issuer);
        selected_.reset();
    }
    const glm::dvec3 target = camera_.target();
    // A ground goes under the cloth (a cloth inside a solid is pushed out at once): at the
    // target's height when that is below the cloth, else half a metre under its lowest point.
    const glm::dvec3 below(target.x, std::min(target.y, clothBox().min.y - 0.5), target.z);
    const std::pair<bool, const char*> shapes[] = {{actions.addCircle, "sphere"},
                                                   {actions.addBox, "box"},
                                                   {actions.addCapsule, "capsule"},
                                                   {actions.addGround, "ground"}};
    for (const auto& [asked, shape] : shapes) {
        if (!asked)
            continue;
        const std::string spec = newSpec3(shape, std::string(shape) == "ground" ? below : target);
        std::string error;
        const std::optional<Obstacle3> obstacle = parseObstacle3Spec(spec, error);
        if (!obstacle) { // pbd-sim's refusal of the same spec (a target far out of range)
            said.push_back("--obstacle " + spec + ": " + error);
            continue;
        }
        if (auto refused = issue(AddObstacleCommandOf<3>{*obstacle})) {
            said.push_back(refused->message);
        } else {
            said.push_back("added obstacle " + formatObstacleSpec(simulation_.obstacles().back()));
            if (std::string(shape) != "ground") // (a click never selects a ground either)
                selected_ =
                    WorldItem{WorldItem::Kind::Obstacle, simulation_.obstacles().size() - 1};
        }
    }
    return said;
}

} // namespace pbd::app
