#pragma once
/// \file
/// Event scripts (first called drag scripts): every command a user can give, scripted, for
/// headless runs, recordings and tests.
///
/// One event per line; blank lines and lines starting with '#' are ignored. Each applies
/// before step STEP (0-based); STEP never decreases.
///   STEP drag INDEX X Y        particle INDEX becomes the grabbed one if it is not already,
///                              and is placed at (X, Y) metres
///   STEP grab X Y R            every particle within R metres of (X, Y) is held at its offset
///                              from that point (R > 0); nothing in reach: no grab. The
///                              current grab, of either kind, is released first
///   STEP move X Y              the grab point (or the grabbed particle) moves to (X, Y)
///   STEP release               the grabbed particle is let go, keeping its velocity (the page)
///   STEP release VX VY         ... and given the velocity (VX, VY) m/s (a throw)
///   STEP pin INDEX             pins particle INDEX where it is
///   STEP pin-row ROW           pins every particle of row ROW (0 = the top row) where it is
///   STEP unpin INDEX           unpins it (a fixed corner too)
///   STEP cut X1 Y1 X2 Y2       removes the constraints crossing that segment (metres)
///   STEP set FIELD VALUE       applies a setting; FIELD is its command-line flag without the
///                              dashes (dt, iterations, stiffness, tear-strain, ...); width,
///                              height and fixed restart the cloth; solver and gpu-precision
///                              take their names (colored, double)
///   STEP restart               rebuilds the cloth
///   STEP undo                  back to the whole state just before the last action
///                              (pbd/history.h); STEP still counts the steps taken
///   STEP redo                  forward to the state just after the last undone action
///   STEP obstacle SPEC         adds an obstacle as the next index (SPEC as --obstacle takes
///                              it: circle:X,Y,R, box:X,Y,W,H[,DEG], capsule:X1,Y1,X2,Y2,R,
///                              ground:Y[,DEG])
///   STEP move-obstacle I X Y [DEG]  moves obstacle I's centre (a ground's point) to (X, Y),
///                              turned to DEG degrees when given, over the next step
///   STEP remove-obstacle I     removes obstacle I; later indices shift down by one
///   STEP ball X Y R MASS       adds a ball (as --ball X,Y,R,MASS) as the next index
///   STEP grab-ball I X Y       holds ball I at (X, Y) (kinematic while held)
///   STEP move-ball X Y         moves the held ball to (X, Y)
///   STEP release-ball [VX VY]  lets it go with that velocity (m/s), else its own
///   STEP remove-ball I         removes ball I; later indices shift down by one
///   STEP scene NAME|FILE       replaces the cloth, obstacles and balls by a built-in scene's
///                              or a scene file's (read when the script is parsed), as
///                              --scene does, keeping the solver, threads and GPU precision;
///                              a restart then brings that scene back
///   STEP load FILE             replaces the whole state by a state file's (read when the
///                              script is parsed), as --load starts a run: its obstacles and
///                              balls are what a restart then brings back
///   STEP end                   the script's end: `pbd-sim run` stops there without --steps
/// A FILE that is not absolute (and, for `scene`, not a built-in name) is relative to the
/// script's folder (the `folder` parseEventScript() is given).
///
/// In 3D (a script parsed for a run of dimensions 3: parseEventScript<3>) every line that
/// takes a point takes X Y Z, and the knife takes a direction:
///   STEP drag INDEX X Y Z, STEP grab X Y Z R, STEP move X Y Z, STEP release [VX VY VZ],
///   STEP cut X1 Y1 Z1 X2 Y2 Z2 DX DY DZ (the strip of the plane through the segment along D,
///   both ways: Simulation3::cut), STEP obstacle SPEC (the 3D specs: sphere:X,Y,Z,R, ...),
///   STEP move-obstacle I X Y Z [AX AY AZ], STEP ball X Y Z R MASS, STEP grab-ball I X Y Z,
///   STEP move-ball X Y Z, STEP release-ball [VX VY VZ]; `load` reads a 3D state file.
/// A line with the other dimension's count of values is refused naming the line, the verb,
/// the count given and the count allowed. A `scene` line takes a scene of the run's
/// dimensions (another is refused naming both). `set dimensions` to the other count is
/// refused by parseEventScript() (a run keeps its dimensions); parseScriptPieces() cuts the
/// script there instead, for pbd-sim run, which restarts the cloth in the other count.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/cloth.h"
#include "pbd/command.h"
#include "pbd/history.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"

