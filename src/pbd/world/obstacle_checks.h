#pragma once
// What reading and checking an obstacle's values share in 2D and 3D: a spec's values split
// at commas, and the checks of coordinates, sizes, angles and speeds, each refused with a
// message naming the field, the value and what is allowed. Private to the core.

#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "files/input_text.h"
#include "pbd/obstacle.h"

namespace pbd::detail {

inline std::optional<std::string> checkCoordinate(const char* field, double value)
{
    if (std::isfinite(value) && std::abs(value) <= kMaxObstacleCoordinate)
        return std::nullopt;
    return std::string(field) + " " + formatNumber(value) +
           " is not allowed; allowed: a finite number from -" +
           formatNumber(kMaxObstacleCoordinate) + " to " + formatNumber(kMaxObstacleCoordinate) +
           " m";
}

inline std::optional<std::string> checkSize(const char* field, double value)
{
    if (std::isfinite(value) && value > 0.0 && value <= kMaxObstacleSize)
        return std::nullopt;
    return std::string(field) + " " + formatNumber(value) +
           " is not allowed; allowed: a number more than 0 up to " +
           formatNumber(kMaxObstacleSize) + " m";
}

inline std::optional<std::string> checkAngle(double value, const char* field = "angle")
{
    if (std::isfinite(value) && std::abs(value) <= kMaxObstacleAngle)
        return std::nullopt;
    return std::string(field) + " " + formatNumber(value) + " is not allowed; allowed: a finite number from -" +
           formatNumber(kMaxObstacleAngle) + " to " + formatNumber(kMaxObstacleAngle) +
           " degrees";
}

inline std::optional<std::string> checkSpeed(const char* field, double value)
{
    if (std::isfinite(value) && std::abs(value) <= kMaxObstacleSpeed)
        return std::nullopt;
    return std::string(field) + " " + formatNumber(value) +
           " is not allowed; allowed: a finite number from -" + formatNumber(kMaxObstacleSpeed) +
           " to " + formatNumber(kMaxObstacleSpeed) + " m/s";
}

/// A spec's values after the colon, split at commas.
inline std::vector<std::string_view> splitValues(std::string_view text)
{
    std::vector<std::string_view> values;
    while (true) {
        const std::size_t comma = text.find(',');
        values.push_back(text.substr(0, comma));
        if (comma == std::string_view::npos)
            return values;
        text = text.substr(comma + 1);
    }
}

} // namespace pbd::detail
