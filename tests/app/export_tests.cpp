// The exports without a window: F12 and the Export buttons as controller requests, the file
// names (timestamped, never overwriting, numbered frames), the --frames-dir check, the writer
// thread, and the video pipe driven through fake ffmpeg scripts.

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "logic/controller.h"
#include "io/export_files.h"
#include "io/frame_worker.h"
#include "io/video_export.h"

using namespace pbd;
using namespace pbd::app;
namespace fs = std::filesystem;

namespace {

/// A fresh empty folder under the system's temporary folder, removed at the end of a test.
struct ExportDir {
    fs::path path;
    ExportDir()
    {
        std::string pattern = (fs::temp_directory_path() / "pbd-export-test-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~ExportDir()
    {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

void writeFile(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// An executable shell script at `path`.
void writeScript(const std::string& path, const std::string& body)
{
    writeFile(path, "#!/bin/sh\n" + body);
    fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read);
}

/// A frame whose every byte says where it is: (row * 7 + byte in row + seed) mod 251.
FrameImage patterned(int width, int height, int seed)
{
    FrameImage image{width, height, {}};
    image.rgb.resize(image.rowBytes() * static_cast<std::size_t>(height));
    for (int r = 0; r < height; ++r)
        for (std::size_t b = 0; b < image.rowBytes(); ++b)
            image.rgb[static_cast<std::size_t>(r) * image.rowBytes() + b] =
                static_cast<std::uint8_t>((r * 7 + static_cast<int>(b) + seed) % 251);
    return image;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

} // namespace

TEST_CASE("F12 and the Save PNG button ask for one screenshot each, even while typing, the "
          "Export video button toggles the video, none of them touches the simulation",
          "[export][controller]")
{
    Simulation simulation{Settings{}};
    Controller controller(simulation, [] { return 0.0; });
    int commands = 0;
    controller.setCommandObserver([&](const Command&) { ++commands; });
    CHECK_FALSE(controller.takeExportRequests().screenshot);

    controller.key(Key::F12, false, {}, {});
    CHECK(controller.takeExportRequests().screenshot);
    CHECK_FALSE(controller.takeExportRequests().screenshot); // taken: cleared
    controller.key(Key::F12, true, {}, {});                   // auto-repeat takes none
    CHECK_FALSE(controller.takeExportRequests().screenshot);
    controller.key(Key::F12, false, {}, PanelFocus{false, true}); // typing in a field
    CHECK(controller.takeExportRequests().screenshot);

    PanelActions save;
    save.screenshot = true;
    controller.panel(save);
    const ExportRequests fromPanel = controller.takeExportRequests();
    CHECK(fromPanel.screenshot);
    CHECK_FALSE(fromPanel.toggleVideo);
    PanelActions video;
    video.toggleVideo = true;
    controller.panel(video);
    CHECK(controller.takeExportRequests().toggleVideo);
    CHECK_FALSE(controller.takeExportRequests().toggleVideo);
    CHECK(commands == 0);
    CHECK_FALSE(controller.paused());
}

TEST_CASE("the timestamped name is pbd-cloth-YYYYMMDD-HHMMSS of the local time",
          "[export]")
{
    std::tm when{};
    when.tm_year = 2026 - 1900;
    when.tm_mon = 10; // November
    when.tm_mday = 30;
    when.tm_hour = 5;
    when.tm_min = 15;
    when.tm_sec = 2;
    CHECK(timestampStem(when) == "pbd-cloth-20261130-051502");
    CHECK(timestampStemNow().rfind("pbd-cloth-20", 0) == 0);
    CHECK(timestampStemNow().size() == std::string("pbd-cloth-20261130-051502").size());
}

TEST_CASE("a new export never overwrites a file: the name takes -2, -3, ... and the old files "
          "keep their bytes", "[export]")
{
    ExportDir dir;
    const std::string stem = "pbd-cloth-20261130-051502";
    const ReservedFile first = reserveNewFile(dir.path.string(), stem, "png");
    REQUIRE(first.error.empty());
    CHECK(first.path == dir / (stem + ".png"));
    CHECK(fs::file_size(first.path) == 0);
    writeFile(first.path, "first");
    writeFile(dir / (stem + "-2.png"), "second");

    const ReservedFile third = reserveNewFile(dir.path.string(), stem, "png");
    REQUIRE(third.error.empty());
    CHECK(third.path == dir / (stem + "-3.png"));
    CHECK(readFile(dir / (stem + ".png")) == "first");
    CHECK(readFile(dir / (stem + "-2.png")) == "second");
    const ReservedFile fourth = reserveNewFile(dir.path.string(), stem, "png");
    CHECK(fourth.path == dir / (stem + "-4.png"));
    // Another extension is another name.
    CHECK(reserveNewFile(dir.path.string(), stem, "mp4").path == dir / (stem + ".mp4"));
}

TEST_CASE("a file that cannot be created is refused with the path and the reason",
          "[export]")
{
    ExportDir dir;
    const ReservedFile missing = reserveNewFile(dir / "no-such-folder", "shot", "png");
    CHECK(missing.path.empty());
    CHECK(missing.error == "cannot create " + (dir / "no-such-folder/shot.png") +
                               ": No such file or directory");
    writeFile(dir / "plain", "x");
    const ReservedFile underFile = reserveNewFile(dir / "plain", "shot", "png");
    CHECK(underFile.error == "cannot create " + (dir / "plain/shot.png") + ": Not a directory");
}

TEST_CASE("frame files are numbered from frame-000001.png with six digits or more", "[export]")
{
    CHECK(frameFileName(1) == "frame-000001.png");
    CHECK(frameFileName(42) == "frame-000042.png");
    CHECK(frameFileName(999999) == "frame-999999.png");
    CHECK(frameFileName(1234567) == "frame-1234567.png");
}

TEST_CASE("the folder of --frames-dir is created with its parents, a file or a path under a file "
          "is refused with the reason", "[export]")
{
    ExportDir dir;
    const std::string nested = dir / "a/b/frames";
    CHECK_FALSE(prepareOutputDirectory(nested));
    CHECK(fs::is_directory(nested));
    CHECK(fs::is_empty(nested)); // the probe file is gone
    CHECK_FALSE(prepareOutputDirectory(nested)); // an existing folder is fine

    writeFile(dir / "plain", "x");
    const auto file = prepareOutputDirectory(dir / "plain");
    REQUIRE(file);
    CHECK(*file == "it exists and is not a directory");
    const auto underFile = prepareOutputDirectory(dir / "plain/frames");
    REQUIRE(underFile);
    CHECK(underFile->find("Not a directory") != std::string::npos);
    CHECK(readFile(dir / "plain") == "x");
}

TEST_CASE("findProgram finds an executable file in the search path, in order, and nothing else",
          "[export][video]")
{
    ExportDir dir;
    fs::create_directories(dir / "one");
    fs::create_directories(dir / "two");
    writeFile(dir / "one/ffmpeg", "not executable");
    writeScript(dir / "two/ffmpeg", "exit 0\n");
    fs::create_directories(dir / "three/ffmpeg"); // a folder is no program
    CHECK(findProgram("ffmpeg", dir / "one" + ":" + dir / "two") == dir / "two/ffmpeg");
    CHECK_FALSE(findProgram("ffmpeg", dir / "one"));
    CHECK_FALSE(findProgram("ffmpeg", dir / "three"));
    CHECK_FALSE(findProgram("ffmpeg", ""));
    CHECK_FALSE(findProgram("", dir / "two"));
}

TEST_CASE("ffmpeg's arguments read raw rgb24 frames of the size from stdin and write H.264",
          "[export][video]")
{
    const std::vector<std::string> args = ffmpegArguments(1400, 960, 60, "out.mp4");
    const std::string joined = [&] {
        std::string s;
        for (const std::string& a : args)
            s += a + " ";
        return s;
    }();
    CHECK(joined.find("-f rawvideo -pix_fmt rgb24 -s 1400x960 -r 60 -i - ") != std::string::npos);
    CHECK(joined.find("-vf vflip -c:v libx264 ") != std::string::npos);
    CHECK(joined.find("-pix_fmt yuv420p") != std::string::npos);
    // Readable while written: fragmented, a keyframe (and so a fragment) every second.
    CHECK(joined.find("-g 60 -movflags +frag_keyframe+empty_moov+default_base_moof "
                      "-flush_packets 1 ") != std::string::npos);
    CHECK(args.back() == "out.mp4");
}

TEST_CASE("a frame is written under a hidden partial name and renamed once complete",
          "[export]")
{
    CHECK(partialFileName("frames/frame-000001.png") == "frames/.frame-000001.png.part");
    CHECK(partialFileName("/a/b/frame-000002.png") == "/a/b/.frame-000002.png.part");
    CHECK(partialFileName("frame-000003.png") == ".frame-000003.png.part");
    ExportDir dir;
    const std::string path = dir / "frame-000001.png";
    writeFile(partialFileName(path), "complete");
    CHECK_FALSE(publishFile(partialFileName(path), path));
    CHECK(readFile(path) == "complete");
    CHECK_FALSE(fs::exists(partialFileName(path)));
    // A rename that fails (the target is a folder with something in it) removes the partial.
    fs::create_directories(dir / "frame-000002.png/inside");
    const std::string busy = dir / "frame-000002.png";
    writeFile(partialFileName(busy), "x");
    const auto error = publishFile(partialFileName(busy), busy);
    REQUIRE(error);
    CHECK(error->find("cannot rename") == 0);
    CHECK_FALSE(fs::exists(partialFileName(busy)));
}

TEST_CASE("a video export pipes every frame's bytes to ffmpeg at an even size, cropping or "
          "padding frames of another size at the window's top-left corner", "[export][video]")
{
    ExportDir dir;
    const std::string fake = dir / "ffmpeg";
    // Records its arguments and everything it reads.
    writeScript(fake, "cd \"$(dirname \"$0\")\"\nprintf '%s\\n' \"$@\" > args.txt\n"
                      "cat > stdin.bin\n");
    VideoExport video;
    REQUIRE_FALSE(video.start(fake, dir / "out.mp4", 7, 5, 30)); // rounded down to 6 x 4
    CHECK(video.width() == 6);
    CHECK(video.height() == 4);
    const FrameImage exact = patterned(6, 4, 1);
    const FrameImage bigger = patterned(9, 7, 2);  // the window grew
    const FrameImage smaller = patterned(3, 2, 3); // the window shrank
    REQUIRE_FALSE(video.addFrame(exact));
    REQUIRE_FALSE(video.addFrame(bigger));
    REQUIRE_FALSE(video.addFrame(smaller));
    CHECK(video.frames() == 3);
    REQUIRE_FALSE(video.finish());

    const std::vector<std::string> args = lines(readFile(dir / "args.txt"));
    const std::vector<std::string> expected = ffmpegArguments(6, 4, 30, dir / "out.mp4");
    CHECK(args == expected);
    const std::string bytes = readFile(dir / "stdin.bin");
    const std::size_t frameBytes = 6 * 4 * 3;
    REQUIRE(bytes.size() == 3 * frameBytes);
    CHECK(bytes.compare(0, frameBytes, std::string(exact.rgb.begin(), exact.rgb.end())) == 0);
    // Rows are bottom-up, so the window's top rows are the last ones: output row r shows
    // image row (image height - 4 + r), its first 6 pixels; past the image, black.
    for (int r = 0; r < 4; ++r) {
        for (std::size_t b = 0; b < 18; ++b) {
            const auto got = [&](int frame) {
                return static_cast<std::uint8_t>(
                    bytes[static_cast<std::size_t>(frame) * frameBytes +
                          static_cast<std::size_t>(r) * 18 + b]);
            };
            const int bigRow = 7 - 4 + r;
            CHECK(got(1) == bigger.rgb[static_cast<std::size_t>(bigRow) * bigger.rowBytes() + b]);
            const int smallRow = 2 - 4 + r;
            const std::uint8_t small =
                smallRow >= 0 && b < smaller.rowBytes()
                    ? smaller.rgb[static_cast<std::size_t>(smallRow) * smaller.rowBytes() + b]
                    : 0;
            CHECK(got(2) == small);
        }
    }
}

TEST_CASE("ffmpeg quitting mid-way ends the export with its exit status and last words, "
          "without SIGPIPE ending the program", "[export][video]")
{
    ExportDir dir;
    const std::string fake = dir / "ffmpeg";
    writeScript(fake, "head -c 100 > /dev/null\n"
                      "echo 'Output file is empty, nothing was encoded' >&2\n"
                      "echo 'fake ffmpeg: No space left on device' >&2\nexit 3\n");
    VideoExport video;
    REQUIRE_FALSE(video.start(fake, dir / "out.mp4", 200, 200, 60));
    std::optional<std::string> failure;
    for (int i = 0; i < 50 && !failure; ++i) // 120 kB a frame: the pipe's buffer fills
        failure = video.addFrame(patterned(200, 200, i));
    REQUIRE(failure);
    CHECK(failure->find("ffmpeg stopped reading its input") != std::string::npos);
    const auto finished = video.finish();
    REQUIRE(finished);
    CHECK(*finished == "ffmpeg exited with status 3: fake ffmpeg: No space left on device");
    CHECK_FALSE(video.running());
    CHECK_FALSE(video.finish()); // finished once
}

TEST_CASE("a program that cannot start is refused with the reason", "[export][video]")
{
    ExportDir dir;
    VideoExport video;
    const auto error = video.start(dir / "missing-ffmpeg", dir / "out.mp4", 64, 48, 60);
    REQUIRE(error);
    CHECK(error->find("cannot start " + (dir / "missing-ffmpeg")) == 0);
    CHECK(error->find("No such file or directory") != std::string::npos);
    CHECK_FALSE(video.running());
    CHECK(std::string(kVideoNeedsFfmpeg) ==
          "Export video needs ffmpeg on the PATH (Debian: apt install ffmpeg)");
}

TEST_CASE("the writer thread runs jobs in order, holds at most its limit queued, and drain "
          "waits for all", "[export]")
{
    std::vector<int> done;
    std::atomic<bool> open{false};
    std::atomic<int> posted{0};
    {
        FrameWorker worker(2);
        worker.post([&] {
            while (!open) // the first job holds the thread until the test opens it
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            done.push_back(0);
        });
        std::thread poster([&] {
            for (int i = 1; i <= 4; ++i) {
                worker.post([&done, i] { done.push_back(i); });
                ++posted;
            }
        });
        // Two posts get in behind the held job, however slowly the poster thread is run (a
        // generous deadline: a loaded machine makes this wait longer, never the test red);
        // then a third post, were it not held, gets 100 ms to show itself.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (posted < 2 && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        REQUIRE(posted >= 2);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        CHECK(posted == 2); // two queued behind the held job; the third post waits
        open = true;
        poster.join();
        worker.drain();
        CHECK(done == std::vector<int>{0, 1, 2, 3, 4});
        worker.post([&done] { done.push_back(5); });
    } // the destructor runs what is left
    CHECK(done.size() == 6);
}
