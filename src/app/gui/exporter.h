#pragma once
/// \file
/// The app's exports: F12's PNG of the window, --frames-dir's PNG of every frame and the
/// "Export video" pipe to ffmpeg (a frame every 1/30 s of simulated time: io/video_clock.h;
/// the canvas only unless the preferences say otherwise). Frames are read back through FrameCapture (one frame late,
/// no wait for the GPU) and encoded and written on a FrameWorker thread; F12 reads and writes
/// at once. A failure is reported (panel notice and stderr) and never stops the app.

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "io/export_status.h"
#include "render/frame_capture.h"
#include "io/frame_worker.h"
#include "io/video_clock.h"
#include "io/video_export.h"
#include "pbd/simulation_fwd.h"

namespace pbd::app {

/// Where the frame loop's time for --frames-dir and the video went, summed over frames.
struct ExportTimes {
    long long frames = 0;      ///< frames handed to --frames-dir or the video
    double readBack = 0.0;     ///< ms: starting the copy, mapping the previous frame, copying it out
    double waitForWriter = 0.0; ///< ms: waiting for room in the writers' queues
};

/// Owns the exports of one window. Needs the window's GL context current.
class Exporter {
public:
    /// `framesDirectory`: --frames-dir (already checked by prepareOutputDirectory), or empty.
    /// The video's frame rate is kVideoFps. Looks for ffmpeg on the PATH once.
    explicit Exporter(std::string framesDirectory);
    /// Finishes what is still running (see finish()).
    ~Exporter();
    Exporter(const Exporter&) = delete;
    Exporter& operator=(const Exporter&) = delete;

    /// Starts or stops the video export of frames of `videoSize` pixels (the framebuffer's
    /// bottom-left part: the canvas, or all of it); `time`: the simulated time now (s).
    void toggleVideo(glm::ivec2 videoSize, double time);
    /// After drawing a frame, before the swap: writes F12's PNG of the framebuffer's
    /// bottom-left `pngSize` pixels when `screenshot`, hands the frame to --frames-dir when it
    /// runs, and to the video as many times as the simulated time `time` (s) calls for
    /// (VideoClock: none, one or more).
    void afterDraw(glm::ivec2 framebufferSize, bool screenshot, glm::ivec2 pngSize, double time);
    /// Writes the cloth's surface as pbd-cloth-DATE-TIME.obj (-2, -3 ... when taken) in the
    /// working directory (pbd/obj_file.h) and says where it went, or why not (2D or 3D).
    template <glm::length_t D>
    void saveObj(const SimulationOf<D>& simulation);
    /// A video export is running: the frames it reads may be drawn without the hover ring.
    bool videoRunning() const { return video_ != nullptr; }
    /// Writes the last frames, stops the video and waits for the writer. Returns false when
    /// a --frames-dir frame could not be written (the exit status is then 1).
    bool finish();

    ExportStatus status() const;
    /// The frame loop's time spent on --frames-dir and the video so far.
    const ExportTimes& times() const { return times_; }
    /// Writer threads: one per core, 1 to 4.
    std::size_t writers() const { return writers_.size(); }

private:
    /// Where a captured frame must go: the sinks running when it was drawn.
    struct Targets {
        long long frameNumber = 0; ///< --frames-dir's number, 0: not for --frames-dir
        int video = 0;             ///< how many video frames it stands for
    };
    void screenshot(glm::ivec2 framebufferSize);
    void dispatch(std::optional<FrameImage> image, Targets targets);
    void flushPending();
    void checkFailures();
    void stopVideo(const std::string& failure);
    void note(const std::string& text, bool error);

    std::string framesDirectory_;
    std::string framesShown_;           ///< framesDirectory_ made absolute, for the panel
    int fps_;
    std::optional<std::string> ffmpeg_; ///< its path, when on the PATH
    std::optional<FrameCapture> capture_;
    Targets pending_;                   ///< for the frame the capture still holds
    long long framesWritten_ = 0;       ///< --frames-dir frames handed to the writer
    bool framesFailed_ = false;
    std::unique_ptr<VideoExport> video_;
    long long videoFrames_ = 0;         ///< frames handed to the video so far
    VideoClock videoClock_;             ///< video frames against simulated time
    ExportStatus status_;

    mutable std::mutex failureMutex_;   ///< guards the two failures, set on the writer thread
    std::string framesFailure_;
    std::string videoFailure_;
    std::atomic<bool> videoFailed_{false};
    ExportTimes times_;
    /// Writer threads, last: joined first, while the rest still exists. Frame files are
    /// independent, so they go round the writers; the video's frames must stay in order and
    /// all go to the first.
    std::vector<std::unique_ptr<FrameWorker>> writers_;
};

} // namespace pbd::app
