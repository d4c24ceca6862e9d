#include "io/autosave_writer.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <system_error>
#include <utility>

#include "pbd/state_file.h"

namespace pbd::app {

AutosaveWriter::AutosaveWriter(std::string folder, const std::string& fileName)
    : folder_(std::move(folder)), path_(folder_ + "/" + fileName), thread_([this] { loop(); })
{
}

AutosaveWriter::~AutosaveWriter()
{
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

bool AutosaveWriter::submit(AnySimulationState state)
{
    {
        std::lock_guard lock(mutex_);
        if (busy_)
            return false;
        job_ = std::move(state);
        busy_ = true;
    }
    changed_.notify_all();
    return true;
}

void AutosaveWriter::wait()
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !busy_; });
}

std::optional<std::string> AutosaveWriter::takeFailure()
{
    std::lock_guard lock(mutex_);
    if (!failure_ || failureTold_)
        return std::nullopt;
    failureTold_ = true;
    return failure_;
}

std::optional<std::string> AutosaveWriter::lastFailure() const
{
    std::lock_guard lock(mutex_);
    return failure_;
}

bool AutosaveWriter::busy() const
{
    std::lock_guard lock(mutex_);
    return busy_;
}

std::optional<std::string> AutosaveWriter::adopt(const std::string& from)
{
    wait();
    if (std::rename(from.c_str(), path_.c_str()) != 0)
        return "cannot move " + from + " to " + path_ + ": " +
               std::generic_category().message(errno);
    std::lock_guard lock(mutex_);
    exists_ = true;
    return std::nullopt;
}

std::optional<std::string> AutosaveWriter::remove()
{
    wait();
    std::error_code error;
    std::filesystem::remove(path_, error);
    std::lock_guard lock(mutex_);
    exists_ = false;
    if (error)
        return "cannot remove " + path_ + ": " + error.message();
    return std::nullopt;
}

bool AutosaveWriter::exists() const
{
    std::lock_guard lock(mutex_);
    return exists_;
}

AutosaveWriteTimes AutosaveWriter::times() const
{
    std::lock_guard lock(mutex_);
    return times_;
}

void AutosaveWriter::loop()
{
    std::unique_lock lock(mutex_);
    while (true) {
        changed_.wait(lock, [this] { return stop_ || job_.has_value(); });
        if (!job_) // stopping with nothing handed over
            return;
        const AnySimulationState state = std::move(*job_);
        job_.reset();
        lock.unlock();
        const auto start = std::chrono::steady_clock::now();
        std::optional<std::string> failure = write(state);
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        lock.lock();
        times_.milliseconds += ms;
        times_.maxMilliseconds = std::max(times_.maxMilliseconds, ms);
        if (failure) {
            ++times_.failures;
            failure_ = std::move(failure);
        } else {
            ++times_.writes;
            exists_ = true;
            failure_.reset();
            failureTold_ = false; // the next failure is news again
        }
        busy_ = false;
        changed_.notify_all();
    }
}

std::optional<std::string> AutosaveWriter::write(const AnySimulationState& state)
{
    // Made on the first write, not at launch, so that a run that changes nothing leaves no
    // folder either; owner-only, as the XDG Base Directory specification asks of it.
    std::error_code error;
    if (!std::filesystem::is_directory(folder_, error)) {
        if (std::filesystem::create_directories(folder_, error))
            std::filesystem::permissions(folder_, std::filesystem::perms::owner_all, error);
        if (error)
            return "cannot create the folder " + folder_ + ": " + error.message();
    }
    return std::visit([this](const auto& s) { return saveStateFile(s, path_); }, state);
}

} // namespace pbd::app
