#pragma once
/// \file
/// "Export video": the window's frames piped as raw RGB to ffmpeg, which encodes an H.264 MP4
/// that stays readable while it is written (fragmented).
/// No OpenGL here: frames arrive as FrameImage, so the unit tests drive it with a fake ffmpeg.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

#include "io/frame_image.h"

namespace pbd::app {

/// What the panel says when ffmpeg is not on the PATH.
inline constexpr const char* kVideoNeedsFfmpeg =
    "Export video needs ffmpeg on the PATH (Debian: apt install ffmpeg)";

/// The path of the executable `program` in the colon-separated list of folders `searchPath`
/// (as $PATH; an empty entry is the working directory), or nothing when none has it.
std::optional<std::string> findProgram(const std::string& program, const std::string& searchPath);
/// findProgram on this process's $PATH.
std::optional<std::string> findOnPath(const std::string& program);

/// ffmpeg's arguments (after the program name) for raw RGB frames (rgb24) of `width` x `height`
/// pixels with bottom-up rows (flipped back by the vflip filter) at `fps` frames per second
/// from stdin, encoded as H.264 (yuv420p, which players expect) into `output`; -y because
/// `output` is the empty file reserved for it. The MP4 is fragmented (-movflags
/// frag_keyframe+empty_moov+default_base_moof) with a keyframe every second (-g fps), and
/// each fragment reaches the file when it is complete (-flush_packets 1): the index comes
/// first and every second of video is whole where it stands, so an export killed midway (the
/// app and ffmpeg with it) plays up to its last whole second, where a plain MP4 would have no
/// index at all and play nothing. Still an .mp4 for every player.
std::vector<std::string> ffmpegArguments(int width, int height, int fps, const std::string& output);

/// An encoder process that reads our bytes on its stdin. Its stdout and stderr go to an
/// unnamed temporary file, whose last line explains a failure.
class VideoEncoder {
public:
    VideoEncoder() = default;
    /// Finishes a running encoder (waits for it).
    ~VideoEncoder();
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;

    /// Starts `program` (a path) with `arguments`. Returns the reason on failure.
    std::optional<std::string> start(const std::string& program,
                                     const std::vector<std::string>& arguments);
    /// Writes all `size` bytes to the encoder's stdin (blocking while its pipe is full).
    /// Returns the reason when it stopped reading (it quit: EPIPE). SIGPIPE is blocked during
    /// the write and a pending one is consumed, so that a dead encoder never ends the app.
    std::optional<std::string> write(const std::uint8_t* data, std::size_t size);
    /// Closes the encoder's stdin and waits for it to exit. Returns the reason when it failed
    /// ("ffmpeg exited with status 1: <its last line>").
    std::optional<std::string> finish();
    bool running() const { return pid_ > 0; }

private:
    pid_t pid_ = -1;
    int input_ = -1; ///< the write end of the encoder's stdin
    int log_ = -1;   ///< the temporary file with its stdout and stderr
    std::string name_ = "ffmpeg"; ///< the program's file name, for messages
};

/// One video export: frames of a size fixed at the start piped to ffmpeg. A frame of another
/// size (the window was resized) is cropped or padded with black to the export's size,
/// keeping the window's top-left corner in place.
class VideoExport {
public:
    /// Starts `program` (ffmpeg's path) writing `output` for frames of `width` x `height`
    /// pixels at `fps` frames per second. Width and height are rounded down to even numbers
    /// (4:2:0 chroma needs them); at least 2 x 2.
    std::optional<std::string> start(const std::string& program, const std::string& output,
                                     int width, int height, int fps);
    /// Sends one frame. Returns the reason when the encoder stopped reading.
    std::optional<std::string> addFrame(const FrameImage& image);
    /// Ends the export: closes the pipe and waits for ffmpeg to finish the file.
    std::optional<std::string> finish();

    bool running() const { return encoder_.running(); }
    long long frames() const { return frames_; } ///< frames sent so far
    int width() const { return width_; }         ///< pixels of every frame sent
    int height() const { return height_; }
    const std::string& output() const { return output_; }

private:
    VideoEncoder encoder_;
    std::vector<std::uint8_t> scratch_; ///< a frame of another size, cropped or padded
    std::string output_;
    int width_ = 0;
    int height_ = 0;
    long long frames_ = 0;
};

} // namespace pbd::app
