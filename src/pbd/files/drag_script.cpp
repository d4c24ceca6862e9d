#include "pbd/drag_script.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <sstream>

#include "files/input_text.h"
#include "pbd/command.h"
#include "pbd/settings_table.h"
#include "pbd/simulation.h"
#include "simulation/world_events.h"

namespace pbd {
namespace {

std::vector<std::string_view> splitFields(std::string_view line)
{
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            fields.push_back(line.substr(start, i - start));
    }
    return fields;
}

/// The fields from `first` on, quoted and separated by spaces.
std::string quotedFields(const std::vector<std::string_view>& fields, std::size_t first)
{
    std::string out;
    for (std::size_t i = first; i < fields.size(); ++i)
        out += (out.empty() ? "" : " ") + quoteInput(fields[i]);
    return out;
}

constexpr EventLine kEventLines[] = {
    {"drag INDEX X Y", "Particle INDEX becomes the grabbed one, if it is not already, and is "
                       "placed at (X, Y) metres.", "drag INDEX X Y Z"},
    {"grab X Y R", "Holds every particle within R metres of (X, Y) at its offset from that "
                   "point (R > 0); nothing in reach: no grab. The current grab, of either "
                   "kind, is released first.", "grab X Y Z R"},
    {"move X Y", "Moves the grab point, or the grabbed particle, to (X, Y).", "move X Y Z"},
    {"release [VX VY]", "Lets the grab go: the particles keep their velocity (the page), or "
                        "take (VX, VY) m/s (a throw).", "release [VX VY VZ]"},
    {"pin INDEX", "Pins particle INDEX where it is."},
    {"pin-row ROW", "Pins every particle of row ROW (0 = the top row) where it is."},
    {"unpin INDEX", "Unpins particle INDEX (a fixed corner too)."},
    {"cut X1 Y1 X2 Y2", "Removes the constraints crossing the segment from (X1, Y1) to "
                        "(X2, Y2) metres. In 3D, those crossing the strip of the plane through "
                        "the segment along (DX, DY, DZ), both ways: every layer under the stroke.",
     "cut X1 Y1 Z1 X2 Y2 Z2 DX DY DZ"},
    {"set FIELD VALUE", "Applies a setting: FIELD is its command-line flag without the dashes "
                        "(dt, iterations, tear-strain, ...); width, height and fixed restart "
                        "the cloth; choices and on/off take their words (colored, on). In "
                        "pbd-sim run, set dimensions to the other count restarts the cloth in "
                        "it, without obstacles or balls; the lines after it are of the new "
                        "count."},
    {"restart", "Rebuilds the cloth."},
    {"undo", "Back to the whole state just before the last action; STEP still counts the "
             "steps taken."},
    {"redo", "Forward to the state just after the last undone action."},
    {"obstacle SPEC", "Adds an obstacle as the next index, SPEC as --obstacle takes it (the "
                      "run's dimensions' shapes)."},
    {"move-obstacle I X Y [DEG]", "Moves obstacle I's centre (a ground's point) to (X, Y), "
                                  "turned to DEG degrees when given, over the next step; in 3D "
                                  "a box turns to AX AY AZ degrees (R = Rz Ry Rx).",
     "move-obstacle I X Y Z [AX AY AZ]"},
    {"remove-obstacle I", "Removes obstacle I; later indices shift down by one."},
    {"ball X Y R MASS", "Adds a ball, as --ball X,Y,R,MASS, as the next index.",
     "ball X Y Z R MASS"},
    {"grab-ball I X Y", "Holds ball I at (X, Y) (kinematic while held).", "grab-ball I X Y Z"},
    {"move-ball X Y", "Moves the held ball to (X, Y).", "move-ball X Y Z"},
    {"release-ball [VX VY]", "Lets the held ball go with that velocity (m/s), else its own.",
     "release-ball [VX VY VZ]"},
    {"remove-ball I", "Removes ball I; later indices shift down by one."},
    {"scene NAME|FILE", "Replaces the cloth, obstacles and balls by a built-in scene's or a "
                        "scene file's, as --scene does, keeping the solver, threads and GPU "
                        "precision; a restart then brings that scene back. A scene of the "
                        "run's dimensions (2D or 3D)."},
    {"load FILE", "Replaces the whole state by a state file's, as --load starts a run; its "
                  "obstacles and balls are what a restart then brings back."},
    {"end", "The script's end: pbd-sim run stops there when --steps is not given."},
};

/// "'drag INDEX X Y', 'grab X Y R', ... or 'end'": every form of D dimensions, for
/// "allowed: ...".
template <glm::length_t D>
const std::string& eventForms()
{
    static const std::string forms = [] {
        std::string out;
        const std::size_t n = std::size(kEventLines);
        for (std::size_t i = 0; i < n; ++i) {
            const EventLine& line = kEventLines[i];
            out += std::string(i == 0 ? "" : i + 1 == n ? " or " : ", ") + "'" +
                   (D == 3 && line.form3 ? line.form3 : line.form) + "'";
        }
        return out;
    }();
    return forms;
}

/// The form of `verb`'s line in `dimensions` dimensions ("drag INDEX X Y Z").
const char* verbForm(std::string_view verb, int dimensions)
{
    for (const EventLine& line : kEventLines) {
        const std::string_view form = line.form;
        if (form.substr(0, form.find(' ')) == verb)
            return dimensions == 3 && line.form3 ? line.form3 : line.form;
    }
    return "";
}

} // namespace

