#include "io/frame_worker.h"

#include <csignal>
#include <utility>

#include <pthread.h>

namespace pbd::app {

FrameWorker::FrameWorker(std::size_t maxPending)
    : maxPending_(maxPending == 0 ? 1 : maxPending), thread_([this] { loop(); })
{
}

FrameWorker::~FrameWorker()
{
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void FrameWorker::post(std::function<void()> job)
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return jobs_.size() < maxPending_; });
    jobs_.push_back(std::move(job));
    lock.unlock();
    changed_.notify_all();
}

void FrameWorker::drain()
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return jobs_.empty() && !running_; });
}

void FrameWorker::loop()
{
    // A video encoder that quits makes our write to its pipe fail with EPIPE; the signal that
    // comes with it must not end the app (it is consumed where the write happens).
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    std::unique_lock lock(mutex_);
    while (true) {
        changed_.wait(lock, [this] { return stop_ || !jobs_.empty(); });
        if (jobs_.empty())
            return; // stopping, nothing left
        std::function<void()> job = std::move(jobs_.front());
        jobs_.pop_front();
        running_ = true;
        lock.unlock();
        changed_.notify_all(); // room in the queue
        job();
        lock.lock();
        running_ = false;
        changed_.notify_all(); // drain() may be waiting
    }
}

} // namespace pbd::app
