#pragma once
// The checks of an obstacle's values that the 2D and 3D shapes share: coordinates, sizes,
// angles and speeds, each refused with a message naming the field, the value and what is
// allowed. Private to the core.

#include <cmath>
#include <optional>
#include <string>

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

} // namespace pbd::detail