std::span<const EventLine> eventLines() { return kEventLines; }

namespace detail {

template <glm::length_t D>
std::string scriptUsage(std::string_view verb)
{
    return std::string("STEP ") + verbForm(verb, static_cast<int>(D));
}

template std::string scriptUsage<2>(std::string_view verb);
template std::string scriptUsage<3>(std::string_view verb);

std::string otherDimensionsNote(std::string_view verb, int dimensions, std::size_t got)
{
    for (const EventLine& line : kEventLines) {
        const std::string_view form = line.form;
        if (!line.form3 || form.substr(0, form.find(' ')) != verb)
            continue;
        const int other = dimensions == 3 ? 2 : 3;
        const char* otherForm = other == 3 ? line.form3 : line.form;
        // The other form's counts: its words after the verb, those in [...] optional.
        const auto words = splitFields(otherForm);
        std::size_t least = 0;
        bool optional = false;
        for (std::size_t i = 1; i < words.size(); ++i) {
            if (words[i].front() == '[')
                optional = true;
            if (!optional)
                ++least;
            if (words[i].back() == ']')
                optional = false;
        }
        if (got != least && got != words.size() - 1)
            return {};
        return "; that is the count of the form of dimensions = " + std::to_string(other) +
               " ('STEP " + otherForm + "'), and this run has dimensions = " +
               std::to_string(dimensions);
    }
    return {};
}

} // namespace detail

DragScriptError::DragScriptError(std::size_t line, const std::string& message)
    : std::runtime_error("event script line " + std::to_string(line) + ": " + message), line_(line)
{
}