namespace pbd {

/// Largest accepted |X|, |Y| or |Z| in a drag, grab, move or cut event, in metres: what
/// Simulation::moveGrabbed takes.
inline constexpr double kMaxDragCoordinate = kMaxGrabCoordinate;
/// Largest accepted |VX|, |VY| or |VZ| of a release, in m/s.
inline constexpr double kMaxReleaseSpeed = 1e6;
/// Longest accepted line of a drag script, in characters.
inline constexpr std::size_t kMaxDragLineLength = 1024;

/// The kinds of scripted event (DragEventOf::Kind).
enum class DragEventKind {
    Drag, Release, Pin, PinRow, Unpin, Cut, Set, Restart, End, Grab, Move, Undo, Redo,
    AddObstacle, MoveObstacle, RemoveObstacle,
    AddBall, GrabBall, MoveBall, ReleaseBall, RemoveBall, Scene, Load
};

/// One scripted event of a run in D dimensions (DragEvent in 2D, DragEvent3 in 3D).
template <glm::length_t D>
struct DragEventOf {
    using Kind = DragEventKind;
    std::uint64_t step = 0;  ///< applied before this step (0-based)
    Kind kind = Kind::Drag;
    Index particle = 0;      ///< Drag, Pin, Unpin; PinRow: the row (0 = top)
    Vec<D> position{0.0};    ///< Drag, Move: the place; Grab: the point; Cut: the segment's
                             ///< start (metres)
    Vec<D> to{0.0};          ///< Cut: the segment's end (metres)
    Vec<D> direction{0.0};   ///< Cut in 3D: the knife's direction (any length)
    std::optional<Vec<D>> velocity; ///< Release: the throw (m/s), or none (the page)
    double radius = 0.0;      ///< Grab: metres, more than 0 up to kMaxGrabRadius
    std::string field;        ///< Set: the Settings member (e.g. "timeStep")
    double value = 0.0;       ///< Set: its value
    ObstacleOf<D> obstacle;   ///< AddObstacle: the new obstacle
    std::size_t obstacleIndex = 0; ///< MoveObstacle, RemoveObstacle: which one
    /// MoveObstacle: the new angle in degrees, if given (three in 3D: AX AY AZ)
    std::optional<ObstacleAngleOf<D>> angle;
    BallOf<D> ball;                ///< AddBall: the new ball
    std::size_t ballIndex = 0;     ///< GrabBall, RemoveBall: which one (GrabBall, MoveBall:
                                   ///< the place in `position`; ReleaseBall: `velocity`)
    std::string sceneName;         ///< Scene: the built-in name or file path, as written
    pbd::Scene scene;              ///< Scene: what it named, read when the line was parsed
    std::string stateName;         ///< Load: the state file's path, as written
    /// Load: the state it names, read when the line was parsed
    std::shared_ptr<const SimulationStateOf<D>> state;
};
/// An event of a 2D script.
using DragEvent = DragEventOf<2>;
/// An event of a 3D script.
using DragEvent3 = DragEventOf<3>;

/// A drag script that could not be parsed; what() names the line, the value and what is
/// allowed.
class DragScriptError : public std::runtime_error {
public:
    DragScriptError(std::size_t line, const std::string& message);
    /// 1-based line number.
    std::size_t line() const { return line_; }

private:
    std::size_t line_;
};

/// One kind of event line: its form after STEP ("drag INDEX X Y") and what it does.
struct EventLine {
    const char* form; ///< the verb and its values, as error messages quote it
    const char* does; ///< what it does, one or two sentences (the man pages' text)
    /// The form in 3D where it differs ("drag INDEX X Y Z"), else null: the same line
    const char* form3 = nullptr;
};

/// Every kind of event line the parser takes, in the order its error messages list them;
/// the man pages (src/man) print them as they are.
std::span<const EventLine> eventLines();

/// The first line of every recording the app writes (its newline not included).
inline constexpr std::string_view kRecordingHeader =
    "# pbd-cloth recording: pbd-sim run --events FILE or pbd-cloth --replay FILE plays it back";

/// The one rule for a recording cut short by a kill, for every reader of script files: when
/// `text` starts with the kRecordingHeader line and its last line lacks a newline, that line
/// is taken off `text` and a warning naming it (its number and start) is returned. Any other
/// text is left as it is: a script written by hand may end without a newline.
std::optional<std::string> dropCutRecordingLine(std::string_view& text);

/// Parses a whole script for a simulation in D dimensions (Settings::dimensions is D; 2 by
/// default) that starts with `settings`, `obstacleCount`
/// obstacles and `ballCount` balls: its size bounds the particle indices, following `set
/// width/height` lines, the obstacles the obstacle indices, following `obstacle` and
/// `remove-obstacle` lines, and the balls the ball indices likewise. The files that `scene`
/// and `load` lines name are read from `folder` (the script's) unless absolute; an empty
/// `folder` is the working directory. Throws DragScriptError.
template <glm::length_t D = 2>
std::vector<DragEventOf<D>> parseEventScript(std::string_view text, const Settings& settings,
                                             std::size_t obstacleCount = 0,
                                             std::size_t ballCount = 0,
                                             std::string_view folder = {});
/// A `set dimensions N` line that changes the dimensions of a script's run: there pbd-sim
/// run restarts the cloth in N dimensions (parseScriptPieces()).
struct DimensionsChange {
    std::uint64_t step = 0; ///< the line's STEP: the new cloth takes the steps from there
    std::size_t line = 0;   ///< its 1-based number in the script
    int dimensions = 2;     ///< N
    /// The settings the new cloth is made with: the script's so far (the run's start's with
    /// the `set`, `scene` and `load` lines before this one), with N dimensions; validated.
    Settings settings;
    bool operator==(const DimensionsChange&) const = default;
};

/// A piece of a script in D dimensions: from its start (the run's, or a change of
/// dimensions) up to the next change of dimensions or the script's end.
template <glm::length_t D>
struct ScriptPieceOf {
    /// Nothing for the first piece (the run's own start); else the line that began it.
    std::optional<DimensionsChange> start;
    std::vector<DragEventOf<D>> events; ///< its events, as parseEventScript<D>() gives them
};
/// A piece of either dimensions.
using ScriptPiece = std::variant<ScriptPieceOf<2>, ScriptPieceOf<3>>;

/// Parses a whole script as parseEventScript() does, for a run that starts with `settings`
/// (in settings.dimensions), but a `set dimensions N` line to the other count ends a piece
/// instead of being refused: the lines after it are parsed in N dimensions, their indices
/// checked against a new cloth of the settings so far (width, height, ...) with no obstacles
/// or balls, their steps still never decreasing. The settings with N dimensions must be valid
/// (a refusal names the line and the setting: `solver = gpu` in 3D, `bending` in 2D, ...);
/// a change after an undo or redo line of the same piece is refused (the settings it would
/// take are not known there). At least one piece, the first of settings.dimensions. Throws
/// DragScriptError.
std::vector<ScriptPiece> parseScriptPieces(std::string_view text, const Settings& settings,
                                           std::size_t obstacleCount = 0,
                                           std::size_t ballCount = 0,
                                           std::string_view folder = {});

/// The folder of the script at `path`, for parseEventScript() ("" for a bare file name).
std::string scriptFolder(std::string_view path);
/// The same for a script of drags and releases on a cloth of `particleCount` particles.
std::vector<DragEvent> parseDragScript(std::string_view text, std::size_t particleCount);

/// The event as a script line ("120 drag 5 1.5 -2"; "120 drag 5 1.5 -2 0.25" in 3D), numbers
/// in shortest round-trip form: parsing the line gives the same event.
template <glm::length_t D>
std::string formatEvent(const DragEventOf<D>& event);

/// The commands that play `event` on a simulation whose settings are now `current` (a `set`
/// changes one field of them): what DragPlayer applies, and what the app's replay issues.
/// A drag is a grab and a move; `end` is none.
template <glm::length_t D>
std::vector<CommandOf<D>> eventCommands(const DragEventOf<D>& event, const Settings& current);

/// The event line that plays `command` (applied before step `step`) on `simulation`, as the
/// state is just after it was applied: what a recorder writes of a History's commands. A
/// grab is written as a drag to where the particle is, a move as where the grab point or
/// the particle went; a `set` as one line per field whose bits differ from `before` (the
/// settings before the command), in the settings table's order. Nothing for a step (steps
/// are counted, not written), a move without a grab or a set that changes nothing.
template <glm::length_t D>
std::vector<DragEventOf<D>> commandEvents(const CommandOf<D>& command, std::uint64_t step,
                                          const SimulationOf<D>& simulation,
                                          const Settings& before);

/// Feeds parsed events to a simulation step by step, through a History of its own (as the
/// app keeps one), so that `undo` and `redo` lines give the app's states.
template <glm::length_t D>
class DragPlayerOf {
public:
    explicit DragPlayerOf(std::vector<DragEventOf<D>> events) : events_(std::move(events)) {}
    /// Applies every event scheduled before `step` (all events with event.step <= step that
    /// have not been applied yet).
    void applyBefore(std::uint64_t step, SimulationOf<D>& simulation);
    /// The actions applied so far.
    const HistoryOf<D>& history() const { return history_; }

private:
    std::vector<DragEventOf<D>> events_;
    std::size_t next_ = 0;
    HistoryOf<D> history_;
};
/// The 2D player.
using DragPlayer = DragPlayerOf<2>;
/// The 3D player.
using DragPlayer3 = DragPlayerOf<3>;

extern template class DragPlayerOf<2>;
extern template class DragPlayerOf<3>;

} // namespace pbd
