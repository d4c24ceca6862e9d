#include "logic/wind_rows.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "files/input_text.h"
#include "logic/panel_model.h"
#include "pbd/table_row.h"

namespace pbd::app {
namespace {

const ValueRule& rule(WindRow row)
{
    static const ValueRule speed = real(0.0, kMaxWind, "m/s");
    static const ValueRule direction = real(-WindRows::kMaxDegrees, WindRows::kMaxDegrees,
                                            "degrees");
    static const ValueRule elevation = real(-WindRows::kMaxElevation, WindRows::kMaxElevation,
                                            "degrees");
    return row == WindRow::Speed ? speed : row == WindRow::Direction ? direction : elevation;
}

const char* name(WindRow row)
{
    return row == WindRow::Speed       ? "Wind speed"
           : row == WindRow::Direction ? "Wind direction"
                                       : "Wind elevation";
}

/// Degrees of the angle of (x, y), as atan2.
double degreesOf(double y, double x) { return std::atan2(y, x) * 180.0 / std::numbers::pi; }

/// The wind's components in `settings`: z only in 3D.
glm::dvec3 windOf(const Settings& s)
{
    return {s.windX, s.windY, s.dimensions == 3 ? s.windZ : 0.0};
}

} // namespace

glm::dvec2 windComponents(double speed, double degrees)
{
    if (speed == 0.0) // calm, whatever the direction (not -0 towards 180 degrees)
        return {0.0, 0.0};
    // Whole quarter turns exactly: cos(pi / 2) in doubles is 6e-17, not 0, which would leave
    // a wind "straight up" with a sideways component.
    if (std::fmod(degrees, 90.0) == 0.0) {
        static constexpr double kCos[4] = {1.0, 0.0, -1.0, 0.0};
        static constexpr double kSin[4] = {0.0, 1.0, 0.0, -1.0};
        const auto quarter = static_cast<long long>(degrees / 90.0);
        const auto k = static_cast<std::size_t>(((quarter % 4) + 4) % 4);
        return {speed * kCos[k], speed * kSin[k]};
    }
    const double radians = degrees * std::numbers::pi / 180.0;
    return {speed * std::cos(radians), speed * std::sin(radians)};
}

glm::dvec3 windComponents3(double speed, double direction, double elevation)
{
    const glm::dvec2 upright = windComponents(speed, elevation);        // along, up
    const glm::dvec2 level = windComponents(upright.x, direction);       // x, -z
    return {level.x, upright.y, level.y == 0.0 ? 0.0 : -level.y};      // never -0
}

glm::dvec3 WindRows::polar(const Settings& settings) const
{
    const glm::dvec3 wind = windOf(settings);
    if (wind == components_)
        return typed_;
    if (settings.dimensions != 3) { // the plane's wind: its direction in the x-y plane
        const double speed = std::hypot(wind.x, wind.y);
        if (speed == 0.0) // calm: no direction of its own, keep the last one
            return {0.0, typed_.y, typed_.z};
        return {speed, degreesOf(wind.y, wind.x), typed_.z};
    }
    const double level = std::hypot(wind.x, wind.z);
    const double speed = std::hypot(level, wind.y);
    if (speed == 0.0)
        return {0.0, typed_.y, typed_.z};
    // Straight up or down: no direction of its own, keep the last one.
    return {speed, level == 0.0 ? typed_.y : degreesOf(-wind.z, wind.x),
            degreesOf(wind.y, level)};
}

std::string WindRows::text(const Settings& settings, WindRow row) const
{
    const glm::dvec3 wind = windOf(settings);
    const double value = polar(settings)[static_cast<int>(index(row))];
    if (wind == components_) // as committed: the shortest text of the value
        return formatNumber(value);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

bool WindRows::store(Settings& settings, std::string& error, glm::dvec3 speedDegrees)
{
    Settings candidate = settings;
    const bool space = settings.dimensions == 3;
    const glm::dvec3 wind =
        space ? windComponents3(speedDegrees.x, speedDegrees.y, speedDegrees.z)
              : glm::dvec3(windComponents(speedDegrees.x, speedDegrees.y), 0.0);
    candidate.windX = wind.x;
    candidate.windY = wind.y;
    if (space)
        candidate.windZ = wind.z;
    if (const auto problem = validate(candidate)) { // another field already invalid
        error = problem->message;
        return false;
    }
    error.clear();
    typed_ = speedDegrees;
    components_ = wind;
    const bool changed = candidate != settings;
    settings = candidate;
    return changed;
}

bool WindRows::commit(Settings& settings, WindRow row, std::string_view text)
{
    std::string& error = errors_[index(row)];
    if (trimSpaces(text) == this->text(settings, row)) { // confirmed unedited: leave the bits alone
        error.clear();
        return false;
    }
    double value = 0.0;
    if (auto refused = parseNumberRow(rule(row), name(row), text, value)) {
        error = *refused;
        return false;
    }
    glm::dvec3 speedDegrees = polar(settings);
    speedDegrees[static_cast<int>(index(row))] = value;
    return store(settings, error, speedDegrees);
}

bool WindRows::step(Settings& settings, WindRow row, int direction)
{
    if (direction == 0)
        return false;
    const auto k = static_cast<int>(index(row));
    glm::dvec3 speedDegrees = polar(settings);
    const double step = row == WindRow::Speed ? kSpeedStep : kDirectionStep;
    const double next = std::round((speedDegrees[k] + (direction > 0 ? step : -step)) * 1e6) / 1e6;
    const double clamped = std::clamp(next, rule(row).lo, rule(row).hi);
    if (clamped == speedDegrees[k])
        return false;
    speedDegrees[k] = clamped;
    return store(settings, errors_[index(row)], speedDegrees);
}

std::string WindRows::label(WindRow row)
{
    return std::string(name(row)) + (row == WindRow::Speed ? " (m/s)" : " (\u00B0)");
}

std::string WindRows::id(WindRow row)
{
    return row == WindRow::Speed       ? "wind-speed"
           : row == WindRow::Direction ? "wind-direction"
                                       : "wind-elevation";
}

std::string WindRows::tooltip(WindRow row)
{
    std::string allowed = allowedValues(rule(row));
    allowed[0] = 'A';
    const char* help =
        row == WindRow::Speed
            ? "The wind's speed in m/s, blowing towards Wind direction. It moves the cloth only "
              "with an Air drag above 0; the canvas's top-right corner shows it as an arrow. "
              "Sets Wind x and Wind y (the saved settings, --wind-x and --wind-y)."
        : row == WindRow::Direction
            ? "The direction the wind blows towards, in degrees counter-clockwise from +x: 0 "
              "blows right (+x), 90 up (+y), 180 left, -90 down. Sets Wind x = speed cos and "
              "Wind y = speed sin (the saved settings, --wind-x and --wind-y); a calm wind "
              "keeps it for the next speed. In 3D: the direction in the horizontal x-z plane, "
              "counter-clockwise seen from above: 0 towards +x, 90 towards -z (away from the "
              "start's view), -90 towards +z; Wind elevation tilts it."
            : "3D: how far the wind blows above the horizontal x-z plane, in degrees: 0 level, "
              "90 straight up, -90 straight down. With Wind speed s, Wind direction d and "
              "elevation e: Wind x = s cos e cos d, Wind y = s sin e, Wind z = -s cos e sin d "
              "(--wind-x, --wind-y, --wind-z).";
    return std::string(help) + " " + allowed + ".";
}

} // namespace pbd::app