namespace {

/// The cloth's size as the script's `set` lines change it, for the index bounds.
struct ScriptCloth {
    std::size_t width;
    std::size_t height;
    std::size_t particles() const { return width * height; }
};

/// The sizes a script has seen. After an `undo` or `redo` the parser no longer knows the
/// cloth's size (it may be any size seen so far) nor its settings: indices are bounded by the
/// largest size seen, and a `set` is checked on its own value only; what a smaller cloth or
/// other settings refuse is refused when applied, and skipped.
struct ScriptSizes {
    ScriptCloth now;
    std::size_t widest;
    std::size_t tallest;
    bool travelled = false; ///< an undo or redo came before
    detail::ScriptItems obstacles{};
    detail::ScriptItems balls{}; ///< the same count, of balls
    ScriptCloth bound() const { return travelled ? ScriptCloth{widest, tallest} : now; }
    void set(std::size_t width, std::size_t height)
    {
        now = {width, height};
        widest = std::max(widest, width);
        tallest = std::max(tallest, height);
    }
};

/// A finite number within +-limit, or a DragScriptError naming `what`.
double readCoordinate(std::size_t line, std::string_view text, const char* what, double limit,
                      const char* unit)
{
    double value = 0.0;
    if (!parseNumber(text, value) || !std::isfinite(value) || std::abs(value) > limit) {
        std::ostringstream bound;
        bound << limit;
        throw DragScriptError(line, std::string(what) + " " + quoteInput(text) +
                                        " is not allowed; allowed: a finite number from -" +
                                        bound.str() + " to " + bound.str() + " " + unit);
    }
    return value;
}

/// A grab radius: more than 0 up to kMaxGrabRadius metres, or a DragScriptError naming R.
template <glm::length_t D>
double readRadius(std::size_t line, std::string_view text)
{
    double value = 0.0;
    if (!parseNumber(text, value) || !std::isfinite(value) || value <= 0.0 ||
        value > kMaxGrabRadius)
        throw DragScriptError(line, "R " + quoteInput(text) +
                                        " is not allowed; allowed: a number more than 0 up to " +
                                        formatNumber(kMaxGrabRadius) +
                                        " m (single-particle grabs are '" +
                                        verbForm("drag", static_cast<int>(D)) + "')");
    return value;
}

Index readIndex(std::size_t line, std::string_view text, const ScriptCloth& cloth)
{
    std::uint64_t index = 0;
    if (!parseNumber(text, index) || index >= cloth.particles())
        throw DragScriptError(line, "particle index " + quoteInput(text) +
                                        " is not allowed; allowed: 0 to " +
                                        std::to_string(cloth.particles() - 1));
    return static_cast<Index>(index);
}

/// `dimensions`: the run's, for the note on a line of the other dimensions' form.
void requireValues(std::size_t line, const std::vector<std::string_view>& fields,
                   std::size_t count, const std::string& usage, int dimensions = 2)
{
    if (fields.size() == count + 2)
        return;
    throw DragScriptError(line, "'" + std::string(fields[1]) + "' takes " +
                                    std::to_string(count) + (count == 1 ? " value" : " values") +
                                    ", got " + std::to_string(fields.size() - 2) +
                                    (fields.size() > 2 ? ": " + quotedFields(fields, 2) : "") +
                                    "; allowed: '" + usage + "'" +
                                    detail::otherDimensionsNote(fields[1], dimensions,
                                                                fields.size() - 2));
}

/// D coordinates from fields[first] on, named `names` (x first: the first refusal is thrown).
template <glm::length_t D>
Vec<D> readPoint(std::size_t line, const std::vector<std::string_view>& fields, std::size_t first,
                 const std::array<const char*, 3>& names, double limit, const char* unit)
{
    Vec<D> point(0.0);
    for (glm::length_t c = 0; c < D; ++c)
        point[c] = readCoordinate(line, fields[first + static_cast<std::size_t>(c)],
                                  names[static_cast<std::size_t>(c)], limit, unit);
    return point;
}

template <glm::length_t D>
std::string usageOf(std::string_view verb)
{
    return detail::scriptUsage<D>(verb);
}

/// The setting whose flag without dashes is `name` ("dt", "tear-strain").
const SettingField* fieldByFlag(std::string_view name)
{
    for (const SettingField& field : settingFields())
        if (std::string_view(field.flag).substr(2) == name)
            return &field;
    return nullptr;
}

/// The value `text` gives the setting, or nothing when it is not one of its values: a number
/// for whole and real settings, a word for choices and on/off ("colored", "double", "on"), as
/// their flags take them. A choice's number (`set solver 1`) is still read, as scripts could
/// always say it.
std::optional<double> scriptValue(const SettingField& field, std::string_view text)
{
    std::string reason;
    if (field.value.kind == SettingKind::Choice || field.value.kind == SettingKind::OnOff)
        if (auto named = readValue(field.value, text, reason))
            return named;
    double value = 0.0;
    if (parseNumber(text, value) && allowedValue(field, value))
        return value;
    return std::nullopt;
}

/// Where parseScript() starts and whether it stops at a change of dimensions: a piece of a
/// script that parseScriptPieces() cuts at its `set dimensions` lines.
struct PieceCut {
    std::size_t lineNumber = 0;   ///< the lines before the piece's text
    std::uint64_t lastStep = 0;   ///< the step of the line before it
    std::optional<DimensionsChange> change; ///< out: the line that ended the piece
    std::string_view rest;                  ///< out: the text after that line
};

/// `cut`: null for a script of one dimension (a `set dimensions` to the other count is
/// refused), else where the piece starts, and the line that ends it comes back in it.
template <glm::length_t D>
std::vector<DragEventOf<D>> parseScript(std::string_view text, ScriptCloth start,
                                        std::optional<Settings> settings, std::size_t obstacles,
                                        std::size_t balls, std::string_view folder,
                                        PieceCut* cut = nullptr)
{
    constexpr int kD = static_cast<int>(D);
    constexpr std::array<const char*, 3> kXYZ{"X", "Y", "Z"};
    ScriptSizes sizes{start, start.width, start.height};
    sizes.obstacles = {obstacles, obstacles, obstacles};
    sizes.balls = {balls, balls, balls};
    std::vector<DragEventOf<D>> events;
    std::size_t lineNumber = cut ? cut->lineNumber : 0;
    std::uint64_t lastStep = cut ? cut->lastStep : 0;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.size() > kMaxDragLineLength)
            throw DragScriptError(lineNumber, "line is " + std::to_string(line.size()) +
                                                  " characters long; allowed: at most " +
                                                  std::to_string(kMaxDragLineLength));
        if (line.find('\0') != std::string_view::npos)
            throw DragScriptError(lineNumber, "line contains a NUL byte; allowed: text");
        const auto fields = splitFields(line);
        if (fields.empty() || fields[0].front() == '#')
            continue;

