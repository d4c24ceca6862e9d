#include "io/replayer.h"

#include <string_view>

#include "files/input_text.h"

namespace pbd::app {

std::optional<ScriptFileError> readEventScriptFile(const std::string& path,
                                                   const Settings& settings,
                                                   std::vector<DragEvent>& events,
                                                   std::string& warning,
                                                   std::size_t obstacleCount,
                                                   std::size_t ballCount)
{
    // As pbd-sim run reads --events: a directory or an unreadable file is an input failure.
    warning.clear();
    std::string text;
    if (auto error = readWholeFile(path, text))
        return ScriptFileError{"cannot read " + path + ": " + error->reason, true};
    std::string_view script = text;
    if (auto cut = dropCutRecordingLine(script))
        warning = path + ": warning: " + *cut;
    try {
        events = parseEventScript(script, settings, obstacleCount, ballCount,
                                  scriptFolder(path));
    } catch (const DragScriptError& e) {
        return ScriptFileError{path + ": " + e.what(), false};
    }
    return std::nullopt;
}

Replayer::Replayer(std::vector<DragEvent> events, std::string path)
    : events_(std::move(events)), path_(std::move(path))
{
    // The end line's step, as pbd-sim run takes it for --steps; without one, the last event's.
    for (const DragEvent& e : events_)
        endStep_ = e.step;
    for (const DragEvent& e : events_)
        if (e.kind == DragEvent::Kind::End) {
            endStep_ = e.step;
            break;
        }
    // Events up to the end step play (pbd-sim applies those of the last step after it).
    std::erase_if(events_, [this](const DragEvent& e) { return e.step > endStep_; });
}

const DragEvent* Replayer::nextDue()
{
    if (next_ < events_.size() && events_[next_].step <= step_)
        return &events_[next_++];
    return nullptr;
}

bool Replayer::finished() const
{
    return step_ >= endStep_ && next_ == events_.size();
}

} // namespace pbd::app
