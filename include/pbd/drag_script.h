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

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

#include "pbd/cloth.h"
#include "pbd/command.h"
#include "pbd/history.h"
#include "pbd/scene.h"
#include "pbd/simulation.h"

namespace pbd {

/// Largest accepted |X| or |Y| in a drag or cut event, in metres: what
/// Simulation::moveGrabbed takes.
inline constexpr double kMaxDragCoordinate = kMaxGrabCoordinate;
/// Largest accepted |VX| or |VY| of a release, in m/s.
inline constexpr double kMaxReleaseSpeed = 1e6;
/// Longest accepted line of a drag script, in characters.
inline constexpr std::size_t kMaxDragLineLength = 1024;

/// One scripted event.
struct DragEvent {
    enum class Kind {
        Drag, Release, Pin, PinRow, Unpin, Cut, Set, Restart, End, Grab, Move, Undo, Redo,
        AddObstacle, MoveObstacle, RemoveObstacle,
        AddBall, GrabBall, MoveBall, ReleaseBall, RemoveBall, Scene, Load
    };
    std::uint64_t step = 0;  ///< applied before this step (0-based)
    Kind kind = Kind::Drag;
    Index particle = 0;      ///< Drag, Pin, Unpin; PinRow: the row (0 = top)
    glm::dvec2 position{0.0}; ///< Drag, Move: the place; Grab: the point; Cut: the segment's
                              ///< start (metres)
    glm::dvec2 to{0.0};       ///< Cut: the segment's end (metres)
    std::optional<glm::dvec2> velocity; ///< Release: the throw (m/s), or none (the page)
    double radius = 0.0;      ///< Grab: metres, more than 0 up to kMaxGrabRadius
    std::string field;        ///< Set: the Settings member (e.g. "timeStep")
    double value = 0.0;       ///< Set: its value
    Obstacle obstacle;        ///< AddObstacle: the new obstacle
    std::size_t obstacleIndex = 0; ///< MoveObstacle, RemoveObstacle: which one
    std::optional<double> angle;   ///< MoveObstacle: the new angle in degrees, if given
    Ball ball;                     ///< AddBall: the new ball
    std::size_t ballIndex = 0;     ///< GrabBall, RemoveBall: which one (GrabBall, MoveBall:
                                   ///< the place in `position`; ReleaseBall: `velocity`)
    std::string sceneName;         ///< Scene: the built-in name or file path, as written
    pbd::Scene scene;              ///< Scene: what it named, read when the line was parsed
    std::string stateName;         ///< Load: the state file's path, as written
    /// Load: the state it names, read when the line was parsed
    std::shared_ptr<const SimulationState> state;
};

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

/// Parses a whole script for a simulation that starts with `settings`, `obstacleCount`
/// obstacles and `ballCount` balls: its size bounds the particle indices, following `set
/// width/height` lines, the obstacles the obstacle indices, following `obstacle` and
/// `remove-obstacle` lines, and the balls the ball indices likewise. The files that `scene`
/// and `load` lines name are read from `folder` (the script's) unless absolute; an empty
/// `folder` is the working directory. Throws DragScriptError.
std::vector<DragEvent> parseEventScript(std::string_view text, const Settings& settings,
                                        std::size_t obstacleCount = 0,
                                        std::size_t ballCount = 0,
                                        std::string_view folder = {});
/// The folder of the script at `path`, for parseEventScript() ("" for a bare file name).
std::string scriptFolder(std::string_view path);
/// The same for a script of drags and releases on a cloth of `particleCount` particles.
std::vector<DragEvent> parseDragScript(std::string_view text, std::size_t particleCount);

/// The event as a script line ("120 drag 5 1.5 -2"), numbers in shortest round-trip form:
/// parsing the line gives the same event.
std::string formatEvent(const DragEvent& event);

/// The commands that play `event` on a simulation whose settings are now `current` (a `set`
/// changes one field of them): what DragPlayer applies, and what the app's replay issues.
/// A drag is a grab and a move; `end` is none.
std::vector<Command> eventCommands(const DragEvent& event, const Settings& current);

/// Feeds parsed events to a simulation step by step, through a History of its own (as the
/// app keeps one), so that `undo` and `redo` lines give the app's states.
class DragPlayer {
public:
    explicit DragPlayer(std::vector<DragEvent> events) : events_(std::move(events)) {}
    /// Applies every event scheduled before `step` (all events with event.step <= step that
    /// have not been applied yet).
    void applyBefore(std::uint64_t step, Simulation& simulation);
    /// The actions applied so far.
    const History& history() const { return history_; }

private:
    std::vector<DragEvent> events_;
    std::size_t next_ = 0;
    History history_;
};

} // namespace pbd
