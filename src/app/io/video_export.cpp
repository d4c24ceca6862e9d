#include "io/video_export.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace pbd::app {
namespace {

/// The last non-empty line of the file `fd` (at most its last 4 KiB), without the newline.
std::string lastLine(int fd)
{
    struct stat info {};
    if (fd < 0 || ::fstat(fd, &info) != 0 || info.st_size <= 0)
        return {};
    const off_t size = info.st_size;
    const off_t start = std::max<off_t>(0, size - 4096);
    std::string text(static_cast<std::size_t>(size - start), '\0');
    const ssize_t got = ::pread(fd, text.data(), text.size(), start);
    text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    const std::size_t newline = text.find_last_of("\r\n");
    return newline == std::string::npos ? text : text.substr(newline + 1);
}

void closeFd(int& fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

} // namespace

std::optional<std::string> findProgram(const std::string& program, const std::string& searchPath)
{
    if (program.empty() || searchPath.empty())
        return std::nullopt; // no PATH: no folders (not the working directory)
    std::size_t from = 0;
    while (from <= searchPath.size()) {
        std::size_t to = searchPath.find(':', from);
        if (to == std::string::npos)
            to = searchPath.size();
        const std::string folder = searchPath.substr(from, to - from);
        const std::string path = (folder.empty() ? std::string(".") : folder) + "/" + program;
        struct stat info {};
        if (::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
            ::access(path.c_str(), X_OK) == 0)
            return path;
        from = to + 1;
    }
    return std::nullopt;
}

std::optional<std::string> findOnPath(const std::string& program)
{
    const char* path = std::getenv("PATH");
    return findProgram(program, path != nullptr ? path : "");
}

std::vector<std::string> ffmpegArguments(int width, int height, int fps, const std::string& output)
{
    return {"-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgb24",
            "-s", std::to_string(width) + "x" + std::to_string(height),
            "-r", std::to_string(fps), "-i", "-",
            "-vf", "vflip", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
            "-g", std::to_string(fps),
            "-movflags", "+frag_keyframe+empty_moov+default_base_moof", "-flush_packets", "1",
            output};
}

VideoEncoder::~VideoEncoder()
{
    if (running())
        finish();
}

std::optional<std::string> VideoEncoder::start(const std::string& program,
                                               const std::vector<std::string>& arguments)
{
    if (running())
        return "an export is already running";
    const std::size_t slash = program.find_last_of('/');
    name_ = slash == std::string::npos ? program : program.substr(slash + 1);
    // The log: an unnamed temporary file (unlinked at once), so nothing is left behind and a
    // chatty encoder can never fill a pipe and stall.
    char logName[] = "/tmp/pbd-cloth-encoder-XXXXXX";
    log_ = ::mkstemp(logName);
    if (log_ < 0)
        return "cannot create a temporary file for " + name_ + "'s messages: " +
               std::strerror(errno);
    ::unlink(logName);
    int pipeEnds[2];
    if (::pipe(pipeEnds) != 0) {
        const std::string reason = std::strerror(errno);
        closeFd(log_);
        return "cannot make a pipe to " + name_ + ": " + reason;
    }
    // Close-on-exec: the encoder gets copies as 0, 1 and 2 only, so that it sees the end of
    // its input when we close ours.
    for (int fd : {pipeEnds[0], pipeEnds[1], log_})
        ::fcntl(fd, F_SETFD, FD_CLOEXEC);

    std::vector<std::string> args{program};
    args.insert(args.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, log_, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, log_, STDERR_FILENO);
    // The child starts with default SIGPIPE handling and no blocked signals, whatever the
    // calling thread blocks.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    pid_t pid = -1;
    const int error = ::posix_spawn(&pid, program.c_str(), &actions, &attributes, argv.data(),
                                    environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(pipeEnds[0]);
    if (error != 0) {
        ::close(pipeEnds[1]);
        closeFd(log_);
        return "cannot start " + program + ": " + std::strerror(error);
    }
    pid_ = pid;
    input_ = pipeEnds[1];
    return std::nullopt;
}

std::optional<std::string> VideoEncoder::write(const std::uint8_t* data, std::size_t size)
{
    if (input_ < 0)
        return name_ + " is not running";
    // Block SIGPIPE around the write: a write to a pipe whose reader quit fails with EPIPE
    // and raises SIGPIPE at this thread, which would otherwise end the app.
    sigset_t pipeSignal, previous;
    sigemptyset(&pipeSignal);
    sigaddset(&pipeSignal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous);
    std::optional<std::string> failure;
    while (size > 0) {
        const ssize_t written = ::write(input_, data, size);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            const int code = errno;
            if (code == EPIPE) {
                const timespec zero{0, 0};
                ::sigtimedwait(&pipeSignal, nullptr, &zero); // consume the pending SIGPIPE
            }
            failure = name_ + " stopped reading its input (" + std::strerror(code) + ")";
            break;
        }
        data += written;
        size -= static_cast<std::size_t>(written);
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return failure;
}

std::optional<std::string> VideoEncoder::finish()
{
    if (!running())
        return std::nullopt;
    closeFd(input_);
    int status = 0;
    pid_t waited;
    do
        waited = ::waitpid(pid_, &status, 0);
    while (waited < 0 && errno == EINTR);
    pid_ = -1;
    const std::string said = lastLine(log_);
    closeFd(log_);
    if (waited < 0)
        return "cannot wait for " + name_ + ": " + std::strerror(errno);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return std::nullopt;
    std::string reason = WIFEXITED(status)
                             ? name_ + " exited with status " + std::to_string(WEXITSTATUS(status))
                             : name_ + " was killed by signal " + std::to_string(WTERMSIG(status));
    if (!said.empty())
        reason += ": " + said;
    return reason;
}

std::optional<std::string> VideoExport::start(const std::string& program,
                                              const std::string& output, int width, int height,
                                              int fps)
{
    width_ = std::max(2, width - width % 2);
    height_ = std::max(2, height - height % 2);
    output_ = output;
    frames_ = 0;
    return encoder_.start(program, ffmpegArguments(width_, height_, std::max(1, fps), output));
}

std::optional<std::string> VideoExport::addFrame(const FrameImage& image)
{
    const std::size_t rowBytes = static_cast<std::size_t>(width_) * 3;
    const std::uint8_t* data = image.rgb.data();
    if (image.width != width_ || image.height != height_) {
        // Rows are bottom-up: the window's top row is the last one. Output row r shows the
        // row (height_ - 1 - r) below the top, which is image row image.height - height_ + r.
        scratch_.assign(rowBytes * static_cast<std::size_t>(height_), 0);
        const std::size_t copy = static_cast<std::size_t>(std::min(width_, image.width)) * 3;
        for (int r = 0; r < height_; ++r) {
            const int source = image.height - height_ + r;
            if (source < 0 || source >= image.height)
                continue;
            std::copy_n(image.rgb.data() + image.rowBytes() * static_cast<std::size_t>(source),
                        copy, scratch_.data() + rowBytes * static_cast<std::size_t>(r));
        }
        data = scratch_.data();
    }
    if (auto error = encoder_.write(data, rowBytes * static_cast<std::size_t>(height_)))
        return error;
    ++frames_;
    return std::nullopt;
}

std::optional<std::string> VideoExport::finish()
{
    return encoder_.finish();
}

} // namespace pbd::app
