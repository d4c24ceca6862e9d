#pragma once
/// \file
/// One background thread that encodes and writes exported frames (PNG files, the video pipe)
/// in order, so that the frame loop only reads the pixels back.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace pbd::app {

/// Runs posted jobs one after another, in the order posted, on its own thread. At most
/// `maxPending` jobs wait: post() blocks while the queue is full, so that a slow disk or
/// encoder slows the frame loop down instead of piling up frames in memory (no frame is
/// dropped). SIGPIPE is blocked on its thread.
class FrameWorker {
public:
    explicit FrameWorker(std::size_t maxPending = 3);
    /// Runs the jobs still queued, then joins the thread.
    ~FrameWorker();
    FrameWorker(const FrameWorker&) = delete;
    FrameWorker& operator=(const FrameWorker&) = delete;

    /// Queues `job`; waits while maxPending jobs are queued.
    void post(std::function<void()> job);
    /// Waits until every job posted so far has finished.
    void drain();

private:
    void loop();

    std::size_t maxPending_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::function<void()>> jobs_;
    bool running_ = false; ///< a job is being run
    bool stop_ = false;
    std::thread thread_;   ///< last: started once the members above exist
};

} // namespace pbd::app