        DragEventOf<D> event;
        if (!parseNumber(fields[0], event.step))
            throw DragScriptError(lineNumber, "step " + quoteInput(fields[0]) +
                                                  " is not a whole number; allowed: 0 to " +
                                                  std::to_string(UINT64_MAX));
        if (event.step < lastStep)
            throw DragScriptError(lineNumber, "step " + std::to_string(event.step) +
                                                  " comes after step " + std::to_string(lastStep) +
                                                  "; allowed: steps that never decrease");
        if (fields.size() < 2)
            throw DragScriptError(lineNumber, "missing event after step " + quoteInput(fields[0]) +
                                                  "; allowed: " + eventForms<D>());
        const std::string_view verb = fields[1];
        if (verb == "release") {
            event.kind = DragEvent::Kind::Release;
            if (fields.size() != 2 && fields.size() != 2 + D) {
                if constexpr (D == 2)
                    throw DragScriptError(lineNumber,
                                          "'release' takes no values or 2 (VX VY), got " +
                                              quotedFields(fields, 2) +
                                              "; allowed: 'STEP release' or "
                                              "'STEP release VX VY'" +
                                              detail::otherDimensionsNote(verb, kD,
                                                                          fields.size() - 2));
                else
                    throw DragScriptError(lineNumber,
                                          "'release' takes no values or 3 (VX VY VZ), got " +
                                              std::to_string(fields.size() - 2) + ": " +
                                              quotedFields(fields, 2) +
                                              "; allowed: 'STEP release' or "
                                              "'STEP release VX VY VZ'" +
                                              detail::otherDimensionsNote(verb, kD,
                                                                          fields.size() - 2));
            }
            if (fields.size() == 2 + D)
                event.velocity = readPoint<D>(lineNumber, fields, 2, {"VX", "VY", "VZ"},
                                              kMaxReleaseSpeed, "m/s");
        } else if (verb == "drag") {
            requireValues(lineNumber, fields, 1 + D, usageOf<D>(verb), kD);
            event.particle = readIndex(lineNumber, fields[2], sizes.bound());
            event.position = readPoint<D>(lineNumber, fields, 3, kXYZ, kMaxDragCoordinate, "m");
        } else if (verb == "grab") {
            event.kind = DragEvent::Kind::Grab;
            requireValues(lineNumber, fields, D + 1, usageOf<D>(verb), kD);
            event.position = readPoint<D>(lineNumber, fields, 2, kXYZ, kMaxDragCoordinate, "m");
            event.radius = readRadius<D>(lineNumber, fields[2 + D]);
        } else if (verb == "move") {
            event.kind = DragEvent::Kind::Move;
            requireValues(lineNumber, fields, D, usageOf<D>(verb), kD);
            event.position = readPoint<D>(lineNumber, fields, 2, kXYZ, kMaxDragCoordinate, "m");
        } else if (verb == "undo" || verb == "redo") {
            event.kind = verb == "undo" ? DragEvent::Kind::Undo : DragEvent::Kind::Redo;
            requireValues(lineNumber, fields, 0, verb == "undo" ? "STEP undo" : "STEP redo");
            sizes.travelled = true;
            sizes.obstacles.travelled = true;
            sizes.balls.travelled = true;
        } else if (detail::worldVerb(verb)) {
            detail::parseWorldEvent<D>(lineNumber, fields, sizes.obstacles, event);
        } else if (detail::ballVerb(verb)) {
            detail::parseBallEvent<D>(lineNumber, fields, sizes.balls, event);
        } else if (verb == "scene") {
            detail::parseSceneEvent(lineNumber, fields, folder, event);
            const Settings& next = event.scene.settings;
            if (settings && next.dimensions != settings->dimensions)
                throw DragScriptError(lineNumber,
                                      "scene " + quoteInput(fields[2]) + ": a scene of dimensions = " +
                                          std::to_string(next.dimensions) +
                                          " is not allowed in a run of dimensions = " +
                                          std::to_string(settings->dimensions) +
                                          "; allowed: a scene of dimensions " +
                                          std::to_string(settings->dimensions));
            if (settings)
                *settings = detail::sceneSettingsOver(next, *settings);
            sizes.set(static_cast<std::size_t>(next.width), static_cast<std::size_t>(next.height));
            sizes.obstacles.replace(D == 3 ? event.scene.obstacles3.size()
                                           : event.scene.obstacles.size());
            sizes.balls.replace(D == 3 ? event.scene.balls3.size() : event.scene.balls.size());
        } else if (verb == "load") {
            detail::parseLoadEvent<D>(lineNumber, fields, folder, event);
            const Settings& next = event.state->settings;
            if (settings)
                *settings = next;
            sizes.set(static_cast<std::size_t>(next.width), static_cast<std::size_t>(next.height));
            sizes.obstacles.replace(event.state->obstacles.size());
            sizes.balls.replace(event.state->balls.size());
        } else if (verb == "pin" || verb == "unpin") {
            event.kind = verb == "pin" ? DragEvent::Kind::Pin : DragEvent::Kind::Unpin;
            requireValues(lineNumber, fields, 1, verb == "pin" ? "STEP pin INDEX" : "STEP unpin INDEX");
            event.particle = readIndex(lineNumber, fields[2], sizes.bound());
        } else if (verb == "pin-row") {
            event.kind = DragEvent::Kind::PinRow;
            requireValues(lineNumber, fields, 1, "STEP pin-row ROW");
            const ScriptCloth cloth = sizes.bound();
            std::uint64_t row = 0;
            if (!parseNumber(fields[2], row) || row >= cloth.height)
                throw DragScriptError(lineNumber, "row " + quoteInput(fields[2]) +
                                                      " is not allowed; allowed: 0 to " +
                                                      std::to_string(cloth.height - 1));
            event.particle = static_cast<Index>(row);
        } else if (verb == "cut") {
            event.kind = DragEvent::Kind::Cut;
            requireValues(lineNumber, fields, D == 2 ? 4 : 9, usageOf<D>(verb), kD);
            event.position =
                readPoint<D>(lineNumber, fields, 2, {"X1", "Y1", "Z1"}, kMaxDragCoordinate, "m");
            event.to = readPoint<D>(lineNumber, fields, 2 + D, {"X2", "Y2", "Z2"},
                                    kMaxDragCoordinate, "m");
            if constexpr (D == 3)
                event.direction = readPoint<D>(lineNumber, fields, 8, {"DX", "DY", "DZ"},
                                               kMaxDragCoordinate, "(a direction, any length)");
        } else if (verb == "set") {
            event.kind = DragEvent::Kind::Set;
            requireValues(lineNumber, fields, 2, "STEP set FIELD VALUE");
            const SettingField* field = fieldByFlag(fields[2]);
            if (!field)
                throw DragScriptError(lineNumber, "setting " + quoteInput(fields[2]) +
                                                      " is not allowed; allowed: a setting's "
                                                      "flag without dashes, such as dt, "
                                                      "iterations, stiffness, tear-strain");
            const std::optional<double> read = scriptValue(*field, fields[3]);
            if (!read)
                throw DragScriptError(lineNumber, std::string(fields[2]) + " " +
                                                      quoteInput(fields[3]) +
                                                      " is not allowed; " + allowedValues(*field));
            const double value = *read;
            event.field = field->name;
            event.value = value;
            // A Simulation is made for one count of dimensions: a script that changes them is
            // cut into pieces there (parseScriptPieces(): pbd-sim run restarts the cloth in
            // the other count); elsewhere (the app) the run keeps its dimensions.
            if (std::string_view(field->name) == "dimensions" && settings && cut &&
                value != settings->dimensions) {
                if (sizes.travelled)
                    throw DragScriptError(lineNumber,
                                          "set dimensions " + quoteInput(fields[3]) +
                                              " after an undo or redo line is not allowed (the "
                                              "settings the new cloth takes are not known "
                                              "there); allowed: a change of dimensions before "
                                              "the first undo or redo since the last change");
                Settings next = *settings;
                field->set(next, value);
                if (auto error = validate(next))
                    throw DragScriptError(lineNumber, error->message);
                cut->change = DimensionsChange{event.step, lineNumber, static_cast<int>(value),
                                               next};
                cut->lineNumber = lineNumber;
                cut->rest = text;
                return events;
            }
            if (std::string_view(field->name) == "dimensions" && settings &&
                value != settings->dimensions)
                throw DragScriptError(lineNumber,
                                      "set dimensions " + quoteInput(fields[3]) +
                                          " is not allowed in a run of dimensions = " +
                                          std::to_string(settings->dimensions) +
                                          " yet; allowed: " +
                                          std::to_string(settings->dimensions));
            if (settings) {
                field->set(*settings, value);
                if (auto error = validate(*settings); error && !sizes.travelled)
                    throw DragScriptError(lineNumber, error->message);
                sizes.set(static_cast<std::size_t>(settings->width),
                          static_cast<std::size_t>(settings->height));
            }
        } else if (verb == "restart" || verb == "end") {
            event.kind = verb == "restart" ? DragEvent::Kind::Restart : DragEvent::Kind::End;
            if (verb == "restart") {
                sizes.obstacles.restart();
                sizes.balls.restart();
            }
            requireValues(lineNumber, fields, 0, verb == "restart" ? "STEP restart" : "STEP end");
        } else {
            throw DragScriptError(lineNumber, "unknown event " + quoteInput(verb) +
                                                  "; allowed: " + eventForms<D>());
        }
        lastStep = event.step;
        events.push_back(std::move(event));
    }
    return events;
}

} // namespace

