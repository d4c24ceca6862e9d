#include "gui/exporter.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <filesystem>
#include <system_error>
#include <utility>

#include "io/export_files.h"
#include "pbd/obj_file.h"
#include "pbd/simulation.h"
#include "render/screenshot.h"

namespace pbd::app {

Exporter::Exporter(std::string framesDirectory)
    : framesDirectory_(std::move(framesDirectory)),
      framesShown_(framesDirectory_.empty() ? std::string() : absolutePath(framesDirectory_)),
      fps_(kVideoFps), ffmpeg_(findOnPath("ffmpeg"))
{
    const unsigned cores = std::thread::hardware_concurrency();
    for (unsigned i = 0; i < std::clamp(cores, 1u, 4u); ++i)
        writers_.push_back(std::make_unique<FrameWorker>());
    status_.videoAvailable = ffmpeg_.has_value();
    status_.videoText = ffmpeg_ ? std::string() : std::string(kVideoNeedsFfmpeg);
}

Exporter::~Exporter()
{
    finish();
}

void Exporter::note(const std::string& text, bool error)
{
    status_.notice = text;
    status_.noticeIsError = error;
    std::fprintf(stderr, "pbd-cloth: %s\n", text.c_str());
}

void Exporter::afterDraw(glm::ivec2 framebufferSize, bool takeScreenshot, glm::ivec2 pngSize,
                         double time)
{
    checkFailures();
    if (takeScreenshot)
        screenshot(pngSize);
    const bool frames = !framesDirectory_.empty() && !framesFailed_;
    // The video's frames follow simulated time: none while paused, several when a frame
    // steps over more than one interval (the same picture, repeated).
    const int video = video_ && !videoFailed_ ? videoClock_.framesFor(time) : 0;
    if (!frames && video == 0)
        return;
    if (!capture_)
        capture_.emplace();
    const Targets previous = pending_;
    pending_ = {frames ? ++framesWritten_ : 0, video};
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    std::optional<FrameImage> image = capture_->capture(framebufferSize);
    const Clock::time_point read = Clock::now();
    dispatch(std::move(image), previous);
    ++times_.frames;
    times_.readBack += std::chrono::duration<double, std::milli>(read - start).count();
    times_.waitForWriter += std::chrono::duration<double, std::milli>(Clock::now() - read).count();
    if (frames)
        status_.framesText = framesShown_ + ": " + std::to_string(framesWritten_) + " frames";
    if (video > 0) {
        videoFrames_ += video;
        status_.videoText = video_->output() + ": " + std::to_string(videoFrames_) + " frames";
    }
}

void Exporter::screenshot(glm::ivec2 framebufferSize)
{
    const ReservedFile file = reserveNewFile(".", timestampStemNow(), "png");
    if (!file.error.empty()) {
        note("Screenshot not saved: " + file.error, true);
        return;
    }
    const FrameImage image = readBackBuffer(framebufferSize);
    if (auto error = writePng(file.path, image)) {
        std::error_code ignored;
        std::filesystem::remove(file.path, ignored); // the empty reserved name
        note("Screenshot not saved: " + *error, true);
        return;
    }
    note("Screenshot saved to " + absolutePath(file.path) + " (" + std::to_string(image.width) +
             " x " + std::to_string(image.height) + " pixels)",
         false);
}

template <glm::length_t D>
void Exporter::saveObj(const SimulationOf<D>& simulation)
{
    const ReservedFile file = reserveNewFile(".", timestampStemNow(), "obj");
    if (!file.error.empty()) {
        note("OBJ not saved: " + file.error, true);
        return;
    }
    if (auto error = saveObjFile(simulation, file.path)) {
        std::error_code ignored;
        std::filesystem::remove(file.path, ignored); // the empty reserved name
        note("OBJ not saved: " + *error, true);
        return;
    }
    note("OBJ saved to " + absolutePath(file.path) + " (" +
             std::to_string(simulation.particles().size()) + " vertices)",
         false);
}

template void Exporter::saveObj(const SimulationOf<2>& simulation);
template void Exporter::saveObj(const SimulationOf<3>& simulation);

void Exporter::dispatch(std::optional<FrameImage> image, Targets targets)
{
    if (!image || (targets.frameNumber == 0 && targets.video == 0))
        return;
    auto shared = std::make_shared<const FrameImage>(std::move(*image));
    if (targets.frameNumber > 0) {
        const std::string path = framesDirectory_ + "/" + frameFileName(targets.frameNumber);
        FrameWorker& writer = *writers_[static_cast<std::size_t>(targets.frameNumber) %
                                        writers_.size()];
        writer.post([this, shared, path] {
            {
                std::lock_guard lock(failureMutex_);
                if (!framesFailure_.empty())
                    return; // one failure is enough: no more frame files
            }
            // Under a temporary name first: a kill mid-write leaves no partial frame-N.png.
            const std::string partial = partialFileName(path);
            std::optional<std::string> error = writePng(partial, *shared);
            if (error)
                std::remove(partial.c_str());
            else
                error = publishFile(partial, path);
            if (error) {
                std::lock_guard lock(failureMutex_);
                framesFailure_ = *error;
            }
        });
    }
    if (targets.video > 0 && video_) {
        VideoExport* video = video_.get();
        const int copies = targets.video;
        writers_.front()->post([this, shared, video, copies] {
            for (int i = 0; i < copies && !videoFailed_; ++i)
                if (auto error = video->addFrame(*shared)) {
                    std::lock_guard lock(failureMutex_);
                    videoFailure_ = *error;
                    videoFailed_ = true;
                }
        });
    }
}

void Exporter::flushPending()
{
    if (capture_) {
        const Targets targets = pending_;
        pending_ = {};
        dispatch(capture_->finish(), targets);
    }
    for (auto& writer : writers_)
        writer->drain();
}

void Exporter::checkFailures()
{
    std::string frames, video;
    {
        std::lock_guard lock(failureMutex_);
        frames = framesFailure_;
        video = videoFailure_;
    }
    if (!frames.empty() && !framesFailed_) {
        framesFailed_ = true;
        status_.framesText = framesShown_ + ": stopped";
        note("--frames-dir: stopped writing frames: " + frames, true);
    }
    if (!video.empty() && video_)
        stopVideo(video);
}

void Exporter::toggleVideo(glm::ivec2 framebufferSize, double time)
{
    if (video_) {
        stopVideo({});
        return;
    }
    if (!ffmpeg_) {
        note(kVideoNeedsFfmpeg, true);
        return;
    }
    const ReservedFile file = reserveNewFile(".", timestampStemNow(), "mp4");
    if (!file.error.empty()) {
        note("Video not started: " + file.error, true);
        return;
    }
    auto video = std::make_unique<VideoExport>();
    if (auto error = video->start(*ffmpeg_, file.path, framebufferSize.x, framebufferSize.y,
                                  fps_)) {
        std::error_code ignored;
        std::filesystem::remove(file.path, ignored);
        note("Video not started: " + *error, true);
        return;
    }
    {
        std::lock_guard lock(failureMutex_);
        videoFailure_.clear();
    }
    videoFailed_ = false;
    videoFrames_ = 0;
    videoClock_.start(time);
    video_ = std::move(video);
    status_.videoRunning = true;
    status_.videoText = video_->output() + ": starting";
    note("Exporting video to " + absolutePath(video_->output()) + " (" +
             std::to_string(video_->width()) + " x " + std::to_string(video_->height()) +
             " pixels, " + std::to_string(fps_) + " fps: a frame every 1/" +
             std::to_string(fps_) + " s of simulated time)",
         false);
}

void Exporter::stopVideo(const std::string& failure)
{
    flushPending(); // the frame still in the capture, then everything queued
    std::string reason = failure;
    if (auto error = video_->finish(); error && (reason.empty() || error->find("exited") !=
                                                                      std::string::npos))
        reason = *error; // ffmpeg's own last words explain more than a broken pipe
    const std::string where = absolutePath(video_->output());
    const long long frames = video_->frames();
    const std::string counts = std::to_string(frames) + (frames == 1 ? " frame of " : " frames of ") +
                               std::to_string(video_->width()) + " x " +
                               std::to_string(video_->height()) + " pixels at " +
                               std::to_string(fps_) + " fps";
    char covered[64];
    std::snprintf(covered, sizeof covered, ", %.3f s of simulated time", videoClock_.covered());
    if (reason.empty()) {
        note("Video saved to " + where + " (" + counts + covered + ")", false);
    } else {
        std::error_code ignored;
        if (std::filesystem::file_size(where, ignored) == 0 && !ignored)
            std::filesystem::remove(where, ignored); // nothing was encoded
        note("Video export stopped after " + counts + ": " + reason, true);
    }
    video_.reset();
    status_.videoRunning = false;
    status_.videoText.clear();
}

bool Exporter::finish()
{
    flushPending();
    checkFailures();
    if (video_)
        stopVideo({});
    return !framesFailed_;
}

ExportStatus Exporter::status() const
{
    return status_;
}

} // namespace pbd::app
