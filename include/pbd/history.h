#pragma once
/// \file
/// Undo and redo: the user's actions on a simulation, each kept as the whole state just before
/// it and just after it (SimulationState, the state file's form in memory).
///
/// The app and `pbd-sim run` keep the same History and apply every command through it, so a
/// recording's `undo` and `redo` lines give the same states in both. What is one action is a
/// rule over the stream of commands, the same for both:
///   - a grab, from the grab command that holds particles (`drag` of a particle not held yet,
///     or `grab X Y R`) to the one that lets them go (a release, an area grab with nothing in
///     reach, a restart, a new cloth): one action, whatever steps and moves come between. A
///     new grab while holding ends the current action and starts another. Any other action,
///     an undo or a redo ends it where it is (a grab it keeps holds on outside any action,
///     as one a restored state holds: its moves and release are no action).
///   - each pin, unpin, cut (that removes something), setting change (that changes something),
///     restart and load of a saved state: one action; consecutive pins, unpins or setting
///     changes with no step between them merge into one (the panel's "Unpin all" issues one
///     unpin per pin, and a commit of several fields one `set` line per field).
///   - a ball's grab, from `grab-ball` to `release-ball`: one action, as a particle's grab.
///   - an obstacle's drag: consecutive `move-obstacle` lines of one obstacle with no other
///     action between them (steps may come between) are one action, so that two drags of
///     the same obstacle with nothing else between them undo together.
///   - each added obstacle or ball: one action; consecutive removals with no step between
///     them are one (the panel's "Clear" issues one per obstacle and ball).
///   - a restart takes in a setting change just before it and the pins, unpins, removals and
///     additions of obstacles and balls just after it, with no step between: the panel's
///     Scene combo (set, restart, the new world) is one action.
///   - steps are not actions: they happen between them.
/// Undo restores the state just before the last action (positions, velocities, time, steps,
/// pins, cuts, settings, the grab); redo the state just after it, as it was when it was made.
/// A new action clears what could be redone.
///
/// The limit (kMaxHistoryActions, kHistoryBudgetBytes): at most 64 actions, and the oldest are
/// dropped while the kept states take more than 256 MiB by snapshotBytes() (40 bytes per
/// particle and a few per pin, removed constraint and held particle; two states per action);
/// the newest action is always kept. A 40 x 30 cloth keeps 64 actions, 300 x 300 keeps 37,
/// 1000 x 1000 keeps 3.
///
/// The history is written once for D dimensions (HistoryOf<D>: History in 2D, History3 in 3D,
/// which counts 24 bytes per position and velocity).

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>

#include "pbd/command.h"
#include "pbd/simulation.h"

namespace pbd {

/// Most actions a History keeps.
inline constexpr std::size_t kMaxHistoryActions = 64;
/// Most bytes of states a History keeps (by snapshotBytes), unless the newest action alone
/// needs more.
inline constexpr std::size_t kHistoryBudgetBytes = std::size_t{256} << 20;

/// The bytes a History counts for one kept state: 16 per position and velocity (24 in 3D),
/// 8 per mass, 4 per pin, 8 per removed constraint, 20 per particle an area grab holds (28
/// in 3D).
template <glm::length_t D>
std::size_t snapshotBytes(const SimulationStateOf<D>& state);

/// The actions taken on one simulation in D dimensions, for undo and redo.
template <glm::length_t D>
class HistoryOf {
public:
    using SimulationType = SimulationOf<D>;
    using StateType = SimulationStateOf<D>;
    using CommandType = CommandOf<D>;

    /// Applies `command` to `simulation` (pbd::apply) and keeps the history by the rules
    /// above; an UndoCommand or RedoCommand undoes or redoes. A refused command changes
    /// neither and returns the reason; so does an undo with nothing to undo ("undo: nothing
    /// to undo") and a redo with nothing to redo.
    std::optional<CommandError> apply(SimulationType& simulation, const CommandType& command);

    /// A change made to `simulation` outside the commands (loading a saved state) is one
    /// action from `before` (the state just before it) to the simulation's state now.
    void changed(const StateType& before, SimulationType& simulation);

    /// Actions that undo would take back, newest last.
    std::size_t undoCount() const { return done_.size(); }
    /// Actions that redo would bring back.
    std::size_t redoCount() const { return undone_.size(); }
    /// Whether a grab action is open (it ends with the release).
    bool grabOpen() const { return grabOpen_; }
    /// Bytes of the kept states, by snapshotBytes.
    std::size_t bytes() const { return bytes_; }
    /// Where the history stands: the number of the newest action that undo would take back
    /// (actions are numbered 1, 2, ... as they are made, and one that others merge into keeps
    /// its number); with none to undo, the number of the last one the limit dropped or
    /// clear() forgot, 0 if none. The state now is the state just after that action, so a
    /// caller can tie what it keeps beside the simulation (the app's chosen scene) to it.
    std::uint64_t position() const { return done_.empty() ? forgotten_ : done_.back().number; }
    /// The position that undoing every kept action comes back to: no position before it
    /// can come back.
    std::uint64_t firstPosition() const { return forgotten_; }
    /// Forgets every action.
    void clear();

private:
    enum class Kind { Grab, Pin, Unpin, Cut, Set, Restart, Load, Add, Remove, MoveObstacle };
    struct Action {
        Kind kind;
        StateType before;
        std::optional<StateType> after; ///< none while a grab is open
        std::size_t obstacle = 0;             ///< MoveObstacle: which one
        std::uint64_t number = 0;             ///< position()'s, given by push()
    };

    std::optional<CommandError> grabPart(SimulationType& simulation, const CommandType& command);
    std::optional<CommandError> discrete(SimulationType& simulation, const CommandType& command,
                                         Kind kind);
    std::optional<CommandError> ballGrabPart(SimulationType& simulation,
                                             const BallCommandOf<D>& command);
    std::optional<CommandError> moveObstacle(SimulationType& simulation,
                                             const MoveObstacleCommandOf<D>& command);
    /// Whether an action of `kind` merges into the newest one (the rules above).
    bool mergesInto(const SimulationType& simulation, Kind kind) const;
    std::optional<CommandError> undo(SimulationType& simulation);
    std::optional<CommandError> redo(SimulationType& simulation);
    /// Ends an open grab action with the simulation's state now.
    void closeGrab(SimulationType& simulation);
    void push(Action action);
    void trim();

    std::deque<Action> done_;   ///< oldest first
    std::deque<Action> undone_; ///< the next redo last
    bool grabOpen_ = false;
    /// The newest action may take in a pin, unpin or set of its own kind (no undo, redo or
    /// other action since).
    bool mergeable_ = false;
    std::size_t bytes_ = 0;
    std::uint64_t numbered_ = 0;  ///< the last number push() gave
    std::uint64_t forgotten_ = 0; ///< the last dropped or forgotten action's number
};

/// The 2D cloth's history (the app's).
using History = HistoryOf<2>;
/// The 3D cloth's history.
using History3 = HistoryOf<3>;

extern template class HistoryOf<2>;
extern template class HistoryOf<3>;

} // namespace pbd
