#include "io/export_files.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace pbd::app {

std::string timestampStem(const std::tm& when)
{
    char text[64];
    std::snprintf(text, sizeof text, "pbd-cloth-%04d%02d%02d-%02d%02d%02d", when.tm_year + 1900,
                  when.tm_mon + 1, when.tm_mday, when.tm_hour, when.tm_min, when.tm_sec);
    return text;
}

std::string timestampStemNow()
{
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    return timestampStem(local);
}

ReservedFile reserveNewFile(const std::string& directory, const std::string& stem,
                            const std::string& extension)
{
    const std::string prefix =
        directory.empty() || directory == "." ? std::string() : directory + "/";
    for (int suffix = 1; suffix <= kMaxSuffix; ++suffix) {
        std::string path = prefix;
        path += stem;
        if (suffix > 1) {
            path += '-';
            path += std::to_string(suffix);
        }
        path += '.';
        path += extension;
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd >= 0) {
            ::close(fd);
            return {path, {}};
        }
        if (errno != EEXIST)
            return {{}, "cannot create " + absolutePath(path) + ": " + std::strerror(errno)};
    }
    return {{}, "cannot create " + absolutePath(prefix + stem + "." + extension) + ": it and " +
                    std::to_string(kMaxSuffix - 1) + " numbered names after it exist"};
}

std::string frameFileName(long long number)
{
    char text[48];
    std::snprintf(text, sizeof text, "frame-%06lld.png", number);
    return text;
}

std::string partialFileName(const std::string& path)
{
    const std::size_t slash = path.find_last_of('/');
    const std::size_t name = slash == std::string::npos ? 0 : slash + 1;
    return path.substr(0, name) + "." + path.substr(name) + ".part";
}

std::optional<std::string> publishFile(const std::string& partial, const std::string& path)
{
    if (std::rename(partial.c_str(), path.c_str()) == 0)
        return std::nullopt;
    const std::string reason = std::strerror(errno);
    std::remove(partial.c_str());
    return "cannot rename " + partial + " to " + path + ": " + reason;
}

std::optional<std::string> prepareOutputDirectory(const std::string& directory)
{
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::file_status status = fs::status(directory, error);
    if (status.type() == fs::file_type::not_found) {
        fs::create_directories(directory, error);
        if (error)
            return "cannot create it: " + error.message();
    } else if (error) {
        return error.message();
    } else if (status.type() != fs::file_type::directory) {
        return "it exists and is not a directory";
    }
    // Permissions alone do not say it (a read-only file system, root, ACLs): try a file.
    std::string probe = directory + "/.pbd-cloth-probe-XXXXXX";
    const int fd = ::mkstemp(probe.data());
    if (fd < 0)
        return "cannot create a file in it: " + std::string(std::strerror(errno));
    ::close(fd);
    ::unlink(probe.c_str());
    return std::nullopt;
}

std::string absolutePath(const std::string& path)
{
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::absolute(path, error);
    return error ? path : absolute.lexically_normal().string();
}

} // namespace pbd::app