std::optional<std::string> dropCutRecordingLine(std::string_view& text)
{
    const std::string_view first = text.substr(0, text.find('\n'));
    const bool recording = first.size() < text.size() &&
                           (first == kRecordingHeader ||
                            (first.size() == kRecordingHeader.size() + 1 &&
                             first.starts_with(kRecordingHeader) && first.back() == '\r'));
    if (!recording || text.back() == '\n')
        return std::nullopt;
    // The recorder writes whole lines, so a last line without its newline is what a kill left
    // of one: whatever it reads as (a number cut short reads as another), it is not the event.
    const std::size_t cut = text.rfind('\n') + 1;
    const std::size_t line =
        static_cast<std::size_t>(std::count(text.begin(), text.begin() + cut, '\n')) + 1;
    const std::string message = "event script line " + std::to_string(line) + ": " +
                                quoteInput(text.substr(cut)) +
                                " has no newline (the recording was cut short); ignored";
    text = text.substr(0, cut);
    return message;
}

template <glm::length_t D>
std::vector<DragEventOf<D>> parseEventScript(std::string_view text, const Settings& settings,
                                             std::size_t obstacleCount, std::size_t ballCount,
                                             std::string_view folder)
{
    return parseScript<D>(text,
                          {static_cast<std::size_t>(settings.width),
                           static_cast<std::size_t>(settings.height)},
                          settings, obstacleCount, ballCount, folder);
}

