#include "pbd/settings_table.h"

#include <cmath>

#include "input_text.h"

namespace pbd {
namespace {

bool oneTwoOrFour(double value) { return value == 1 || value == 2 || value == 4; }

// Accessors: one pair per member, so that the table can read and write Settings by row.
#define PBD_WHOLE(member)                                                                   \
    [](const Settings& s) { return static_cast<double>(s.member); },                       \
        [](Settings& s, double v) { s.member = static_cast<int>(v); }
#define PBD_REAL(member)                                                                    \
    [](const Settings& s) { return s.member; }, [](Settings& s, double v) { s.member = v; }

constexpr SettingField kFields[] = {
    {"width", "--width", "Width", "", "particles", true, 1, kMaxClothSide, 1, nullptr, nullptr,
     "particles per row",
     "Particles per row of the cloth. Committing a new width restarts the cloth.",
     PanelSection::Page, true, false, PBD_WHOLE(width)},
    {"height", "--height", "Height", "", "particles", true, 1, kMaxClothSide, 1, nullptr, nullptr,
     "particles per column",
     "Particles per column of the cloth. Committing a new height restarts the cloth.",
     PanelSection::Page, true, false, PBD_WHOLE(height)},
    {"fixedCount", "--fixed", "# fixed particles", "", "", true, 1, 4, 1, "allowed: 1, 2 or 4",
     oneTwoOrFour, "fixed corners",
     "How many corners are pinned: 1 (top left), 2 (both top corners) or 4 (all corners). "
     "Changing it restarts the cloth.",
     PanelSection::Page, true, false, PBD_WHOLE(fixedCount)},
    {"timeStep", "--dt", "Time step size", "s", "s", false, kMinTimeStep, kMaxTimeStep, 0.001,
     nullptr, nullptr, "time step in s",
     "Simulated seconds per step (eight steps per frame when stepping as the page does). "
     "Smaller steps give a stiffer, more accurate cloth but slow the motion down. Applies at "
     "once.",
     PanelSection::Page, false, false, PBD_REAL(timeStep)},
    {"iterations", "--iterations", "Iterations", "", "", true, 0, kMaxIterations, 1, nullptr,
     nullptr, "solver iterations per step",
     "Constraint projection sweeps per step. More sweeps make the cloth stiffer and less "
     "stretchy, and each step costs more. Applies at once.",
     PanelSection::Page, false, false, PBD_WHOLE(iterations)},
    {"stiffness", "--stiffness", "Stiffness", "N/m", "N/m", false, 0, kMaxStiffness, 10, nullptr,
     nullptr, "distance-constraint stiffness in N/m, 0 = rigid as in PBD",
     "Stiffness k of every distance constraint (XPBD, compliance 1/k). 0 means infinitely "
     "stiff: the page's PBD, where the stiffness comes from the time step and the iterations. "
     "With k > 0 the cloth stretches like springs of stiffness k, nearly independent of the "
     "iterations. Applies at once.",
     PanelSection::Page, false, true, PBD_REAL(stiffness)},
    {"gravity", "--gravity", "Gravity", "m/s\u00B2", "m/s^2", false, -kMaxGravity, kMaxGravity,
     0.01, nullptr, nullptr, "gravity along y in m/s^2",
     "Acceleration along y in m/s^2; negative values pull the cloth down. Applies at once.",
     PanelSection::Page, false, false, PBD_REAL(gravity)},
    {"mass", "--mass", "Mass", "kg", "kg", false, kMinMass, kMaxMass, 0.01, nullptr, nullptr,
     "particle mass in kg",
     "Mass of every particle in kg. With stiffness 0 (PBD) a uniform mass does not change the "
     "motion: gravity accelerates every mass alike, and each constraint moves its two "
     "particles by the weights w_i/(w_1+w_2) of their inverse masses, so a common mass "
     "cancels. With XPBD (stiffness > 0) the mass matters: the compliance is not scaled by it, "
     "so heavier particles stretch the springs further. Applies at once.",
     PanelSection::Page, false, false, PBD_REAL(mass)},
    {"substeps", "--substeps", "Substeps", "", "", true, 1, kMaxSubsteps, 1, nullptr, nullptr,
     "substeps per step, each of dt / substeps",
     "Substeps per step: each substep predicts, projects and updates the velocities with "
     "dt / substeps (Small Steps, Macklin et al. 2019). More substeps converge far better "
     "than more iterations at the same cost. 1 is the page's step. Applies at once.",
     PanelSection::BeyondPage, false, true, PBD_WHOLE(substeps)},
    {"damping", "--damping", "Damping", "1/s", "1/s", false, 0, kMaxDamping, 0.1, nullptr,
     nullptr, "velocity damping rate in 1/s",
     "Velocity damping rate d: after each substep every moving particle's velocity is scaled "
     "by max(0, 1 - d h), h the substep. 0 (the page) damps nothing. Applies at once.",
     PanelSection::BeyondPage, false, true, PBD_REAL(damping)},
    {"areaStiffness", "--area-stiffness", "Area stiffness", "N/m", "N/m", false, 0,
     kMaxAreaStiffness, 10, nullptr, nullptr,
     "signed-area stiffness of each cell in N/m, 0 = off",
     "Stiffness of a signed-area constraint on each cell's two triangles, which lets a "
     "flipped (folded) cell unfold. 0 (the page) adds none. Applies at once.",
     PanelSection::BeyondPage, false, true, PBD_REAL(areaStiffness)},
    {"tearStrain", "--tear-strain", "Tear at strain", "", "", false, 0, kMaxTearStrain, 0.1,
     nullptr, nullptr, "strain |l - r| / r above which a constraint tears, 0 = never",
     "A distance constraint stretched beyond this strain |l - r| / r after a substep tears: "
     "it is removed until the next restart. 0 (the page) never tears. Applies at once.",
     PanelSection::BeyondPage, false, false, PBD_REAL(tearStrain)},
    {"solver", "--solver", "Solver", "", "", true, 0, 2, 1,
     "allowed: sequential (0), colored (1) or gpu (2)", nullptr,
     "constraint order: sequential (the page's, exact), colored (parallel independent sets) "
     "or gpu (the colored order on OpenGL 4.3 compute shaders)",
     "Order of the constraint projections.", PanelSection::Performance, false, false,
     [](const Settings& s) { return static_cast<double>(static_cast<int>(s.solver)); },
     [](Settings& s, double v) {
         s.solver = v == 2 ? Solver::Gpu : v == 1 ? Solver::Colored : Solver::Sequential;
     }},
    {"threads", "--threads", "Threads", "", "", true, 0, kMaxThreads, 1,
     "allowed: a whole number from 0 to 64 (0: one per core)", nullptr,
     "threads of the colored solver",
     "Threads projecting the constraints of the colored solver; 0 is one per core.",
     PanelSection::Performance, false, false, PBD_WHOLE(threads)},
    {"gpuPrecision", "--gpu-precision", "GPU precision", "", "", true, 0, 1, 1,
     "allowed: float (0) or double (1)", nullptr,
     "arithmetic of the gpu solver: float (default, fastest) or double (the colored CPU "
     "solver's results to rounding)",
     "Arithmetic of the GPU solver: float (fastest) or double (the colored solver's results "
     "to rounding).",
     PanelSection::Performance, false, true,
     [](const Settings& s) { return static_cast<double>(static_cast<int>(s.gpuPrecision)); },
     [](Settings& s, double v) {
         s.gpuPrecision = v == 1 ? GpuPrecision::Double : GpuPrecision::Float;
     }},
};

#undef PBD_WHOLE
#undef PBD_REAL

} // namespace

std::span<const SettingField> settingFields() { return kFields; }

const SettingField* findSettingField(std::string_view name)
{
    for (const SettingField& field : kFields)
        if (name == field.name)
            return &field;
    return nullptr;
}

bool allowedValue(const SettingField& field, double value)
{
    if (!std::isfinite(value) || value < field.lo || value > field.hi)
        return false;
    if (field.whole && value != std::floor(value))
        return false;
    return !field.accepts || field.accepts(value);
}

std::string allowedValues(const SettingField& field)
{
    if (field.allowedText)
        return field.allowedText;
    std::string text = std::string("allowed: ") +
                       (field.whole ? "a whole number" : "a finite number") + " from " +
                       formatNumber(field.lo) + " to " + formatNumber(field.hi);
    if (*field.unit)
        text += std::string(" ") + field.unit;
    return text;
}

std::string labelWithUnit(const SettingField& field)
{
    if (!*field.labelUnit)
        return field.label;
    return std::string(field.label) + " (" + field.labelUnit + ")";
}

std::string settingText(const SettingField& field, const Settings& settings)
{
    if (std::string_view(field.name) == "solver")
        return solverName(settings.solver);
    if (std::string_view(field.name) == "gpuPrecision")
        return gpuPrecisionName(settings.gpuPrecision);
    const double value = field.get(settings);
    if (field.whole)
        return std::to_string(static_cast<long long>(value));
    return formatNumber(value);
}

} // namespace pbd
