#include "pbd/settings.h"

#include <algorithm>

#include "files/input_text.h"
#include "pbd/cloth.h"
#include "pbd/settings_table.h"

namespace pbd {
namespace {

/// A cloth size (clothWidth or clothHeight) against the particles that span it: a size needs
/// two particles or more, and a spacing of at least kMinClothSpacing.
std::optional<SettingsError> checkSize(const char* field, double size, const char* sideField,
                                       int particles)
{
    if (size == 0.0)
        return std::nullopt;
    const std::string said = std::string(field) + " = " + formatNumber(size) +
                             " m is not allowed with " + sideField + " = " +
                             std::to_string(particles);
    if (particles < 2)
        return SettingsError{field, said + " (a size needs two particles or more to span "
                                           "it); allowed: " + field + " 0 (the page's 0.2 m "
                                           "spacing), or " + sideField + " from 2"};
    const double smallest = kMinClothSpacing * (particles - 1);
    if (size < smallest)
        return SettingsError{field, said + " (a spacing of " +
                                        formatNumber(size / (particles - 1)) + " m); allowed: 0 "
                                        "or from " + formatNumber(smallest) + " to " +
                                        formatNumber(kMaxClothSize) + " m with " + sideField +
                                        " = " + std::to_string(particles) + " (at least " +
                                        formatNumber(kMinClothSpacing) + " m per particle)"};
    return std::nullopt;
}

/// The density against the particles' masses it gives: every one within kMinMass to kMaxMass.
std::optional<SettingsError> checkDensity(const Settings& s)
{
    if (s.density == 0.0)
        return std::nullopt;
    const ClothRestLengths rest = clothRestLengths(s);
    // The smallest and largest share of a particle along one direction (clothParticleMasses).
    auto smallest = [](int n, double spacing) { return n == 1 ? spacing : 0.5 * spacing; };
    auto largest = [](int n, double spacing) { return n == 2 ? 0.5 * spacing : spacing; };
    const double minArea = smallest(s.width, rest.horizontal) * smallest(s.height, rest.vertical);
    const double maxArea = largest(s.width, rest.horizontal) * largest(s.height, rest.vertical);
    const double lightest = s.density * minArea;
    const double heaviest = s.density * maxArea;
    if (lightest >= kMinMass && heaviest <= kMaxMass)
        return std::nullopt;
    const double lo = kMinMass / minArea;
    const double hi = std::min(kMaxDensity, kMaxMass / maxArea);
    return SettingsError{"density",
                         "density = " + formatNumber(s.density) + " kg/m^2 is not allowed for "
                         "this cloth: it gives particles of " +
                         formatNumber(lightest < kMinMass ? lightest : heaviest) +
                         " kg; allowed: 0, or from " + formatNumber(lo) + " to " +
                         formatNumber(hi) + " kg/m^2 (particle masses from " +
                         formatNumber(kMinMass) + " to " + formatNumber(kMaxMass) + " kg)"};
}

/// Self-collision against the thickness and the cloth: 0 < thickness <= the smallest rest
/// length, so that particles joined by a constraint never count as colliding at rest.
std::optional<SettingsError> checkSelfCollision(const Settings& s)
{
    if (!s.selfCollision)
        return std::nullopt;
    const double limit = selfCollisionThicknessLimit(s);
    if (s.thickness > 0.0 && s.thickness <= limit)
        return std::nullopt;
    return SettingsError{"selfCollision",
                         "selfCollision = on is not allowed with thickness = " +
                             formatNumber(s.thickness) + " m; allowed: selfCollision off, or "
                             "thickness above 0 and at most " + formatNumber(limit) +
                             " m (the cloth's smallest rest length)"};
}

/// What only one of the two spaces has: a 3D cloth's orientation and wind across the plane,
/// the plane's area constraints.
std::optional<SettingsError> checkSpace(const Settings& s)
{
    const std::string dims = "dimensions = " + std::to_string(s.dimensions);
    if (s.dimensions == 2) {
        if (s.orientation != Orientation::Vertical)
            return SettingsError{"orientation",
                                 "orientation = " + std::string(orientationName(s.orientation)) +
                                     " is not allowed with " + dims +
                                     "; allowed: orientation vertical, or dimensions 3"};
        if (s.windZ != 0.0)
            return SettingsError{"windZ", "windZ = " + formatNumber(s.windZ) +
                                              " m/s is not allowed with " + dims +
                                              "; allowed: windZ 0, or dimensions 3"};
        if (s.bending != 0.0)
            return SettingsError{"bending", "bending = " + formatNumber(s.bending) +
                                                " N m is not allowed with " + dims +
                                                " (a cloth in its plane cannot bend out of "
                                                "it); allowed: bending 0, or dimensions 3"};
        return std::nullopt;
    }
    if (s.areaStiffness != 0.0)
        return SettingsError{"areaStiffness",
                             "areaStiffness = " + formatNumber(s.areaStiffness) +
                                 " N/m is not allowed with " + dims +
                                 " (a signed area unfolds cells flipped in the plane); allowed: "
                                 "areaStiffness 0, or dimensions 2"};
    return std::nullopt; // the GPU solver steps every 3D phase (self-collision too)
}

/// Bending acts on the cloth's triangles: a cloth one particle wide or tall has none.
std::optional<SettingsError> checkBending(const Settings& s)
{
    if (s.bending == 0.0 || (s.width >= 2 && s.height >= 2))
        return std::nullopt;
    const bool narrow = s.width < 2;
    const std::string side = narrow ? "width" : "height";
    return SettingsError{"bending",
                         "bending = " + formatNumber(s.bending) + " N m is not allowed with " +
                             side + " = " + std::to_string(narrow ? s.width : s.height) +
                             " (a cloth one particle " + (narrow ? "wide" : "tall") +
                             " has no triangles to bend); allowed: bending 0, or width and "
                             "height from 2"};
}

} // namespace

double selfCollisionThicknessLimit(const Settings& settings)
{
    const ClothRestLengths rest = clothRestLengths(settings);
    return std::min(rest.horizontal, rest.vertical);
}

std::string allowedValues(const std::string& field)
{
    const SettingField* f = findSettingField(field);
    return f ? allowedValues(*f) : std::string();
}

std::optional<SettingsError> validate(const Settings& s)
{
    for (const SettingField& f : settingFields()) {
        const double value = f.get(s);
        // The GPU solver takes cloths up to kMaxGpuClothSide a side.
        const std::string_view name = f.name;
        if (s.solver == Solver::Gpu && (name == "width" || name == "height")) {
            if (value >= 1 && value <= kMaxGpuClothSide)
                continue;
            return SettingsError{f.name, std::string(f.name) + " = " + formatNumber(value) +
                                             " is not allowed; allowed: a whole number from 1 "
                                             "to " + std::to_string(kMaxGpuClothSide) +
                                             " particles with the gpu solver"};
        }
        if (!allowedValue(f, value))
            return SettingsError{f.name, std::string(f.name) + " = " + formatNumber(value) +
                                             " is not allowed; " + allowedValues(f)};
    }
    // Then what the size and density mean together with the particle counts.
    if (auto e = checkSize("clothWidth", s.clothWidth, "width", s.width))
        return e;
    if (auto e = checkSize("clothHeight", s.clothHeight, "height", s.height))
        return e;
    if (auto e = checkDensity(s))
        return e;
    if (auto e = checkSpace(s))
        return e;
    if (auto e = checkBending(s))
        return e;
    return checkSelfCollision(s);
}

bool sameCloth(const Settings& a, const Settings& b)
{
    return a.width == b.width && a.height == b.height && a.fixedCount == b.fixedCount &&
           a.clothWidth == b.clothWidth && a.clothHeight == b.clothHeight &&
           a.dimensions == b.dimensions && a.orientation == b.orientation;
}

} // namespace pbd