std::vector<ScriptPiece> parseScriptPieces(std::string_view text, const Settings& settings,
                                           std::size_t obstacleCount, std::size_t ballCount,
                                           std::string_view folder)
{
    std::vector<ScriptPiece> pieces;
    PieceCut cut;
    std::optional<DimensionsChange> start;
    Settings now = settings;
    std::size_t obstacles = obstacleCount;
    std::size_t balls = ballCount;
    for (;;) {
        cut.change.reset();
        const ScriptCloth cloth{static_cast<std::size_t>(now.width),
                                static_cast<std::size_t>(now.height)};
        if (now.dimensions == 3)
            pieces.push_back(ScriptPieceOf<3>{
                start, parseScript<3>(text, cloth, now, obstacles, balls, folder, &cut)});
        else
            pieces.push_back(ScriptPieceOf<2>{
                start, parseScript<2>(text, cloth, now, obstacles, balls, folder, &cut)});
        if (!cut.change)
            return pieces;
        // The next piece: a new cloth of the settings so far in the other dimensions, no
        // obstacles nor balls (they are of the dimensions left), its steps going on.
        start = cut.change;
        now = cut.change->settings;
        cut.lastStep = cut.change->step;
        text = cut.rest;
        obstacles = 0;
        balls = 0;
    }
}

