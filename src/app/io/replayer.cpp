#include "io/replayer.h"

#include <string_view>
#include <variant>

#include "files/input_text.h"

namespace pbd::app {

namespace {

/// Reads the script at `path` into `text` and `script` (its part to parse: a recording's last
/// line cut by a kill left out, `warning` saying so), as pbd-sim run reads --events: a
/// directory or an unreadable file is an input failure.
std::optional<ScriptFileError> readScriptText(const std::string& path, std::string& text,
                                              std::string_view& script, std::string& warning)
{
    warning.clear();
    if (auto error = readWholeFile(path, text))
        return ScriptFileError{"cannot read " + path + ": " + error->reason, true};
    script = text;
    if (auto cut = dropCutRecordingLine(script))
        warning = path + ": warning: " + *cut;
    return std::nullopt;
}

} // namespace

std::optional<ScriptFileError> readEventScriptFile(const std::string& path,
                                                   const Settings& settings,
                                                   std::vector<DragEvent>& events,
                                                   std::string& warning,
                                                   std::size_t obstacleCount,
                                                   std::size_t ballCount)
{
    std::string text;
    std::string_view script;
    if (auto error = readScriptText(path, text, script, warning))
        return error;
    try {
        events = parseEventScript(script, settings, obstacleCount, ballCount,
                                  scriptFolder(path));
    } catch (const DragScriptError& e) {
        return ScriptFileError{path + ": " + e.what(), false};
    }
    return std::nullopt;
}

std::optional<ScriptFileError> readEventScriptFile3(const std::string& path,
                                                    const Settings& start, Settings& settings,
                                                    std::vector<DragEvent3>& events,
                                                    std::string& warning, bool& notThreeD)
{
    notThreeD = false;
    std::string text;
    std::string_view script;
    if (auto error = readScriptText(path, text, script, warning))
        return error;
    const std::string folder = scriptFolder(path);
    if (start.dimensions == 2) {
        // A recording of the page's cloth in 3D: `0 scene page`, the settings up to `0 set
        // dimensions 3`, and the rest in 3D.
        try {
            std::vector<ScriptPiece> pieces = parseScriptPieces(script, start, 0, 0, folder);
            auto* space = pieces.size() == 2 ? std::get_if<ScriptPieceOf<3>>(&pieces[1])
                                             : nullptr;
            if (!space || space->start->step != 0) {
                notThreeD = true; // a 2D script, or one the 2D reading refuses (and says why)
                return std::nullopt;
            }
            settings = space->start->settings;
            events = std::move(space->events);
            return std::nullopt;
        } catch (const DragScriptError&) {
            // Perhaps one that starts with a 3D scene (`0 scene drape-3d`, or its world in a
            // scene file beside it): read in 3D below, as `pbd-sim run --dimensions 3` does.
        }
    }
    Settings space = start;
    space.dimensions = 3;
    if (validate(space)) { // (a 3D start was checked by the command line)
        notThreeD = true;
        return std::nullopt;
    }
    try {
        events = parseEventScript<3>(script, space, 0, 0, folder);
        settings = space;
    } catch (const DragScriptError& e) {
        if (start.dimensions == 2) {
            notThreeD = true; // the 2D reading says what is wrong with it
            return std::nullopt;
        }
        return ScriptFileError{path + ": " + e.what(), false};
    }
    return std::nullopt;
}

template <glm::length_t D>
ReplayerOf<D>::ReplayerOf(std::vector<DragEventOf<D>> events, std::string path)
    : events_(std::move(events)), path_(std::move(path))
{
    // The end line's step, as pbd-sim run takes it for --steps; without one, the last event's.
    for (const DragEventOf<D>& e : events_)
        endStep_ = e.step;
    for (const DragEventOf<D>& e : events_)
        if (e.kind == DragEventKind::End) {
            endStep_ = e.step;
            break;
        }
    // Events up to the end step play (pbd-sim applies those of the last step after it).
    std::erase_if(events_, [this](const DragEventOf<D>& e) { return e.step > endStep_; });
}

template <glm::length_t D>
const DragEventOf<D>* ReplayerOf<D>::nextDue()
{
    if (next_ < events_.size() && events_[next_].step <= step_)
        return &events_[next_++];
    return nullptr;
}

template <glm::length_t D>
bool ReplayerOf<D>::finished() const
{
    return step_ >= endStep_ && next_ == events_.size();
}

std::string replayFinished(const std::string& path, std::uint64_t end, const std::string& hash)
{
    return "Replay of " + path + " finished at step " + std::to_string(end) +
           "; paused (Space runs on live); positions hash " + hash;
}

template class ReplayerOf<2>;
template class ReplayerOf<3>;

template <glm::length_t D>
std::optional<std::string> playDueEvents(ReplayerOf<D>& replay, const ReplayTarget<D>& target)
{
    while (const DragEventOf<D>* event = replay.nextDue()) {
        for (const CommandOf<D>& command : eventCommands(*event, target.settings())) {
            const auto* set = std::get_if<SetCommand>(&command);
            const auto* load = std::get_if<LoadCommandOf<D>>(&command);
            const std::optional<Solver> solver =
                set ? std::optional(set->settings.solver)
                    : load && load->state ? std::optional(load->state->settings.solver)
                                          : std::nullopt;
            if (solver)
                if (std::string why = target.unavailable(*solver); !why.empty())
                    return why;
            target.issue(command);
        }
    }
    return std::nullopt;
}

template std::optional<std::string> playDueEvents(ReplayerOf<2>&, const ReplayTarget<2>&);
template std::optional<std::string> playDueEvents(ReplayerOf<3>&, const ReplayTarget<3>&);

template <glm::length_t D>
std::optional<std::string> playTurn(ReplayerOf<D>& replay, const ReplayTarget<D>& target,
                                    const std::function<std::string()>& hash)
{
    if (const std::optional<std::string> refused = playDueEvents(replay, target))
        return "Replay of " + replay.path() + " stopped at step " +
               std::to_string(replay.step()) + ": it uses the GPU solver; " + *refused;
    if (replay.finished())
        return replayFinished(replay.path(), replay.endStep(), hash());
    return std::nullopt;
}

template std::optional<std::string> playTurn(ReplayerOf<2>&, const ReplayTarget<2>&,
                                             const std::function<std::string()>&);
template std::optional<std::string> playTurn(ReplayerOf<3>&, const ReplayTarget<3>&,
                                             const std::function<std::string()>&);

} // namespace pbd::app
