#include "io/autosave_files.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <signal.h>
#include <sys/stat.h>

namespace pbd::app {
namespace {

constexpr std::string_view kPrefix = "autosave-";
constexpr std::string_view kSuffix = ".json";
constexpr std::string_view kTemporary = ".tmp"; ///< saveStateFile's temporary file

} // namespace

std::optional<std::string> autosaveFolder(const EnvironmentLookup& environment)
{
    const char* state = environment("XDG_STATE_HOME");
    if (state != nullptr && state[0] == '/')
        return std::string(state) + "/pbd-cloth";
    const char* home = environment("HOME");
    if (home != nullptr && home[0] != '\0')
        return std::string(home) + "/.local/state/pbd-cloth";
    return std::nullopt;
}

std::string autosaveFileName(pid_t pid)
{
    return std::string(kPrefix) + std::to_string(pid) + std::string(kSuffix);
}

std::optional<pid_t> autosavePid(std::string_view fileName)
{
    if (fileName.size() <= kPrefix.size() + kSuffix.size() || !fileName.starts_with(kPrefix) ||
        !fileName.ends_with(kSuffix))
        return std::nullopt;
    const std::string_view digits =
        fileName.substr(kPrefix.size(), fileName.size() - kPrefix.size() - kSuffix.size());
    if (digits.front() < '1' || digits.front() > '9') // no sign, no leading zero
        return std::nullopt;
    pid_t pid = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (error != std::errc() || end != digits.data() + digits.size())
        return std::nullopt;
    return pid;
}

bool processRunning(pid_t pid)
{
    // EPERM: it exists but belongs to someone else, whose file it is then.
    if (pid <= 0 || (::kill(pid, 0) != 0 && errno != EPERM))
        return false;
    // A process killed and not yet waited for by its parent (a zombie: a kill -9 from a
    // script, or a launcher that reaps late) still answers kill(pid, 0), but runs no more:
    // its autosave is a left-over now, not seconds later. Its state is the field after the
    // command's closing parenthesis in /proc/PID/stat (without /proc: assumed running).
    char path[32];
    std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
    std::FILE* file = std::fopen(path, "r");
    if (file == nullptr)
        return errno != ENOENT || ::kill(pid, 0) == 0 || errno == EPERM;
    char line[512];
    const std::size_t got = std::fread(line, 1, sizeof line - 1, file);
    std::fclose(file);
    line[got] = '\0';
    const char* end = std::strrchr(line, ')');
    if (end == nullptr || end[1] != ' ')
        return true;
    const char state = end[2];
    return state != 'Z' && state != 'X';
}

std::vector<LeftOver> findLeftOvers(const std::string& folder, pid_t self,
                                    const std::function<bool(pid_t)>& running)
{
    namespace fs = std::filesystem;
    std::vector<LeftOver> found;
    std::vector<fs::path> staleTemporaries;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        const bool temporary = name.ends_with(kTemporary);
        const auto pid =
            autosavePid(temporary ? std::string_view(name).substr(0, name.size() - kTemporary.size())
                                  : std::string_view(name));
        if (!pid || *pid == self || running(*pid))
            continue;
        if (temporary) { // a write the kill interrupted: the file beside it is complete
            staleTemporaries.push_back(it->path());
            continue;
        }
        std::error_code ignored;
        if (!it->is_regular_file(ignored))
            continue;
        struct stat info {};
        if (::stat(it->path().c_str(), &info) != 0)
            continue;
        found.push_back({it->path().string(), *pid, info.st_mtime});
    }
    for (const fs::path& path : staleTemporaries) {
        std::error_code ignored;
        fs::remove(path, ignored);
    }
    std::sort(found.begin(), found.end(), [](const LeftOver& a, const LeftOver& b) {
        return a.modified != b.modified ? a.modified > b.modified : a.pid > b.pid;
    });
    return found;
}

std::string clockText(std::time_t when)
{
    std::tm local{};
    localtime_r(&when, &local);
    char text[16];
    std::snprintf(text, sizeof text, "%02d:%02d", local.tm_hour, local.tm_min);
    return text;
}

} // namespace pbd::app