template std::vector<DragEvent> parseEventScript<2>(std::string_view, const Settings&,
                                                    std::size_t, std::size_t, std::string_view);
template std::vector<DragEvent3> parseEventScript<3>(std::string_view, const Settings&,
                                                     std::size_t, std::size_t, std::string_view);

std::string scriptFolder(std::string_view path)
{
    return std::filesystem::path(path).parent_path().string();
}

std::vector<DragEvent> parseDragScript(std::string_view text, std::size_t particleCount)
{
    return parseScript<2>(text, {particleCount, 1}, std::nullopt, 0, 0, {});
}

namespace detail {

template <glm::length_t D>
std::string pointText(const Vec<D>& p)
{
    std::string out = formatNumber(p.x);
    out += ' ';
    out += formatNumber(p.y);
    if constexpr (D == 3) {
        out += ' ';
        out += formatNumber(p.z);
    }
    return out;
}

template std::string pointText<2>(const Vec<2>& p);
template std::string pointText<3>(const Vec<3>& p);

} // namespace detail

template <glm::length_t D>
std::string formatEvent(const DragEventOf<D>& e)
{
    // Streamed rather than concatenated: GCC 12 warns falsely (-Wrestrict) on some chains of
    // std::string additions.
    std::ostringstream line;
    line << e.step << ' ';
    auto number = [](double v) { return formatNumber(v); };
    auto point = [](const Vec<D>& p) { return detail::pointText<D>(p); };
    switch (e.kind) {
    case DragEvent::Kind::Drag:
        line << "drag " << e.particle << ' ' << point(e.position);
        break;
    case DragEvent::Kind::Release:
        line << "release";
        if (e.velocity)
            line << ' ' << point(*e.velocity);
        break;
    case DragEvent::Kind::Pin:
        line << "pin " << e.particle;
        break;
    case DragEvent::Kind::PinRow:
        line << "pin-row " << e.particle;
        break;
    case DragEvent::Kind::Unpin:
        line << "unpin " << e.particle;
        break;
    case DragEvent::Kind::Cut:
        line << "cut " << point(e.position) << ' ' << point(e.to);
        if constexpr (D == 3)
            line << ' ' << point(e.direction);
        break;
    case DragEvent::Kind::Set: {
        const SettingField* field = findSettingField(e.field);
        line << "set " << (field ? std::string_view(field->flag).substr(2) : e.field) << ' ';
        // As the flag takes it: "40", "0.005", "colored", "double".
        line << (field ? valueText(field->value, e.value) : number(e.value));
        break;
    }
    case DragEvent::Kind::Restart:
        line << "restart";
        break;
    case DragEvent::Kind::End:
        line << "end";
        break;
    case DragEvent::Kind::Grab:
        line << "grab " << point(e.position) << ' ' << number(e.radius);
        break;
    case DragEvent::Kind::Move:
        line << "move " << point(e.position);
        break;
    case DragEvent::Kind::Undo:
        line << "undo";
        break;
    case DragEvent::Kind::Redo:
        line << "redo";
        break;
    case DragEvent::Kind::AddObstacle:
        line << "obstacle " << formatObstacleSpec(e.obstacle);
        break;
    case DragEvent::Kind::MoveObstacle:
        line << "move-obstacle " << e.obstacleIndex << ' ' << point(e.position);
        if (e.angle) {
            if constexpr (D == 2)
                line << ' ' << number(*e.angle);
            else
                line << ' ' << point(*e.angle);
        }
        break;
    case DragEvent::Kind::RemoveObstacle:
        line << "remove-obstacle " << e.obstacleIndex;
        break;
    case DragEvent::Kind::AddBall:
    case DragEvent::Kind::GrabBall:
    case DragEvent::Kind::MoveBall:
    case DragEvent::Kind::ReleaseBall:
    case DragEvent::Kind::RemoveBall:
        line << detail::ballEventText<D>(e);
        break;
    case DragEvent::Kind::Scene:
        line << "scene " << e.sceneName;
        break;
    case DragEvent::Kind::Load:
        line << "load " << e.stateName;
        break;
    }
    return line.str();
}

