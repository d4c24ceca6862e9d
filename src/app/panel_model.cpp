#include "panel_model.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <system_error>

#include "pbd/input_text.h"

namespace pbd::app {
namespace {

/// One row per panel field, in PanelField order.
struct FieldInfo {
    const char* label;   ///< the page's label
    const char* name;    ///< the Settings member, as pbd::validate and pbd::allowedValues name it
    bool whole;          ///< whole numbers only
    double step;         ///< the page's input step (unused for the fixed count)
    const char* tooltip; ///< what the control does
};

constexpr FieldInfo kFields[kPanelFieldCount] = {
    {"Width", "width", true, 1.0,
     "Particles per row of the cloth, 1 to 2048. Committing a new width restarts the cloth."},
    {"Height", "height", true, 1.0,
     "Particles per column of the cloth, 1 to 2048. Committing a new height restarts the "
     "cloth."},
    {"# fixed particles", "fixedCount", true, 1.0,
     "How many corners are pinned: 1 (top left), 2 (both top corners) or 4 (all corners). "
     "Changing it restarts the cloth."},
    {"Time step size", "timeStep", false, 0.001,
     "Simulated seconds per step (eight steps per frame). Smaller steps give a stiffer, more "
     "accurate cloth but slow the motion down. Applies at once."},
    {"Iterations", "iterations", true, 1.0,
     "Constraint projection sweeps per step. More sweeps make the cloth stiffer and less "
     "stretchy, and each step costs more. Applies at once."},
    {"Gravity", "gravity", false, 0.01,
     "Acceleration along y in m/s^2; negative values pull the cloth down. Applies at once."},
    {"Mass", "mass", false, 0.01,
     "Mass of every particle in kg. A uniform mass does not change the motion: gravity "
     "accelerates every mass alike, and each constraint moves its two particles by the weights "
     "w_i/(w_1+w_2) of their inverse masses, so a common mass cancels. Applies at once."},
};

const FieldInfo& info(PanelField field)
{
    return kFields[static_cast<std::size_t>(field)];
}

bool isRestartField(PanelField field)
{
    return field == PanelField::Width || field == PanelField::Height ||
           field == PanelField::FixedCount;
}

double get(const Settings& s, PanelField field)
{
    switch (field) {
    case PanelField::Width: return s.width;
    case PanelField::Height: return s.height;
    case PanelField::FixedCount: return s.fixedCount;
    case PanelField::TimeStep: return s.timeStep;
    case PanelField::Iterations: return s.iterations;
    case PanelField::Gravity: return s.gravity;
    case PanelField::Mass: return s.mass;
    }
    return 0.0;
}

/// `value` must be whole and within int's range for the whole fields.
void set(Settings& s, PanelField field, double value)
{
    switch (field) {
    case PanelField::Width: s.width = static_cast<int>(value); break;
    case PanelField::Height: s.height = static_cast<int>(value); break;
    case PanelField::FixedCount: s.fixedCount = static_cast<int>(value); break;
    case PanelField::TimeStep: s.timeStep = value; break;
    case PanelField::Iterations: s.iterations = static_cast<int>(value); break;
    case PanelField::Gravity: s.gravity = value; break;
    case PanelField::Mass: s.mass = value; break;
    }
}

/// Shortest text that reads back as the same double: "0.005", "-9.81", "1e-06".
std::string formatReal(double value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string_view trim(std::string_view text)
{
    const auto isSpace = [](char c) { return c == ' ' || c == '\t'; };
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

/// Digits after the decimal point in the shortest text of `value` ("0.0055" -> 4,
/// "1.5e-07" -> 8, "40" -> 0).
int decimalsOf(double value)
{
    const std::string text = formatReal(std::fabs(value));
    const std::size_t e = text.find('e');
    const std::string mantissa = text.substr(0, e);
    const std::size_t dot = mantissa.find('.');
    int decimals = dot == std::string::npos ? 0 : static_cast<int>(mantissa.size() - dot - 1);
    if (e != std::string::npos)
        decimals -= std::atoi(text.c_str() + e + 1);
    return decimals < 0 ? 0 : decimals;
}

/// Rounds `value` to `decimals` places so that, e.g., 0.005 + 0.001 becomes exactly the double
/// nearest 0.006; leaves it alone where the scaled value would not be an exact integer.
double roundToDecimals(double value, int decimals)
{
    if (decimals > 22)
        return value;
    const double scale = std::pow(10.0, decimals);
    const double scaled = value * scale;
    if (!std::isfinite(scaled) || std::fabs(scaled) >= 0x1p53)
        return value;
    return std::round(scaled) / scale;
}

/// Stores the refusal message "<label>: '<text>' <reason>; allowed: ..." in `error`.
CommitEffect refuse(std::string& error, PanelField field, std::string_view text,
                    std::string_view reason)
{
    error = std::string(info(field).label) + ": " + quoteInput(text) + " " + std::string(reason) +
            "; " + allowedValues(info(field).name);
    return CommitEffect::None;
}

/// Validates `settings` with `field` set to `value` and commits it, or refuses it with a message
/// quoting `text`, leaving `settings` as it was.
CommitEffect apply(Settings& settings, std::string& error, PanelField field, double value,
                   std::string_view text)
{
    const FieldInfo& f = info(field);
    if (!std::isfinite(value))
        return refuse(error, field, text, "is not a finite number");
    if (f.whole && !(value >= std::numeric_limits<int>::min() &&
                     value <= std::numeric_limits<int>::max()))
        return refuse(error, field, text, "is not allowed");
    Settings candidate = settings;
    set(candidate, field, value);
    if (const auto problem = validate(candidate)) {
        if (problem->field == f.name)
            return refuse(error, field, text, "is not allowed");
        // Another field was already invalid (settings given to the constructor): say so.
        error = problem->message;
        return CommitEffect::None;
    }
    error.clear();
    if (candidate == settings)
        return CommitEffect::None;
    settings = candidate;
    return isRestartField(field) ? CommitEffect::Restart : CommitEffect::Live;
}

} // namespace

PanelModel::PanelModel(const Settings& settings) : settings_(settings) {}

const char* PanelModel::label(PanelField field) { return info(field).label; }

const char* PanelModel::tooltip(PanelField field) { return info(field).tooltip; }

const char* PanelModel::solverLabel(Solver solver)
{
    switch (solver) {
    case Solver::Colored:
        return "Colored (parallel)";
    case Solver::Gpu:
        return "GPU (compute shaders)";
    default:
        return "Sequential (page order)";
    }
}

const char* PanelModel::solverTooltip()
{
    return "Order of the constraint projections. Sequential: the page's Gauss-Seidel order on "
           "one thread; it reproduces the page exactly. Colored: the constraints in eight sets "
           "of independent ones, each set spread over all cores; much faster on big cloths, "
           "the same result for any number of threads, and a slightly different (similar) "
           "convergence per iteration. GPU: the colored order on OpenGL 4.3 compute shaders "
           "(float; the cloth's state stays on the GPU between frames). Applies at once; the "
           "cloth keeps its state.";
}

CommitEffect PanelModel::chooseSolver(Solver solver)
{
    Settings candidate = settings_;
    candidate.solver = solver;
    if (candidate == settings_ || validate(candidate) ||
        (solver == Solver::Gpu && !gpuUnavailable_.empty()))
        return CommitEffect::None;
    settings_ = candidate;
    return CommitEffect::Live;
}

const std::string& PanelModel::error(PanelField field) const
{
    return errors_[static_cast<std::size_t>(field)];
}

std::string PanelModel::displayText(PanelField field) const
{
    const double value = get(settings_, field);
    if (info(field).whole)
        return std::to_string(static_cast<long long>(value));
    return formatReal(value);
}

CommitEffect PanelModel::commitText(PanelField field, std::string_view text)
{
    std::string& error = errors_[static_cast<std::size_t>(field)];
    const std::string_view number = trim(text);
    if (info(field).whole) {
        long long value = 0;
        if (numberOutOfRange<long long>(number))
            return refuse(error, field, text, "is not allowed");
        if (!parseNumber(number, value))
            return refuse(error, field, text, "is not a whole number");
        return apply(settings_, error, field, static_cast<double>(value), text);
    }
    double value = 0.0;
    if (numberOutOfRange<double>(number))
        return refuse(error, field, text, "is not allowed");
    if (!parseNumber(number, value))
        return refuse(error, field, text, "is not a number");
    return apply(settings_, error, field, value, text);
}

CommitEffect PanelModel::stepField(PanelField field, int direction)
{
    if (direction == 0)
        return CommitEffect::None;
    const int sign = direction > 0 ? 1 : -1;
    const double current = get(settings_, field);
    double next = 0.0;
    if (field == PanelField::FixedCount) {
        // Like the page's select: 1, 2, 4 in order, staying put at either end.
        constexpr int kChoices[] = {1, 2, 4};
        std::optional<int> target;
        for (int choice : kChoices) {
            if (sign > 0 && choice > current && !target)
                target = choice;
            if (sign < 0 && choice < current)
                target = choice;
        }
        if (!target)
            return CommitEffect::None;
        next = *target;
    } else {
        const double step = info(field).step;
        next = current + sign * step;
        if (!info(field).whole) {
            const int decimals = std::max(decimalsOf(step), decimalsOf(current));
            next = roundToDecimals(next, decimals);
        }
    }
    std::string& error = errors_[static_cast<std::size_t>(field)];
    const std::string text = info(field).whole ? std::to_string(static_cast<long long>(next))
                                                : formatReal(next);
    return apply(settings_, error, field, next, text);
}

} // namespace pbd::app
