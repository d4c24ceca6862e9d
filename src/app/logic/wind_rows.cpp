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
    return row == WindRow::Speed ? speed : direction;
}

const char* name(WindRow row) { return row == WindRow::Speed ? "Wind speed" : "Wind direction"; }

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

glm::dvec2 WindRows::polar(const Settings& settings) const
{
    const glm::dvec2 wind(settings.windX, settings.windY);
    if (wind == components_)
        return typed_;
    const double speed = std::hypot(wind.x, wind.y);
    if (speed == 0.0) // calm: no direction of its own, keep the last one
        return {0.0, typed_.y};
    return {speed, std::atan2(wind.y, wind.x) * 180.0 / std::numbers::pi};
}

std::string WindRows::text(const Settings& settings, WindRow row) const
{
    const glm::dvec2 wind(settings.windX, settings.windY);
    const double value = polar(settings)[static_cast<int>(index(row))];
    if (wind == components_) // as committed: the shortest text of the value
        return formatNumber(value);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

bool WindRows::store(Settings& settings, std::string& error, glm::dvec2 speedDegrees)
{
    Settings candidate = settings;
    const glm::dvec2 wind = windComponents(speedDegrees.x, speedDegrees.y);
    candidate.windX = wind.x;
    candidate.windY = wind.y;
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
    glm::dvec2 speedDegrees = polar(settings);
    speedDegrees[static_cast<int>(index(row))] = value;
    return store(settings, error, speedDegrees);
}

bool WindRows::step(Settings& settings, WindRow row, int direction)
{
    if (direction == 0)
        return false;
    const auto k = static_cast<int>(index(row));
    glm::dvec2 speedDegrees = polar(settings);
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

std::string WindRows::tooltip(WindRow row)
{
    std::string allowed = allowedValues(rule(row));
    allowed[0] = 'A';
    const char* help =
        row == WindRow::Speed
            ? "The wind's speed in m/s, blowing towards Wind direction. It moves the cloth only "
              "with an Air drag above 0; the canvas's top-right corner shows it as an arrow. "
              "Sets Wind x and Wind y (the saved settings, --wind-x and --wind-y)."
            : "The direction the wind blows towards, in degrees counter-clockwise from +x: 0 "
              "blows right (+x), 90 up (+y), 180 left, -90 down. Sets Wind x = speed cos and "
              "Wind y = speed sin (the saved settings, --wind-x and --wind-y); a calm wind "
              "keeps it for the next speed.";
    return std::string(help) + " " + allowed + ".";
}

} // namespace pbd::app