template std::string formatEvent<2>(const DragEvent& event);
template std::string formatEvent<3>(const DragEvent3& event);

template <glm::length_t D>
std::vector<CommandOf<D>> eventCommands(const DragEventOf<D>& e, const Settings& current)
{
    switch (e.kind) {
    case DragEvent::Kind::Drag:
        return {GrabCommand{e.particle}, MoveCommandOf<D>{e.position}};
    case DragEvent::Kind::Release:
        return {ReleaseCommandOf<D>{e.velocity}};
    case DragEvent::Kind::Pin:
        return {PinCommand{e.particle}};
    case DragEvent::Kind::PinRow: {
        // Every particle of the row as the cloth is now (a row past its end pins nothing).
        std::vector<CommandOf<D>> pins;
        if (e.particle < static_cast<Index>(current.height))
            for (int j = 0; j < current.width; ++j)
                pins.push_back(PinCommand{e.particle * static_cast<Index>(current.width) +
                                          static_cast<Index>(j)});
        return pins;
    }
    case DragEvent::Kind::Unpin:
        return {UnpinCommand{e.particle}};
    case DragEvent::Kind::Cut:
        return {CutCommandOf<D>{e.position, e.to, e.direction}};
    case DragEvent::Kind::Set:
        if (const SettingField* field = findSettingField(e.field)) {
            Settings settings = current;
            field->set(settings, e.value);
            return {SetCommand{settings}};
        }
        return {};
    case DragEvent::Kind::Restart:
        return {RestartCommand{}};
    case DragEvent::Kind::End:
        return {};
    case DragEvent::Kind::Grab:
        return {AreaGrabCommandOf<D>{e.position, e.radius}};
    case DragEvent::Kind::Move:
        return {MoveCommandOf<D>{e.position}};
    case DragEvent::Kind::Undo:
        return {UndoCommand{}};
    case DragEvent::Kind::Redo:
        return {RedoCommand{}};
    case DragEvent::Kind::AddObstacle:
        return {AddObstacleCommandOf<D>{e.obstacle}};
    case DragEvent::Kind::MoveObstacle:
        return {MoveObstacleCommandOf<D>{e.obstacleIndex, e.position, e.angle}};
    case DragEvent::Kind::RemoveObstacle:
        return {RemoveObstacleCommand{e.obstacleIndex}};
    case DragEvent::Kind::AddBall:
    case DragEvent::Kind::GrabBall:
    case DragEvent::Kind::MoveBall:
    case DragEvent::Kind::ReleaseBall:
    case DragEvent::Kind::RemoveBall:
        return {detail::ballEventCommand<D>(e)};
    case DragEvent::Kind::Scene:
        return {SceneCommand{e.sceneName, e.scene}};
    case DragEvent::Kind::Load:
        return {LoadCommandOf<D>{e.stateName, e.state}};
    }
    return {};
}

template std::vector<Command> eventCommands<2>(const DragEvent& event, const Settings& current);
template std::vector<Command3> eventCommands<3>(const DragEvent3& event,
                                                const Settings& current);

template <glm::length_t D>
void DragPlayerOf<D>::applyBefore(std::uint64_t step, SimulationOf<D>& simulation)
{
    // Through the commands and the history, as the app applies them. The parser has bounded
    // the indices, coordinates and values; an index beyond a cloth that a `set` made smaller
    // than the parser assumed (a script parsed with parseDragScript) is refused and skipped,
    // as are a move without a grab and an undo with nothing to undo.
    for (; next_ < events_.size() && events_[next_].step <= step; ++next_)
        for (const CommandOf<D>& command : eventCommands<D>(events_[next_], simulation.settings()))
            history_.apply(simulation, command);
}

template class DragPlayerOf<2>;
template class DragPlayerOf<3>;

} // namespace pbd
