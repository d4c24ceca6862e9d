#pragma once
/// \file
/// What the panel shows about the exports (F12, --frames-dir, Export video).

#include <string>

namespace pbd::app {

/// The exports' state for the panel's Export section and its message place.
struct ExportStatus {
    /// The last export's outcome: where a file went, or why it could not be written; empty
    /// before the first.
    std::string notice;
    bool noticeIsError = false;
    /// ffmpeg is on the PATH: the "Export video" button works.
    bool videoAvailable = false;
    /// A video is being exported (the button says "Stop video export").
    bool videoRunning = false;
    /// The video's state ("pbd-cloth-...mp4: 120 frames") or, without ffmpeg, what to install.
    std::string videoText;
    /// --frames-dir's state ("frames/: 240 frames written"), empty without --frames-dir.
    std::string framesText;
};

} // namespace pbd::app
