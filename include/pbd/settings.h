#pragma once
/// \file
/// Simulation settings with the page's defaults, their documented limits, and the one
/// function that validates them.

#include <optional>
#include <string>

namespace pbd {

/// Largest cloth side in particles. 2048 x 2048 is 4.2 million particles and 16.8 million
/// constraints: about 0.5 GiB in double precision, well within a few GiB.
inline constexpr int kMaxClothSide = 2048;
/// Largest number of Gauss-Seidel sweeps per step.
inline constexpr int kMaxIterations = 1000;
/// Smallest and largest time step in seconds.
inline constexpr double kMinTimeStep = 1e-6;
inline constexpr double kMaxTimeStep = 1.0;
/// Largest magnitude of the gravitational acceleration in m/s^2.
inline constexpr double kMaxGravity = 1e4;
/// Smallest and largest particle mass in kg.
inline constexpr double kMinMass = 1e-6;
inline constexpr double kMaxMass = 1e6;

/// Everything that defines a run. Defaults are the page's.
/// width, height and fixedCount define the cloth (changing them rebuilds it);
/// timeStep, iterations, gravity and mass apply between steps.
struct Settings {
    int width = 40;          ///< particles per row, 1 to kMaxClothSide
    int height = 30;         ///< particles per column, 1 to kMaxClothSide
    int fixedCount = 2;      ///< fixed corners: 1, 2 or 4
    double timeStep = 0.005; ///< seconds per step, kMinTimeStep to kMaxTimeStep
    int iterations = 2;      ///< Gauss-Seidel sweeps per step, 0 to kMaxIterations
    double gravity = -9.81;  ///< acceleration along y in m/s^2, -kMaxGravity to kMaxGravity
    double mass = 0.5;       ///< mass of every particle in kg, kMinMass to kMaxMass

    bool operator==(const Settings&) const = default;
};

/// Why a settings value was refused.
struct SettingsError {
    std::string field;   ///< the field's name as in Settings, e.g. "width"
    std::string message; ///< names the field, the value and the allowed range
};

/// Checks every field; returns the first violation, or nothing when all are valid.
std::optional<SettingsError> validate(const Settings& settings);

/// The allowed values of a field, e.g. "allowed: a whole number from 1 to 2048", for
/// messages about values that could not even be read. Empty for an unknown field.
std::string allowedValues(const std::string& field);

/// True when `a` and `b` describe the same cloth (width, height, fixed count).
bool sameCloth(const Settings& a, const Settings& b);

} // namespace pbd
