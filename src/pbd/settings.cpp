#include "pbd/settings.h"

#include <cmath>
#include <charconv>

namespace pbd {
namespace {

/// Shortest text that reads back as the same double ("0.005", "1e-06", "nan").
std::string formatNumber(double value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

/// One row per field: what validate() checks and what messages say.
struct FieldLimits {
    const char* name;
    bool whole;
    double lo;
    double hi;
    const char* unit;
};

constexpr FieldLimits kLimits[] = {
    {"width", true, 1, kMaxClothSide, "particles"},
    {"height", true, 1, kMaxClothSide, "particles"},
    {"fixedCount", true, 1, 4, ""},
    {"timeStep", false, kMinTimeStep, kMaxTimeStep, "s"},
    {"iterations", true, 0, kMaxIterations, ""},
    {"gravity", false, -kMaxGravity, kMaxGravity, "m/s^2"},
    {"mass", false, kMinMass, kMaxMass, "kg"},
    {"solver", true, 0, 2, ""},
    {"threads", true, 0, kMaxThreads, ""},
    {"stiffness", false, 0, kMaxStiffness, "N/m"},
    {"substeps", true, 1, kMaxSubsteps, ""},
    {"damping", false, 0, kMaxDamping, "1/s"},
    {"areaStiffness", false, 0, kMaxAreaStiffness, "N/m"},
    {"gpuPrecision", true, 0, 1, ""},
};

const FieldLimits* findLimits(const std::string& field)
{
    for (const FieldLimits& limits : kLimits)
        if (field == limits.name)
            return &limits;
    return nullptr;
}

std::string describe(const FieldLimits& f)
{
    if (std::string(f.name) == "fixedCount")
        return "allowed: 1, 2 or 4";
    if (std::string(f.name) == "solver")
        return "allowed: sequential (0), colored (1) or gpu (2)";
    if (std::string(f.name) == "gpuPrecision")
        return "allowed: float (0) or double (1)";
    if (std::string(f.name) == "threads")
        return "allowed: a whole number from 0 to " + std::to_string(kMaxThreads) +
               " (0: one per core)";
    std::string text = std::string("allowed: ") + (f.whole ? "a whole number" : "a finite number") +
                       " from " + formatNumber(f.lo) + " to " + formatNumber(f.hi);
    if (*f.unit)
        text += std::string(" ") + f.unit;
    return text;
}

std::optional<SettingsError> check(const char* field, double value)
{
    const FieldLimits& f = *findLimits(field);
    bool ok = std::isfinite(value) && value >= f.lo && value <= f.hi;
    if (std::string(field) == "fixedCount")
        ok = value == 1 || value == 2 || value == 4;
    if (ok)
        return std::nullopt;
    return SettingsError{field, std::string(field) + " = " + formatNumber(value) +
                                    " is not allowed; " + describe(f)};
}

} // namespace

std::string allowedValues(const std::string& field)
{
    const FieldLimits* limits = findLimits(field);
    return limits ? describe(*limits) : std::string();
}

std::optional<SettingsError> validate(const Settings& s)
{
    const std::pair<const char*, double> values[] = {
        {"width", s.width},       {"height", s.height},         {"fixedCount", s.fixedCount},
        {"timeStep", s.timeStep}, {"iterations", s.iterations}, {"gravity", s.gravity},
        {"mass", s.mass},         {"solver", static_cast<int>(s.solver)},
        {"threads", s.threads},   {"stiffness", s.stiffness},   {"substeps", s.substeps},
        {"damping", s.damping},   {"areaStiffness", s.areaStiffness},
        {"gpuPrecision", static_cast<int>(s.gpuPrecision)},
    };
    for (const auto& [field, value] : values) {
        // The GPU solver takes cloths up to kMaxGpuClothSide a side.
        const std::string name = field;
        if (s.solver == Solver::Gpu && (name == "width" || name == "height")) {
            if (value >= 1 && value <= kMaxGpuClothSide)
                continue;
            return SettingsError{name, name + " = " + formatNumber(value) +
                                           " is not allowed; allowed: a whole number from 1 to " +
                                           std::to_string(kMaxGpuClothSide) +
                                           " particles with the gpu solver"};
        }
        if (auto error = check(field, value))
            return error;
    }
    return std::nullopt;
}

const char* solverName(Solver solver)
{
    switch (solver) {
    case Solver::Colored:
        return "colored";
    case Solver::Gpu:
        return "gpu";
    default:
        return "sequential";
    }
}

const char* gpuPrecisionName(GpuPrecision precision)
{
    return precision == GpuPrecision::Double ? "double" : "float";
}

std::optional<GpuPrecision> gpuPrecisionFromName(std::string_view name)
{
    if (name == "float")
        return GpuPrecision::Float;
    if (name == "double")
        return GpuPrecision::Double;
    return std::nullopt;
}

std::optional<Solver> solverFromName(std::string_view name)
{
    if (name == "sequential")
        return Solver::Sequential;
    if (name == "colored")
        return Solver::Colored;
    if (name == "gpu")
        return Solver::Gpu;
    return std::nullopt;
}

bool sameCloth(const Settings& a, const Settings& b)
{
    return a.width == b.width && a.height == b.height && a.fixedCount == b.fixedCount;
}

} // namespace pbd
