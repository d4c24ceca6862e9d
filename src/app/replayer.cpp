#include "replayer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace pbd::app {

std::optional<ScriptFileError> readEventScriptFile(const std::string& path,
                                                   const Settings& settings,
                                                   std::vector<DragEvent>& events)
{
    // As pbd-sim run reads --events: a directory or an unreadable file is an input failure.
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        return ScriptFileError{"cannot read " + path + ": " + std::strerror(errno), true};
    std::string text;
    char buffer[65536];
    std::size_t got = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        text.append(buffer, got);
    const bool failed = std::ferror(file) != 0;
    const int error = errno;
    std::fclose(file);
    if (failed)
        return ScriptFileError{"cannot read " + path + ": " + std::strerror(error), true};
    try {
        events = parseEventScript(text, settings);
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
