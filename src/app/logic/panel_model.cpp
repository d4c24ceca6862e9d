#include "logic/panel_model.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <system_error>
#include <utility>

#include "files/input_text.h"
#include "logic/preferences_table.h"
#include "logic/strain_colors.h"

namespace pbd::app {
namespace {

const SettingField& info(PanelField field)
{
    return settingField(field);
}

/// The Speed field: the app's preference, a row of its own table.
const PreferenceField& speedRow() { return *findPreferenceField("speed"); }
/// The Grab radius field, likewise.
const PreferenceField& grabRadiusRow() { return *findPreferenceField("grabRadius"); }

template <typename Target>
bool isWhole(const TableRow<Target>& f)
{
    return f.value.kind == SettingKind::Whole;
}

/// Digits after the decimal point in the shortest text of `value` ("0.0055" -> 4,
/// "1.5e-07" -> 8, "40" -> 0).
int decimalsOf(double value)
{
    const std::string text = formatNumber(std::fabs(value));
    const std::size_t e = text.find('e');
    const std::string mantissa = text.substr(0, e);
    const std::size_t dot = mantissa.find('.');
    int decimals = dot == std::string::npos ? 0 : static_cast<int>(mantissa.size() - dot - 1);
    if (e != std::string::npos)
        decimals -= std::atoi(text.c_str() + e + 1);
    return decimals < 0 ? 0 : decimals;
}

/// Significant digits in a number's text ("0.5128205128205128" -> 16, "0.005" -> 1, "40" ->
/// 2, "1.5e-07" -> 2).
int significantDigits(std::string_view text)
{
    int digits = 0;
    int zeros = 0; // trailing zeros so far, which count only when a digit follows
    bool leading = true;
    for (const char c : text.substr(0, text.find('e'))) {
        if (c < '0' || c > '9')
            continue;
        if (c == '0' && leading)
            continue;
        leading = false;
        if (c == '0') {
            ++zeros;
        } else {
            digits += zeros + 1;
            zeros = 0;
        }
    }
    return digits;
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
template <typename Target>
CommitEffect refuse(std::string& error, const TableRow<Target>& f, std::string_view text,
                    std::string_view reason)
{
    error = std::string(f.label) + ": " + quoteInput(text) + " " + std::string(reason) + "; " +
            allowedValues(f);
    return CommitEffect::None;
}

/// Reads typed text as a value of the field's kind (a number, or a word for choices and on/off);
/// on failure stores the message.
template <typename Target>
std::optional<double> readText(std::string& error, const TableRow<Target>& f,
                               std::string_view text)
{
    const std::string_view number = trimSpaces(text);
    if (f.value.kind == SettingKind::Choice || f.value.kind == SettingKind::OnOff) {
        std::string reason;
        if (auto value = readValue(f.value, number, reason))
            return value;
        return refuse(error, f, text, reason), std::nullopt;
    }
    if (isWhole(f)) {
        long long value = 0;
        if (numberOutOfRange<long long>(number))
            return refuse(error, f, text, "is not allowed"), std::nullopt;
        if (!parseNumber(number, value))
            return refuse(error, f, text, "is not a whole number"), std::nullopt;
        return static_cast<double>(value);
    }
    double value = 0.0;
    if (numberOutOfRange<double>(number))
        return refuse(error, f, text, "is not allowed"), std::nullopt;
    if (!parseNumber(number, value))
        return refuse(error, f, text, "is not a number"), std::nullopt;
    return value;
}

/// Checks the value's kind and range (refusing with a message quoting `text`).
template <typename Target>
bool acceptable(std::string& error, const TableRow<Target>& f, double value,
                std::string_view text)
{
    if (!std::isfinite(value))
        return refuse(error, f, text, "is not a finite number"), false;
    if (isWhole(f) && !(value >= std::numeric_limits<int>::min() &&
                     value <= std::numeric_limits<int>::max()))
        return refuse(error, f, text, "is not allowed"), false;
    return true;
}

/// Validates `settings` with `field` set to `value` and commits it, or refuses it with a message
/// quoting `text`, leaving `settings` as it was.
CommitEffect apply(Settings& settings, std::string& error, PanelField field, double value,
                   std::string_view text)
{
    const SettingField& f = info(field);
    if (!acceptable(error, f, value, text))
        return CommitEffect::None;
    Settings candidate = settings;
    f.set(candidate, value);
    // Self-collision switched on without a thickness: the panel proposes one, half the
    // smallest rest length, rather than refusing.
    if (std::string_view(f.name) == "selfCollision" && candidate.selfCollision &&
        candidate.thickness == 0.0 && !validate(settings))
        candidate.thickness = 0.5 * selfCollisionThicknessLimit(candidate);
    if (const auto problem = validate(candidate)) {
        // A value outside its own range; a rule between fields (allowed alone) says both.
        if (problem->field == f.name && !allowedValue(f.value, value))
            return refuse(error, f, text, "is not allowed");
        if (problem->field == f.name)
            return error = problem->message, CommitEffect::None;
        // Another field was already invalid (settings given to the constructor): say so.
        error = problem->message;
        return CommitEffect::None;
    }
    error.clear();
    if (candidate == settings)
        return CommitEffect::None;
    settings = candidate;
    return f.rebuildsCloth ? CommitEffect::Restart : CommitEffect::Live;
}

/// The value one +/- step from `current`: the next accepted whole value for fields with a
/// choice of values (the fixed count), else current +- step, rounded to the decimals of the
/// step or of `current`, and clamped to [lo, hi]. Nothing when no accepted value lies that way.
template <typename Target>
std::optional<double> stepped(const TableRow<Target>& f, double current, int sign)
{
    const ValueRule& rule = f.value;
    if (rule.accepts) {
        std::optional<double> target;
        for (double v = rule.lo; v <= rule.hi; v += 1.0) {
            if (!rule.accepts(v))
                continue;
            if (sign > 0 && v > current && !target)
                target = v;
            if (sign < 0 && v < current)
                target = v;
        }
        return target;
    }
    double next = current + sign * f.step;
    if (!isWhole(f))
        next = roundToDecimals(next, std::max(decimalsOf(f.step), decimalsOf(current)));
    return std::clamp(next, rule.lo, rule.hi);
}


} // namespace

const std::vector<PanelField>& panelFields()
{
    static const std::vector<PanelField> fields = [] {
        std::vector<PanelField> list;
        const auto rows = settingFields();
        for (PanelSection section :
             {PanelSection::Page, PanelSection::BeyondPage, PanelSection::World,
              PanelSection::Air})
            for (std::size_t i = 0; i < rows.size(); ++i)
                if (rows[i].section == section)
                    list.push_back(static_cast<PanelField>(i));
        return list;
    }();
    return fields;
}

const SettingField& settingField(PanelField field)
{
    return settingFields()[static_cast<std::size_t>(field)];
}

const char* steppingName(SteppingMode mode) { return nameOf(kSteppingNames, mode); }

std::optional<SteppingMode> steppingFromName(std::string_view name)
{
    return valueNamed(kSteppingNames, name);
}

PanelModel::PanelModel(const Settings& settings)
    : settings_(settings), errors_(settingFields().size())
{
}

void PanelModel::showSettings(const Settings& settings)
{
    // The fields' refusals stay: each says what was typed into its field and refused, until
    // that field takes a valid value (a replay, a load or an undo typed nothing there).
    settings_ = settings;
}

const char* PanelModel::label(PanelField field) { return info(field).label; }

std::string PanelModel::labelWithUnit(PanelField field) { return pbd::labelWithUnit(info(field)); }

/// A row's tooltip: what it does, then "Allowed: ...".
template <typename Target>
std::string rowTooltip(const TableRow<Target>& row)
{
    std::string allowed = allowedValues(row);
    allowed[0] = 'A';
    return std::string(row.help) + " " + allowed + ".";
}

std::string PanelModel::tooltip(PanelField field) { return rowTooltip(info(field)); }

std::vector<std::string> PanelModel::choices(PanelField field)
{
    const ValueRule& rule = info(field).value;
    std::vector<std::string> list;
    if (rule.kind == SettingKind::Choice || rule.kind == SettingKind::OnOff)
        for (const auto& entry : rule.names)
            list.emplace_back(entry.second);
    else if (rule.accepts)
        for (double v = rule.lo; v <= rule.hi; v += 1.0)
            if (rule.accepts(v))
                list.push_back(valueText(rule, v));
    return list;
}

std::string PanelModel::speedLabel() { return pbd::labelWithUnit(speedRow()); }

std::string PanelModel::speedTooltip() { return rowTooltip(speedRow()); }

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
           "(float or double: GPU precision below; the cloth stays on the GPU and is drawn from "
           "there). Applies at once; the "
           "cloth keeps its state.";
}

const std::string& PanelModel::unavailable(Solver solver) const
{
    static const std::string kAvailable;
    return solver == Solver::Gpu ? gpuUnavailable_ : kAvailable;
}

CommitEffect PanelModel::chooseSolver(Solver solver)
{
    Settings candidate = settings_;
    candidate.solver = solver;
    if (candidate == settings_ || validate(candidate) || !unavailable(solver).empty())
        return CommitEffect::None;
    settings_ = candidate;
    solverMessage_.clear();
    return CommitEffect::Live;
}

CommitEffect PanelModel::chooseGpuPrecision(GpuPrecision precision)
{
    Settings candidate = settings_;
    candidate.gpuPrecision = precision;
    if (candidate == settings_ || validate(candidate) || !gpuUnavailable_.empty())
        return CommitEffect::None;
    settings_ = candidate;
    solverMessage_.clear();
    return CommitEffect::Live;
}

const std::string& PanelModel::error(PanelField field) const
{
    return errors_[static_cast<std::size_t>(field)];
}

std::vector<std::string> PanelModel::errors() const
{
    std::vector<std::string> list;
    for (const FieldMessage& message : fieldMessages())
        list.push_back(message.text);
    return list;
}

std::vector<PanelModel::FieldMessage> PanelModel::fieldMessages() const
{
    std::vector<FieldMessage> list;
    const auto add = [&](const std::string& key, const std::string& text) {
        if (text.empty())
            return;
        const auto serial = serials_.find(key);
        list.push_back({key, text, serial == serials_.end() ? 0 : serial->second});
    };
    for (PanelField field : panelFields())
        add(settingField(field).flag + 2, error(field));
    for (WindRow row : {WindRow::Speed, WindRow::Direction, WindRow::Elevation})
        add(WindRows::id(row), wind_.error(row));
    add("speed", speedError_);
    add("strain-scale", strainScaleError_);
    add("grab-radius", grabRadiusError_);
    add("solver", solverMessage_);
    return list;
}

void PanelModel::stamp(const std::string& key, const std::string& message)
{
    if (!message.empty())
        serials_[key] = ++serial_;
}

std::string PanelModel::displayText(PanelField field) const
{
    const SettingField& f = info(field);
    const std::string text = settingText(f, settings_);
    if (f.value.kind != SettingKind::Real || significantDigits(text) <= kShownDigits)
        return text;
    // A computed value (a sized scene's cloth width 20 / 39 m): as many digits as a typed one
    // would have, not all seventeen; the value itself stays exact (the view dump's settings).
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*g", kShownDigits, f.get(settings_));
    return buffer;
}

std::string sceneComboText(const std::string& scene, std::size_t worldItems, bool threeD)
{
    if (!scene.empty())
        return scene;
    if (worldItems > 0)
        return "(custom)";
    return threeD ? "(plain 3D cloth)" : "page";
}

CommitEffect PanelModel::commitText(PanelField field, std::string_view text)
{
    // The shown text of a value cut to kShownDigits, committed as it is (Enter in the field),
    // keeps the value exact: it stands for the value, not for its rounding.
    const std::string exact = settingText(info(field), settings_);
    if (text == displayText(field))
        text = exact;
    std::string& error = errors_[static_cast<std::size_t>(field)];
    const std::optional<double> value = readText(error, info(field), text);
    const CommitEffect effect =
        value ? apply(settings_, error, field, *value, text) : CommitEffect::None;
    stamp(info(field).flag + 2, error);
    return effect;
}

CommitEffect PanelModel::stepField(PanelField field, int direction)
{
    if (direction == 0)
        return CommitEffect::None;
    const SettingField& f = info(field);
    const std::optional<double> next = stepped(f, f.get(settings_), direction > 0 ? 1 : -1);
    if (!next)
        return CommitEffect::None;
    std::string& error = errors_[static_cast<std::size_t>(field)];
    const std::string text =
        isWhole(f) ? std::to_string(static_cast<long long>(*next)) : formatNumber(*next);
    const CommitEffect effect = apply(settings_, error, field, *next, text);
    stamp(f.flag + 2, error);
    return effect;
}

bool PanelModel::chooseStepping(SteppingMode mode)
{
    const bool changed = mode != stepping_;
    stepping_ = mode;
    return changed;
}

void PanelModel::setStepping(SteppingMode mode, double speed)
{
    stepping_ = mode;
    if (speed >= kMinSpeed && speed <= kMaxSpeed)
        speed_ = speed;
}

std::string PanelModel::speedText() const { return formatNumber(speed_); }

namespace {

/// Reads a number for the preference `row` typed as `text` into `value`; on failure leaves
/// it and returns "<label>: '<text>' <reason>; allowed: ...".
std::optional<std::string> parsePreference(PreferenceField row, const char* label,
                                           std::string_view text, double& value)
{
    row.label = label;
    std::string error;
    const std::optional<double> read = readText(error, row, text);
    if (!read || !acceptable(error, row, *read, text))
        return error;
    if (!allowedValue(row, *read))
        return refuse(error, row, text, "is not allowed"), error;
    value = *read;
    return std::nullopt;
}

} // namespace

std::optional<std::string> parseSpeed(const char* label, std::string_view text, double& speed)
{
    return parsePreference(speedRow(), label, text, speed);
}

std::optional<std::string> parseNumberRow(const ValueRule& rule, const char* label,
                                          std::string_view text, double& value)
{
    PreferenceField row{.name = label, .flag = "", .label = label, .value = rule};
    return parsePreference(row, label, text, value);
}

CommitEffect PanelModel::commitWind(WindRow row, std::string_view text)
{
    const bool changed = wind_.commit(settings_, row, text);
    stamp(WindRows::id(row), wind_.error(row));
    return changed ? CommitEffect::Live : CommitEffect::None;
}

CommitEffect PanelModel::stepWind(WindRow row, int direction)
{
    const bool changed = wind_.step(settings_, row, direction);
    stamp(WindRows::id(row), wind_.error(row));
    return changed ? CommitEffect::Live : CommitEffect::None;
}

bool PanelModel::commitGrabRadius(std::string_view text)
{
    double value = grabRadius_;
    if (auto error = parsePreference(grabRadiusRow(), grabRadiusRow().label, text, value)) {
        grabRadiusError_ = *error;
        stamp("grab-radius", grabRadiusError_);
        return false;
    }
    grabRadiusError_.clear();
    return std::exchange(grabRadius_, value) != value;
}

bool PanelModel::stepGrabRadius(int direction)
{
    if (direction == 0)
        return false;
    const double next = *stepped(grabRadiusRow(), grabRadius_, direction > 0 ? 1 : -1);
    grabRadiusError_.clear();
    return std::exchange(grabRadius_, next) != next;
}

void PanelModel::setGrabRadius(double radius)
{
    if (allowedValue(grabRadiusRow(), radius))
        grabRadius_ = radius;
}

std::string PanelModel::grabRadiusText() const { return formatNumber(grabRadius_); }

std::string PanelModel::grabRadiusLabel() { return pbd::labelWithUnit(grabRadiusRow()); }

std::string PanelModel::grabRadiusTooltip() { return rowTooltip(grabRadiusRow()); }

bool PanelModel::commitSpeed(std::string_view text)
{
    double value = speed_;
    if (auto error = parseSpeed(speedRow().label, text, value)) {
        speedError_ = *error;
        stamp("speed", speedError_);
        return false;
    }
    speedError_.clear();
    const bool changed = value != speed_;
    speed_ = value;
    return changed;
}

bool PanelModel::commitStrainScale(std::string_view text)
{
    std::optional<double> scale = strainScale_;
    if (auto error = parseStrainScale("Strain scale", text, scale)) {
        strainScaleError_ = *error;
        stamp("strain-scale", strainScaleError_);
        return false;
    }
    strainScaleError_.clear();
    const bool changed = scale != strainScale_;
    strainScale_ = scale;
    return changed;
}

std::string PanelModel::strainScaleText() const { return app::strainScaleText(strainScale_); }

bool PanelModel::stepSpeed(int direction)
{
    if (direction == 0)
        return false;
    const double next = *stepped(speedRow(), speed_, direction > 0 ? 1 : -1);
    speedError_.clear();
    const bool changed = next != speed_;
    speed_ = next;
    return changed;
}

} // namespace pbd::app

