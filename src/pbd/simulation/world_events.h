#pragma once
// The event-script lines of the world: `obstacle SPEC`, `move-obstacle I X Y [DEG]` (3D:
// `move-obstacle I X Y Z [AX AY AZ]`) and `remove-obstacle I`, parsed for drag_script.cpp.
// Private to the core.

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pbd/drag_script.h"

namespace pbd::detail {

/// How many obstacles (or balls) a script's simulation holds as its lines add and remove
/// them, to bound the indices: after an undo or redo the count is unknown, and any index below
/// the most seen is taken (a refused one is skipped when applied).
struct ScriptItems {
    std::size_t now = 0;
    std::size_t initial = 0; ///< what a restart brings back
    std::size_t most = 0;
    bool travelled = false;
    std::size_t bound() const { return travelled ? most : now; }
    void restart() { now = initial; }
    /// A scene replaced the world: `count` now and after a restart.
    void replace(std::size_t count)
    {
        initial = count;
        set(count);
    }
    void set(std::size_t count)
    {
        now = count;
        most = std::max(most, count);
    }
};

/// Whether `verb` is one of the world's events.
bool worldVerb(std::string_view verb);

/// Throws DragScriptError unless line `line`'s verb fields[1] has `least` or `most` values
/// after it; `usage` is the line's form; `dimensions` the run's (otherDimensionsNote()).
void requireScriptCount(std::size_t line, const std::vector<std::string_view>& fields,
                        std::size_t least, std::size_t most, const std::string& usage,
                        int dimensions = 2);
/// When `got` values are the count of `verb`'s form in the other dimensions than the run's
/// `dimensions` (3 after `drag` in 2D), the note a refusal ends with: "; that is the count of
/// the form of dimensions = 3 ('STEP drag INDEX X Y Z'), and this run has dimensions = 2";
/// else "" (drag_script.cpp, from kEventLines).
std::string otherDimensionsNote(std::string_view verb, int dimensions, std::size_t got);
/// "STEP " and `verb`'s form in D dimensions, as kEventLines gives it.
template <glm::length_t D>
std::string scriptUsage(std::string_view verb);
/// A point as event lines write it: "x y" or "x y z", shortest round-trip numbers.
template <glm::length_t D>
std::string pointText(const Vec<D>& p);
/// Counts one more `what` ("obstacle", "ball") in `items`; throws DragScriptError when that
/// would make more than `limit`.
void countScriptAddition(std::size_t line, ScriptItems& items, std::size_t limit,
                         const char* what);
/// Reads the item an adding line gives (`spec` as its flag takes it) with `parse(spec,
/// error)` (parseObstacleSpec, parseBallSpec) and counts it in `items` (countScriptAddition);
/// throws DragScriptError with parse's message, or the limit's.
template <class Parse>
auto readScriptAddition(std::size_t line, std::string_view spec, Parse parse, ScriptItems& items,
                        std::size_t limit, const char* what)
{
    std::string error;
    const auto item = parse(spec, error);
    if (!item)
        throw DragScriptError(line, error);
    countScriptAddition(line, items, limit, what);
    return *item;
}
/// Reads an index of one of `count` `what`s ("obstacle", "ball") on script line `line`;
/// throws DragScriptError naming the value and the allowed indices.
std::size_t readScriptIndex(std::size_t line, std::string_view text, const char* what,
                            std::size_t count);
/// Reads the index of a removing line (readScriptIndex among `items`) and counts one `what`
/// fewer in `items` (unless an undo or redo left the count unknown).
std::size_t readScriptRemoval(std::size_t line, std::string_view text, const char* what,
                              ScriptItems& items);
/// Reads a finite number within +-limit `unit` for field `what` on script line `line`;
/// throws DragScriptError naming the value and the range.
double readScriptNumber(std::size_t line, std::string_view text, const char* what,
                        double limit, const char* unit);
/// Reads D such numbers from fields[first] on, named `names` (a centre "X" "Y" "Z", a velocity
/// "VX" "VY" "VZ"), x first: the first refusal is thrown.
template <glm::length_t D>
Vec<D> readScriptPointOf(std::size_t line, const std::vector<std::string_view>& fields,
                         std::size_t first, const std::array<const char*, 3>& names,
                         double limit, const char* unit)
{
    Vec<D> point;
    for (glm::length_t c = 0; c < D; ++c) {
        const auto k = static_cast<std::size_t>(c);
        point[c] = readScriptNumber(line, fields[first + k], names[k], limit, unit);
    }
    return point;
}
/// Parses a world event line (fields[1] is its verb) into `event`, updating `obstacles`.
/// Throws DragScriptError naming the line, the field, the value and what is allowed.
template <glm::length_t D>
void parseWorldEvent(std::size_t line, const std::vector<std::string_view>& fields,
                     ScriptItems& obstacles, DragEventOf<D>& event);

/// Parses `scene NAME|FILE` (fields[2]: a built-in scene's name or a scene file's path, read
/// now from `folder` unless absolute) into `event`. Throws DragScriptError naming the line
/// and why the scene was refused.
template <glm::length_t D>
void parseSceneEvent(std::size_t line, const std::vector<std::string_view>& fields,
                     std::string_view folder, DragEventOf<D>& event);
/// Parses `load FILE` (fields[2]: a state file's path, read now from `folder` unless
/// absolute, a state of D dimensions) into `event`. Throws DragScriptError naming the line,
/// the file and why.
template <glm::length_t D>
void parseLoadEvent(std::size_t line, const std::vector<std::string_view>& fields,
                    std::string_view folder, DragEventOf<D>& event);
/// The settings a scene brings: its own, but the solver, threads and GPU precision of
/// `current` (they choose how the cloth is stepped, not what it is).
Settings sceneSettingsOver(const Settings& scene, const Settings& current);

/// Whether `verb` is one of the balls' events: `ball X Y R MASS`, `grab-ball I X Y`,
/// `move-ball X Y`, `release-ball [VX VY]`, `remove-ball I` (ball_events.cpp; X Y Z and
/// VX VY VZ in 3D).
bool ballVerb(std::string_view verb);
/// Parses a ball event line into `event`, counting the balls in `balls` as `obstacles` counts
/// obstacles. Throws DragScriptError naming the line, the field, the value and what is allowed.
template <glm::length_t D>
void parseBallEvent(std::size_t line, const std::vector<std::string_view>& fields,
                    ScriptItems& balls, DragEventOf<D>& event);
/// A ball event's line after its step ("ball 1 2 0.3 1", "release-ball", ...).
template <glm::length_t D>
std::string ballEventText(const DragEventOf<D>& event);
/// The command a ball event applies.
template <glm::length_t D>
CommandOf<D> ballEventCommand(const DragEventOf<D>& event);
/// A ball action's name in commandName() ("ball", "grab-ball", ...).
const char* ballCommandName(BallAction action);
/// Applies a ball command; returns why it was refused.
template <glm::length_t D>
std::optional<std::string> applyBallCommand(SimulationOf<D>& simulation,
                                            const BallCommandOf<D>& command);

} // namespace pbd::detail