namespace pbd::app {
namespace {

/// The page shows 2 decimals; a small cloth's steps take microseconds, so keep 3 significant
/// digits below 1 ms, which is never "0.00" for a measured step.
std::string milliseconds(double ms)
{
    char text[48];
    std::snprintf(text, sizeof text, ms >= 1.0 ? "%.2f ms" : "%.3g ms", ms);
    return text;
}

} // namespace

bool TooltipTimer::hovered(std::string_view id, double now, bool editing)
{
    if (id != id_) {
        id_ = std::string(id);
        since_ = now;
    }
    return !editing && now - since_ >= kDelay;
}

std::string stepTimeText(double meanMilliseconds, std::string_view none)
{
    return meanMilliseconds > 0.0 ? milliseconds(meanMilliseconds) : std::string(none);
}

std::string simulationPerFrameText(double ms, double stepsPerFrame, bool paused,
                                   std::string_view none)
{
    return stepsPerFrame > 0.0 && !paused ? milliseconds(ms) : std::string(none);
}

template <glm::length_t D>
std::string pinnedNowText(const SimulationOf<D>& simulation)
{
    const Settings& s = simulation.settings();
    const ParticlesOf<D>& particles = simulation.particles();
    std::size_t pinned = 0;
    for (std::size_t i = 0; i < particles.size(); ++i)
        pinned += particles.pinned(i) ? 1 : 0;
    const std::vector<Index> corners = fixedCorners(s.width, s.height, s.fixedCount);
    const bool theCorners =
        pinned == corners.size() &&
        std::all_of(corners.begin(), corners.end(), [&](Index i) { return particles.pinned(i); });
    return theCorners ? std::string() : std::to_string(pinned) + " pinned now";
}

template std::string pinnedNowText(const SimulationOf<2>& simulation);
template std::string pinnedNowText(const SimulationOf<3>& simulation);

std::string simulationSpeedText(double ratio, bool paused, std::string_view none)
{
    if (ratio <= 0.0 || paused)
        return std::string(none);
    char text[48];
    std::snprintf(text, sizeof text, "%.2gx real time", ratio);
    return text;
}

} // namespace pbd::app
